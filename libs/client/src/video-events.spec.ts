import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from './client';
import { VideoEventsError, videoEvents } from './video-events';

const ID = '00000000-0000-4000-8000-000000000001';
let server: http.Server | undefined;

/** A server answering each connection to the stream with the next handler. */
async function serve(...answers: ((req: http.IncomingMessage, res: http.ServerResponse) => void)[]) {
  const seen: http.IncomingHttpHeaders[] = [];
  server = http.createServer((req, res) => {
    seen.push(req.headers);
    answers[seen.length - 1]!(req, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const client = createClient({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiKey: 'k',
  });
  return { client, seen };
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

const stream = (res: http.ServerResponse) => res.writeHead(200, { 'Content-Type': 'text/event-stream' });

describe('videoEvents', () => {
  it('resumes a dropped stream with Last-Event-ID and ends after the terminal event', async () => {
    const { client, seen } = await serve(
      (_req, res) => {
        stream(res);
        res.write('retry: 10\n\n: heartbeat\n\n');
        res.write('id: 10000\nevent: created\ndata: {"seq":1}\n\n');
        // A message split across writes, then the connection dropped mid-stream.
        res.write('id: 10001\nevent: progress\nda');
        res.write('ta: {"percent":4}\n\nid: 10002\nevent: progr');
        setTimeout(() => res.socket?.destroy(), 20);
      },
      (_req, res) => {
        stream(res);
        res.end('id: 20000\nevent: completed\ndata: {"seq":2}\n\n');
      },
    );
    const got = [];
    for await (const m of videoEvents(client, ID)) got.push(m);
    expect(got.map((m) => [m.id, m.event, m.data])).toEqual([
      ['10000', 'created', { seq: 1 }],
      ['10001', 'progress', { percent: 4 }],
      ['20000', 'completed', { seq: 2 }],
    ]);
    expect(seen.map((h) => [h.accept, h['last-event-id'], h['x-api-key']])).toEqual([
      ['text/event-stream', undefined, 'k'],
      ['text/event-stream', '10001', 'k'],
    ]);
  });

  it('throws at once on an answer that is not a stream', async () => {
    const { client, seen } = await serve((_req, res) => {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end('{"error":{"code":"NOT_FOUND","message":"Video not found","request_id":"r"}}');
    });
    const iterate = async () => {
      for await (const _ of videoEvents(client, ID)) expect.unreachable();
    };
    const err = await iterate().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VideoEventsError);
    expect(err).toMatchObject({ status: 404, message: expect.stringContaining('NOT_FOUND') });
    // Not retried: a refusal does not get better by asking again.
    expect(seen.length).toBe(1);
  });
});
