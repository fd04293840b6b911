import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { Logger as NestLogger } from '@nestjs/common';
import express from 'express';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { REDACTED } from './log-redaction';
import { requestIdMiddleware } from './request-id';
import { NestPinoLogger, requestLogMiddleware } from './request-log';

/** A pino logger whose lines land in `lines`, parsed. */
function capture(level = 'info') {
  const lines: Record<string, any>[] = [];
  const out = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  return { lines, logger: pino({ level, base: { process: 'api' } }, out) };
}

describe('request lines', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  async function serve(logger: pino.Logger): Promise<string> {
    const app = express();
    app.use(requestIdMiddleware);
    app.use(requestLogMiddleware(logger));
    app.get('/api/v1/health', (_req, res) => {
      res.json({ ok: true });
    });
    app.get('/api/v1/assets/:id/content', (_req, res) => {
      res.status(200).send('bytes');
    });
    app.get('/api/v1/boom', (_req, res) => {
      res.status(503).json({ error: 'down' });
    });
    app.get('/api/v1/hang', (_req, res) => {
      res.write('partial');
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    close = () => {
      server.closeAllConnections();
      return new Promise((r) => server.close(() => r()));
    };
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  const settle = () => new Promise((r) => setTimeout(r, 50));

  it('one line per request: its id, method, redacted URL, status and time; no header, so no secret', async () => {
    const { lines, logger } = capture();
    const base = await serve(logger);
    const res = await fetch(`${base}/api/v1/assets/a1/content?expires=17&signature=s3cret&download=1`, {
      headers: {
        'X-Api-Key': 'vg_live_secretkey',
        Cookie: 'vidgen_session=sessionsecret',
        'X-Request-Id': 'r-1',
      },
    });
    expect(res.status).toBe(200);
    await settle();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      process: 'api',
      msg: 'request completed',
      req: {
        id: 'r-1',
        method: 'GET',
        url: `/api/v1/assets/a1/content?expires=${REDACTED}&signature=${REDACTED}&download=1`,
      },
      res: { statusCode: 200 },
    });
    expect(typeof lines[0]!.responseTime).toBe('number');
    const text = JSON.stringify(lines);
    for (const secret of ['vg_live_secretkey', 'sessionsecret', 's3cret']) expect(text).not.toContain(secret);
  });

  it('a 5xx is an error line, an answer cut off a warning; health checks write none', async () => {
    const { lines, logger } = capture();
    const base = await serve(logger);
    await fetch(`${base}/api/v1/health`);
    expect((await fetch(`${base}/api/v1/boom`)).status).toBe(503);
    const aborted = new AbortController();
    const hanging = await fetch(`${base}/api/v1/hang`, { signal: aborted.signal });
    aborted.abort();
    await hanging.text().catch(() => undefined);
    for (let i = 0; i < 40 && lines.length < 2; i++) await settle();
    expect(lines.map((l) => [l.level, l.msg, l.req.url, l.res.statusCode])).toEqual([
      [50, 'request errored', '/api/v1/boom', 503],
      [40, 'request aborted', '/api/v1/hang', 200],
    ]);
  });

  it('writes nothing below its level', async () => {
    const { lines, logger } = capture('warn');
    const base = await serve(logger);
    await fetch(`${base}/api/v1/assets/a1/content`);
    await settle();
    expect(lines).toEqual([]);
  });
});

describe("Nest's logger on pino", () => {
  it('logs a message with its context, fields with a message, an Error as err', () => {
    const { lines, logger } = capture('debug');
    const nest = new NestPinoLogger(logger);
    nest.log('Nest application successfully started', 'NestApplication');
    nest.error({ err: new Error('gone'), requestId: 'r-9' }, 'database failure', 'Errors');
    nest.warn(new Error('careful'), 'Videos');
    nest.verbose('not shown at debug', 'X');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({
      level: 30,
      context: 'NestApplication',
      msg: 'Nest application successfully started',
    });
    expect(lines[1]).toMatchObject({
      level: 50,
      context: 'Errors',
      requestId: 'r-9',
      msg: 'database failure',
    });
    expect(lines[1]!.err.message).toBe('gone');
    expect(lines[2]).toMatchObject({ level: 40, context: 'Videos' });
    expect(lines[2]!.err.message).toBe('careful');
  });

  it("takes Nest's own (message, stack, context) for an error", () => {
    const { lines, logger } = capture();
    new NestPinoLogger(logger).error('boom', 'Error: boom\n    at somewhere (x.js:1:1)', 'ExceptionsHandler');
    expect(lines[0]).toMatchObject({ level: 50, context: 'ExceptionsHandler' });
    expect(lines[0]!.err.stack).toContain('at somewhere');
  });

  it('serves a Nest Logger with a context', () => {
    const { lines, logger } = capture();
    NestLogger.overrideLogger(new NestPinoLogger(logger));
    new NestLogger('VideoService').log({ videoId: 'v1' }, 'made');
    NestLogger.overrideLogger(false);
    expect(lines[0]).toMatchObject({ context: 'VideoService', videoId: 'v1', msg: 'made' });
  });
});
