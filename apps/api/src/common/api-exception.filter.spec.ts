import { BadRequestException, Logger, NotFoundException } from '@nestjs/common';
import {
  ConflictError,
  DatabaseError,
  ForbiddenError,
  InsufficientCreditsError,
  RateLimitedError,
  ValidationError,
} from '@vidgen/core';
import type { Request, Response } from 'express';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderError } from './api-exception.filter';

interface FakeResponse {
  statusCode: number | undefined;
  headers: Record<string, string>;
  body: unknown;
  headersSent: boolean;
  writableEnded: boolean;
  destroyed: boolean;
}

function fakeExchange(
  init: { requestId?: string; method?: string; url?: string; headersSent?: boolean; ended?: boolean } = {},
) {
  const req = {
    requestId: init.requestId,
    method: init.method ?? 'GET',
    originalUrl: init.url ?? '/api/v1/callbacks',
  } as unknown as Request;
  const state: FakeResponse = {
    statusCode: undefined,
    headers: {},
    body: undefined,
    headersSent: init.headersSent ?? false,
    writableEnded: init.ended ?? false,
    destroyed: false,
  };
  const res = {
    get headersSent() {
      return state.headersSent;
    },
    get writableEnded() {
      return state.writableEnded;
    },
    destroy() {
      state.destroyed = true;
      return res;
    },
    setHeader(name: string, value: string) {
      // Like Node's http.ServerResponse.
      if (state.headersSent) {
        throw Object.assign(new Error('Cannot set headers after they are sent to the client'), {
          code: 'ERR_HTTP_HEADERS_SENT',
        });
      }
      state.headers[name.toLowerCase()] = value;
      return res;
    },
    status(code: number) {
      state.statusCode = code;
      return res;
    },
    json(body: unknown) {
      // What reaches the wire is the JSON text; round-trip it so nothing non-serialisable hides.
      state.body = JSON.parse(JSON.stringify(body));
      state.headersSent = true;
      return res;
    },
  } as unknown as Response;
  return { req, res, state };
}

function render(err: unknown, init?: Parameters<typeof fakeExchange>[0]) {
  const { req, res, state } = fakeExchange({ requestId: 'req-1', ...init });
  renderError(err, req, res);
  return state;
}

