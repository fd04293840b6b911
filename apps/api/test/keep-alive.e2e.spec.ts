import http from 'node:http';
import { describe, expect, inject, it } from 'vitest';

function get(
  agent: http.Agent,
  url: string,
): Promise<{ status: number; keepAlive: string | undefined; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          keepAlive: String(res.headers['keep-alive']),
          reused: req.reusedSocket,
        }),
      );
    });
    req.on('error', reject);
  });
}

describe('keep-alive connections', () => {
  it('stay open while idle longer than common client pools wait (65 s), so reusing one never meets a closed socket', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const url = `${inject('stack').apiBaseUrl}/health/live`;
    try {
      const first = await get(agent, url);
      expect(first.status).toBe(200);
      expect(first.keepAlive).toBe('timeout=65');
      // Past Node's default 5 s: the server would have closed the socket by now.
      await new Promise((r) => setTimeout(r, 6000));
      const second = await get(agent, url);
      expect(second).toMatchObject({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });
});
