import { describe, expect, it } from 'vitest';
import { ALL_SCOPES, isScope, SCOPE_FAMILIES, scopeGranted } from './scopes';

describe('scope table', () => {
  it('holds read, write and * for each family of the interface table plus credits', () => {
    expect(SCOPE_FAMILIES).toEqual(['videos', 'assets', 'callbacks', 'credits']);
    expect([...ALL_SCOPES].sort()).toEqual(
      SCOPE_FAMILIES.flatMap((f) => [`${f}:*`, `${f}:read`, `${f}:write`]).sort(),
    );
  });

  it.each(['callbacks:read', 'videos:*', 'credits:write'])('accepts %s', (s) => {
    expect(isScope(s)).toBe(true);
  });

  it.each(['callbacks', 'callbacks:delete', 'CALLBACKS:read', '*', '*:*', 'webhooks:read', 'videos:read '])(
    'rejects %j',
    (s) => {
      expect(isScope(s)).toBe(false);
    },
  );
});

describe('scopeGranted', () => {
  it('grants the exact scope', () => {
    expect(scopeGranted(['callbacks:read'], 'callbacks:read')).toBe(true);
    expect(scopeGranted(['callbacks:write'], 'callbacks:write')).toBe(true);
  });

  it('grants every scope of a family to its wildcard', () => {
    for (const family of SCOPE_FAMILIES) {
      for (const action of ['read', 'write', '*'] as const) {
        expect(scopeGranted([`${family}:*`], `${family}:${action}`)).toBe(true);
      }
    }
  });

  it('does not let read imply write or write imply read', () => {
    expect(scopeGranted(['callbacks:read'], 'callbacks:write')).toBe(false);
    expect(scopeGranted(['callbacks:write'], 'callbacks:read')).toBe(false);
  });

  it('does not let a wildcard cross families', () => {
    expect(scopeGranted(['videos:*', 'assets:*', 'credits:*'], 'callbacks:read')).toBe(false);
    expect(scopeGranted(['callbacks:*'], 'videos:write')).toBe(false);
  });

  it('does not treat an exact scope as a wildcard', () => {
    expect(scopeGranted(['callbacks:read', 'callbacks:write'], 'callbacks:*')).toBe(false);
  });

  it('grants nothing to an empty or unrelated list', () => {
    expect(scopeGranted([], 'videos:read')).toBe(false);
    expect(scopeGranted(['*', '*:*', 'videos'], 'videos:read')).toBe(false);
  });
});