describe('renderError', () => {
  beforeEach(() => {
    // Unknown errors are logged with their internals; keep the test output quiet.
    vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('renders an unknown error as 500 INTERNAL_ERROR without its message, stack or properties', () => {
    const err = Object.assign(new Error('connect to /var/run/secret.sock failed: password=hunter2'), {
      code: 'ESECRET',
      path: '/srv/vidgen/secret',
    });
    const out = render(err);
    expect(out.statusCode).toBe(500);
    expect(out.body).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'Internal server error', request_id: 'req-1' },
    });
    const text = JSON.stringify(out.body);
    for (const leak of ['hunter2', 'secret', 'ESECRET', 'at ', 'Error:']) expect(text).not.toContain(leak);
  });

  it('renders a thrown non-Error value as INTERNAL_ERROR too', () => {
    for (const thrown of [
      'a string with internals',
      42,
      null,
      undefined,
      { sql: 'select * from api_keys' },
    ]) {
      const out = render(thrown);
      expect(out.statusCode).toBe(500);
      expect(out.body).toEqual({
        error: { code: 'INTERNAL_ERROR', message: 'Internal server error', request_id: 'req-1' },
      });
    }
  });

  it('renders a PostgreSQL error as 500 DATABASE_ERROR without the SQL or the server message', () => {
    const pgError = Object.assign(new Error('relation "api_keys" does not exist'), {
      code: '42P01',
      severity: 'ERROR',
    });
    const out = render(pgError);
    expect(out.statusCode).toBe(500);
    expect(out.body).toEqual({
      error: { code: 'DATABASE_ERROR', message: 'A database operation failed', request_id: 'req-1' },
    });
  });

  it('renders a refused connection as DATABASE_ERROR', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    expect((render(refused).body as { error: { code: string } }).error.code).toBe('DATABASE_ERROR');
    expect(render(new DatabaseError()).statusCode).toBe(500);
  });

  it('renders domain errors with their own status, code and message', () => {
    expect(render(new ConflictError('A webhook for video.failed at this url already exists'))).toMatchObject({
      statusCode: 409,
      body: {
        error: {
          code: 'CONFLICT',
          message: 'A webhook for video.failed at this url already exists',
          request_id: 'req-1',
        },
      },
    });
    expect(render(new ForbiddenError('callbacks:write'))).toMatchObject({
      statusCode: 403,
      body: { error: { code: 'FORBIDDEN' } },
    });
    const credits = render(new InsufficientCreditsError(7, 2));
    expect(credits.statusCode).toBe(402);
    expect((credits.body as { error: { message: string } }).error.message).toMatch(/7 required, 2 available/);
  });

  it('adds details only to validation errors', () => {
    const out = render(new ValidationError([{ loc: ['body', 'url'], msg: 'url is required' }]));
    expect(out.statusCode).toBe(422);
    expect(out.body).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Request validation failed',
        request_id: 'req-1',
        details: [{ loc: ['body', 'url'], msg: 'url is required' }],
      },
    });
    expect(Object.keys((render(new ConflictError('x')).body as { error: object }).error).sort()).toEqual([
      'code',
      'message',
      'request_id',
    ]);
  });

  it('renders the rate limiter with the simple body and Retry-After', () => {
    const out = render(new RateLimitedError('Rate limit exceeded: 10 per 1 day', 12.2));
    expect(out.statusCode).toBe(429);
    expect(out.body).toEqual({ error: 'Rate limit exceeded: 10 per 1 day' });
    expect(out.headers['retry-after']).toBe('13');
  });

  it('never sends a Retry-After below one second', () => {
    expect(
      render(new RateLimitedError('Rate limit exceeded: 600 per 1 minute', 0)).headers['retry-after'],
    ).toBe('1');
  });

  it('renders a body-parser failure as 400 BAD_REQUEST', () => {
    const parse = Object.assign(new SyntaxError('Unexpected token } in JSON at position 7'), {
      type: 'entity.parse.failed',
      status: 400,
    });
    expect(render(parse)).toMatchObject({
      statusCode: 400,
      body: { error: { code: 'BAD_REQUEST', message: 'Malformed JSON in request body' } },
    });
  });

  it('renders Nest 404s as NOT_FOUND naming the route without its query string', () => {
    const out = render(new NotFoundException('Cannot GET /api/v1/nope?key=secret'), {
      method: 'GET',
      url: '/api/v1/nope?key=secret',
    });
    expect(out.statusCode).toBe(404);
    expect(out.body).toEqual({
      error: { code: 'NOT_FOUND', message: 'Route not found: GET /api/v1/nope', request_id: 'req-1' },
    });
  });

  it('maps other Nest HTTP exceptions by status', () => {
    expect(render(new BadRequestException('bad'))).toMatchObject({
      statusCode: 400,
      body: { error: { code: 'BAD_REQUEST', message: 'bad' } },
    });
  });

  it('always sends the request id as a header and generates one when the request has none', () => {
    expect(render(new ConflictError('x')).headers['x-request-id']).toBe('req-1');
    const out = render(new Error('boom'), { requestId: undefined });
    const id = out.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect((out.body as { error: { request_id: string } }).error.request_id).toBe(id);
  });

  it('writes nothing and cuts the connection when a response has already started', () => {
    const out = render(new Error('late failure'), { headersSent: true });
    expect(out.statusCode).toBeUndefined();
    expect(out.body).toBeUndefined();
    expect(out.headers).toEqual({});
    expect(out.destroyed).toBe(true);
  });

  it('leaves a response that has already ended alone', () => {
    const out = render(new Error('after the end'), { headersSent: true, ended: true });
    expect(out.body).toBeUndefined();
    expect(out.destroyed).toBe(false);
  });
});
