import http from 'node:http';
import { describe, expect, inject, it } from 'vitest';

/**
 * A client pool or load balancer keeps an idle connection for its own time (often 60 s) and
 * reuses it; a server that closed it sooner makes that request fail with "socket closed".
 * Node's http Agent without a timeout of its own ignores the server's Keep-Alive hint, like
 * such peers, so it shows whether the api keeps the connection open.
 */
describe('HTTP keep-alive', () => {
  function get(
    agent: http.Agent,
    url: URL,
  ): Promise<{ status: number; keepAlive: string | undefined; reused: boolean; body: string }> {
    return new Promise((resolve, reject) => {
      const req = http.get(url, { agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            keepAlive: String(res.headers['keep-alive']),
            reused: req.reusedSocket,
            body,
          }),
        );
      });
      req.on('error', reject);
    });
  }

  it('reuses a connection that sat idle longer than Node’s default keep-alive timeout', async () => {
    const url = new URL(`${inject('stack').apiBaseUrl}/openapi.json`);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(agent, url);
      expect(first.status).toBe(200);
      expect(first.keepAlive).toBe('timeout=65');
      // Node's default closes after 5 s (+1 s of grace): idle past both.
      await new Promise((r) => setTimeout(r, 7000));
      const second = await get(agent, url);
      expect(second.status).toBe(200);
      expect(second.reused).toBe(true);
    } finally {
      agent.destroy();
    }
  });
});
