import { describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from './log-redaction';

describe('request log redaction', () => {
  it('hides the signature and expiry of a signed asset URL and keeps the rest', () => {
    const url = '/api/v1/assets/7a1c/content?expires=1790000000&signature=ab12cd&download=1';
    expect(redactUrl(url)).toBe(
      `/api/v1/assets/7a1c/content?expires=${REDACTED}&signature=${REDACTED}&download=1`,
    );
  });

  it('hides a sign-in token, whatever its position and case', () => {
    expect(redactUrl('/dashboard/login?Token=abc&x=1')).toBe(`/dashboard/login?Token=${REDACTED}&x=1`);
    expect(redactUrl('/a?x=1&token=abc#frag')).toBe(`/a?x=1&token=${REDACTED}#frag`);
  });

  it('leaves URLs without secrets alone', () => {
    expect(redactUrl('/api/v1/videos?limit=20&cursor=abc')).toBe('/api/v1/videos?limit=20&cursor=abc');
    expect(redactUrl(undefined)).toBeUndefined();
  });
});
