import { describe, expect, it } from 'vitest';
import {
  csrfTokenFor,
  csrfTokenMatches,
  hashToken,
  looksLikeSecretToken,
  newSecretToken,
} from './dashboard-session';

describe('dashboard session tokens', () => {
  it('are 32 random bytes in base64url, different every time, stored only as a SHA-256', () => {
    const a = newSecretToken();
    const b = newSecretToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(a).not.toBe(b);
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(a)).not.toContain(a);
    expect(looksLikeSecretToken(a)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['short', 'a'.repeat(42)],
    ['long', 'a'.repeat(44)],
    ['an API key', `vg_${'a'.repeat(43)}`],
    ['padding', `${'a'.repeat(42)}=`],
  ])('rejects a %s token before any lookup', (_label, value) => {
    expect(looksLikeSecretToken(value)).toBe(false);
  });
});

describe('CSRF token', () => {
  it('is bound to the session: the same for one session, different for another', () => {
    const session = newSecretToken();
    expect(csrfTokenFor(session)).toBe(csrfTokenFor(session));
    expect(csrfTokenFor(newSecretToken())).not.toBe(csrfTokenFor(session));
    expect(csrfTokenFor(session)).not.toContain(session);
  });

  it("matches only its own session's token", () => {
    const session = newSecretToken();
    expect(csrfTokenMatches(session, csrfTokenFor(session))).toBe(true);
    expect(csrfTokenMatches(session, undefined)).toBe(false);
    expect(csrfTokenMatches(session, '')).toBe(false);
    expect(csrfTokenMatches(session, csrfTokenFor(newSecretToken()))).toBe(false);
    expect(csrfTokenMatches(session, `${csrfTokenFor(session)}x`)).toBe(false);
    expect(csrfTokenMatches(session, session)).toBe(false);
  });
});
