import { afterEach, describe, expect, it } from 'vitest';
import { videosFailed } from './metrics';
import { type MetricsServer, startMetricsServer } from './metrics-server';

describe('metrics server', () => {
  let server: MetricsServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const local = (s: MetricsServer) => s.url.replace('0.0.0.0', '127.0.0.1');

  it('serves the registry as Prometheus text at /metrics, every failure code from 0', async () => {
    server = await startMetricsServer({ port: 0, host: '127.0.0.1' });
    videosFailed.inc({ code: 'RENDER_TIMEOUT' });
    const res = await fetch(local(server));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('# TYPE vidgen_videos_failed_total counter');
    expect(text).toMatch(/^vidgen_videos_failed_total\{code="RENDER_TIMEOUT"\} [1-9]/m);
    expect(text).toMatch(/^vidgen_videos_failed_total\{code="AUDIO_GENERATION_ERROR"\} 0$/m);
    expect(text).toMatch(/^vidgen_credits_total\{kind="refunded"\} 0$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it('answers 404 for anything but GET /metrics', async () => {
    server = await startMetricsServer({ port: 0, host: '127.0.0.1' });
    const base = local(server).replace(/\/metrics$/, '');
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/api/v1/health/live`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${base}/metrics?x=1`)).status).toBe(200);
  });

  it('appends the extra exposition text (the Temporal SDK series on a worker)', async () => {
    server = await startMetricsServer({
      port: 0,
      host: '127.0.0.1',
      extra: async () =>
        '# TYPE temporal_num_pollers gauge\ntemporal_num_pollers{poller_type="activity_task"} 5\n',
    });
    const text = await (await fetch(local(server))).text();
    expect(text).toMatch(/^vidgen_videos_completed_total \d+$/m);
    expect(text).toMatch(/\ntemporal_num_pollers\{poller_type="activity_task"\} 5\n$/);
  });

  it('refuses to start on a port that is taken, so a misconfiguration is not silent', async () => {
    server = await startMetricsServer({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(local(server)).port);
    await expect(startMetricsServer({ port, host: '127.0.0.1' })).rejects.toThrow(/EADDRINUSE/);
  });
});
