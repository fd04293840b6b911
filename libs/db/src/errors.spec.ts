import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, isDatabaseFailure, isDatabaseUnavailable, isServerError } from './errors';

describe('isDatabaseFailure', () => {
  it('recognises the errors pg raises when it gives up waiting on the server', () => {
    for (const message of [
      'Query read timeout',
      'timeout exceeded when trying to connect',
      'Connection terminated due to connection timeout',
      'Connection terminated unexpectedly',
      'Client has encountered a connection error and is not queryable',
    ]) {
      expect(isDatabaseFailure(new Error(message)), message).toBe(true);
    }
  });

  it('recognises a discarded connection, also when another layer wrapped it', () => {
    const unavailable = new DatabaseUnavailableError('PostgreSQL did not answer within 5000 ms');
    expect(isDatabaseFailure(unavailable)).toBe(true);
    expect(isDatabaseFailure(new Error('loading the video failed', { cause: unavailable }))).toBe(true);
  });

  it('leaves errors that have nothing to do with the database alone', () => {
    expect(isDatabaseFailure(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseFailure(new Error('fetch failed', { cause: new Error('socket hang up') }))).toBe(false);
  });
});

describe('isServerError', () => {
  it('is true for a statement the server refused and false once the session is over', () => {
    expect(
      isServerError(Object.assign(new Error('canceling statement'), { severity: 'ERROR', code: '57014' })),
    ).toBe(true);
    expect(
      isServerError(Object.assign(new Error('terminating connection'), { severity: 'FATAL', code: '25P03' })),
    ).toBe(false);
    expect(isServerError(new Error('Query read timeout'))).toBe(false);
  });
});

describe('isDatabaseUnavailable', () => {
  it('is the outage error, also wrapped as a cause, and not an error the server reported', () => {
    const down = new DatabaseUnavailableError('PostgreSQL did not answer within 5000 ms');
    expect(isDatabaseUnavailable(down)).toBe(true);
    expect(isDatabaseUnavailable(new Error('reading the video failed', { cause: down }))).toBe(true);
    const constraint = Object.assign(new Error('duplicate key value'), { code: '23505', severity: 'ERROR' });
    expect(isDatabaseUnavailable(constraint)).toBe(false);
    expect(isDatabaseUnavailable('down')).toBe(false);
  });
});
