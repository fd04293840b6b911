import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { resolveTemporalCli } from '@vidgen/devstack';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiClient, createAccount } from './support/api';
import { createVideo, finished, waitForVideo } from './support/videos';

/**
 * What an operator sees of videos that completed and failed (docs/runbook.md): the api's and the
 * worker's Prometheus endpoints, and the VidgenFailureCode search attribute that the Web UI's
 * list filters on. Runs against the shared stack, whose api and worker serve metrics on free ports.
 */
type Samples = Map<string, number>;

/** Prometheus text → sample ("name{labels}") → value. */
function parseSamples(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^(\S+?(?:\{.*\})?)\s+(\S+)$/.exec(line);
    if (m) samples.set(m[1]!, Number(m[2]));
  }
  return samples;
}

async function scrape(url: string): Promise<{ text: string; samples: Samples }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  const text = await res.text();
  return { text, samples: parseSamples(text) };
}

const value = (s: Samples, sample: string) => s.get(sample) ?? 0;
const PROMPT = 'A lighthouse keeper climbs the stairs at dusk. The lamp turns over a calm sea.';

describe('operating vidgen: metrics and the failure-code search attribute', { timeout: 240_000 }, () => {
  const stack = inject('stack');
  let api: ApiClient;
  let before: Samples;
  let completed: any;
  let failed: any;
  let temporal: Client;

  beforeAll(async () => {
    temporal = new Client({ connection: await Connection.connect({ address: stack.temporalAddress }) });
    before = (await scrape(stack.workerMetricsUrl)).samples;
    ({ api } = await createAccount({ credits: 50 }));
    const [ok, bad] = await Promise.all([
      createVideo(api, { prompt: PROMPT, scene_count: 1, auto_approve: true }),
      createVideo(api, {
        prompt: PROMPT,
        scene_count: 1,
        auto_approve: true,
        faults: { narrating: { fail: true } },
      }),
    ]);
    [completed, failed] = await Promise.all([
      waitForVideo(api, ok.id, finished, 180_000),
      waitForVideo(api, bad.id, finished, 180_000),
    ]);
  }, 240_000);

  afterAll(async () => {
    await temporal?.connection.close();
  });

  it('the two videos ended as injected: one completed, one failed with AUDIO_GENERATION_ERROR', () => {
    expect(completed.status).toBe('completed');
    expect(failed).toMatchObject({
      status: 'failed',
      failure_reason: { code: 'AUDIO_GENERATION_ERROR', stage: 'narrating' },
    });
  });

  it('the api serves request counts and latencies by route template on its metrics port only', async () => {
    await api.get(`/videos/${completed.id}`);
    const { text, samples } = await scrape(stack.apiMetricsUrl);
    expect(
      value(samples, 'vidgen_http_requests_total{method="POST",route="/api/v1/videos",status="201"}'),
    ).toBeGreaterThanOrEqual(2);
    expect(
      value(samples, 'vidgen_http_requests_total{method="GET",route="/api/v1/videos/:id",status="200"}'),
    ).toBeGreaterThanOrEqual(1);
    const count = value(
      samples,
      'vidgen_http_request_duration_seconds_count{method="GET",route="/api/v1/videos/:id",status="200"}',
    );
    expect(count).toBeGreaterThanOrEqual(1);
    const sum = value(
      samples,
      'vidgen_http_request_duration_seconds_sum{method="GET",route="/api/v1/videos/:id",status="200"}',
    );
    expect(sum).toBeGreaterThan(0);
    expect(sum / count).toBeLessThan(10);
    expect(text).toContain('# TYPE vidgen_http_request_duration_seconds histogram');
    // Ids never become label values: one series per route, not per video.
    expect(text).not.toContain(completed.id);
    expect(text).toMatch(/^process_cpu_seconds_total /m);
    // Not on the public api.
    expect((await fetch(`${stack.apiBaseUrl}/metrics`)).status).toBe(404);
    expect((await fetch(new URL('/metrics', stack.apiBaseUrl))).status).toBe(404);
  });

  it("the worker serves video, stage, credit and webhook series and the Temporal SDK's own", async () => {
    const { text, samples } = await scrape(stack.workerMetricsUrl);
    const delta = (sample: string) => value(samples, sample) - value(before, sample);
    expect(delta('vidgen_videos_completed_total')).toBeGreaterThanOrEqual(1);
    expect(delta('vidgen_videos_failed_total{code="AUDIO_GENERATION_ERROR"}')).toBeGreaterThanOrEqual(1);
    // Every failure code has its series from the start, so rate() sees the first failure.
    expect(samples.has('vidgen_videos_failed_total{code="RENDER_TIMEOUT"}')).toBe(true);
    for (const stage of ['scripting', 'refining', 'visualising', 'narrating', 'curating', 'rendering']) {
      expect(delta(`vidgen_stage_duration_seconds_count{stage="${stage}"}`), stage).toBeGreaterThanOrEqual(1);
    }
    const renderSeconds =
      delta('vidgen_stage_duration_seconds_sum{stage="rendering"}') /
      delta('vidgen_stage_duration_seconds_count{stage="rendering"}');
    expect(renderSeconds).toBeGreaterThan(0);
    expect(renderSeconds).toBeLessThan(180);
    // Both videos were charged at approval; the failed one got its narration credits back.
    const charged = completed.credits_charged + failed.credits_charged;
    expect(charged).toBeGreaterThan(0);
    expect(delta('vidgen_credits_total{kind="charged"}')).toBeGreaterThanOrEqual(charged);
    expect(failed.credits_refunded).toBeGreaterThan(0);
    expect(delta('vidgen_credits_total{kind="refunded"}')).toBeGreaterThanOrEqual(failed.credits_refunded);
    expect(samples.has('vidgen_webhook_attempts_total{outcome="delivered"}')).toBe(true);
    expect(samples.has('vidgen_webhook_attempts_total{outcome="failed"}')).toBe(true);
    // The SDK's series, merged into the same endpoint: the worker has polled and run activities.
    expect(text).toMatch(/^temporal_\w+/m);
    expect(text).toMatch(/^temporal_activity_execution_latency\w*\{/m);
  });

  it('lists the failed video under VidgenFailureCode, as the Web UI and `temporal workflow list --query` do', async () => {
    const query = (code: string, videoId: string) =>
      `VidgenFailureCode = "${code}" AND WorkflowId = "video-${videoId}"`;
    const list = async (q: string) => {
      const ids: string[] = [];
      for await (const wf of temporal.workflow.list({ query: q })) ids.push(wf.workflowId);
      return ids;
    };
    // Visibility is eventually consistent: the upsert shows up in the list shortly after.
    const deadline = Date.now() + 30_000;
    let found: string[] = [];
    while (Date.now() < deadline) {
      found = await list(query('AUDIO_GENERATION_ERROR', failed.id));
      if (found.length) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(found).toEqual([`video-${failed.id}`]);
    expect(
      await list(`VidgenFailureCode = "AUDIO_GENERATION_ERROR" AND WorkflowId = "video-${completed.id}"`),
    ).toEqual([]);
    const described = await temporal.workflow.getHandle(`video-${failed.id}`).describe();
    expect(described.searchAttributes.VidgenFailureCode).toEqual(['AUDIO_GENERATION_ERROR']);

    // The operator's form (docs/runbook.md): the Temporal CLI, resolved as `npm start` resolves it.
    const cli = await resolveTemporalCli({
      cliPath: process.env.TEMPORAL_CLI_PATH,
      envPath: process.env.PATH,
    });
    expect(cli.path, `Temporal CLI (${cli.source})`).toBeDefined();
    const { stdout } = await promisify(execFile)(cli.path!, [
      'workflow',
      'list',
      '--address',
      stack.temporalAddress,
      '--query',
      'VidgenFailureCode="AUDIO_GENERATION_ERROR"',
    ]);
    expect(stdout).toContain(`video-${failed.id}`);
    expect(stdout).not.toContain(`video-${completed.id}`);

    // A retry takes the video out of that list: it is no longer failed.
    const retried = await api.post(`/videos/${failed.id}/approve`);
    expect(retried.status, retried.text).toBe(200);
    await waitForVideo(api, failed.id, finished, 180_000);
    const after = await temporal.workflow.getHandle(`video-${failed.id}`).describe();
    expect(after.searchAttributes.VidgenFailureCode).toBeUndefined();
  });
});
