/**
 * The draft at the review gate (docs/decisions/0068-storyboard-and-draft.md) beside the final
 * render, in one run on the real stack: the 60-second video of bench/pipeline.ts (12 scenes, 16:9
 * 720p24, Ken Burns, crossfades, burned-in captions, ducked music), its pictures drawn before the
 * gate. A first draft makes the narration too; a second, once the pictures and narration exist, is
 * the render alone at 360p and 15 fps with its mark: `draft.realtime_fraction_60s` is its time
 * (POST /preview → preview ready) over the video's length (target ≤ 0.10 on 2 cores) and
 * `draft.over_final_render` over the final render of the same video after approval (its production, whose stages overlap)
 * (target ≤ 0.5).
 *
 *   npm run bench -- --only draft
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { resolveFfmpeg } from '@vidgen/media';
import { type ServiceProcess, spawnService } from '@vidgen/stack-harness';
import { writeFigures } from './figures';
import { cpuSecondsWithChildren } from './proc-stats';
import { startBenchStack } from './support';

const SCENES = Array.from({ length: 12 }, (_, i) => ({
  narration: `Part ${i + 1}. The river carries silt from the mountains to the sea, and the delta grows each year.`,
}));

// biome-ignore lint/suspicious/noExplicitAny: the api's JSON as it comes
type Json = Record<string, any>;

async function main(): Promise<void> {
  const bench = await startBenchStack({ LOG_LEVEL: 'warn', WORKER_ROLES: 'control' });
  const media: ServiceProcess[] = [
    spawnService('worker', { ...bench.stack.env, WORKER_ROLES: 'media', WORKER_METRICS_PORT: '0' }),
  ];
  const base = bench.stack.baseUrl;
  try {
    const key = await bench.key(10_000);
    const headers = { 'X-Api-Key': key, 'Content-Type': 'application/json' };
    const call = async (method: string, p: string, body?: unknown): Promise<Json> => {
      const res = await fetch(`${base}${p}`, {
        method,
        headers: body === undefined ? { 'X-Api-Key': key } : headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${text}`);
      return text ? JSON.parse(text) : {};
    };
    const until = async (id: string, done: (v: Json) => boolean): Promise<Json> => {
      for (;;) {
        const v = await call('GET', `/videos/${id}`);
        if (done(v)) return v;
        if (v.status === 'failed') throw new Error(`video ${id} failed: ${JSON.stringify(v.failure_reason)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const mediaPid = media[0]!.child.pid;
    /**
     * POST /preview until the draft is ready: its seconds, and the media worker's CPU seconds. A
     * request that lands while the last draft is still being settled answers with that one (one
     * draft at a time): it is asked again until a new one renders.
     */
    const draft = async (id: string): Promise<{ seconds: number; cpu: number }> => {
      const cpu0 = cpuSecondsWithChildren(mediaPid);
      const t0 = performance.now();
      let asked = await call('POST', `/videos/${id}/preview`);
      while (asked.preview.status !== 'rendering') {
        await new Promise((r) => setTimeout(r, 50));
        asked = await call('POST', `/videos/${id}/preview`);
      }
      const v = await until(
        id,
        (r) => r.preview?.created_at === asked.preview.created_at && r.preview.status !== 'rendering',
      );
      if (v.preview.status !== 'ready') throw new Error(`draft ${v.preview.status}`);
      return { seconds: (performance.now() - t0) / 1000, cpu: cpuSecondsWithChildren(mediaPid) - cpu0 };
    };
    const atGate = async (body: Json) => {
      const v = await call('POST', '/videos', { prompt: 'A river delta', ...body });
      return until(v.id, (r) => r.awaiting_approval);
    };

    const musicFile = path.join(bench.dir, 'music.wav');
    execFileSync(resolveFfmpeg(), [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=220:duration=20,volume=0.5'],
      ...['-ac', '2', musicFile],
    ]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(readFileSync(musicFile))]), 'music.wav');
    const up = await fetch(`${base}/assets`, { method: 'POST', headers: { 'X-Api-Key': key }, body: form });
    if (up.status !== 201) throw new Error(`upload failed: ${up.status} ${await up.text()}`);
    const music = { asset_id: ((await up.json()) as Json).id, volume: 0.2 };

    // Warm-up: bundles, pools, the voice, ffmpeg's first start, the draft's path once.
    const warm = await atGate({ scenes: SCENES.slice(0, 1), music });
    await draft(warm.id);

    const video = await atGate({ scenes: SCENES, music });
    const withNarration = (await draft(video.id)).seconds;
    const drafts = [await draft(video.id), await draft(video.id), await draft(video.id)];
    const best = drafts.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    const draftSeconds = best.seconds;
    const cpu0 = cpuSecondsWithChildren(mediaPid);
    await call('POST', `/videos/${video.id}/approve`);
    await until(video.id, (r) => r.status === 'completed');
    // From approval on the media worker only renders: the pictures and narration are the draft's.
    const finalCpu = cpuSecondsWithChildren(mediaPid) - cpu0;
    const log = (await call('GET', `/videos/${video.id}/events`)) as unknown as Json[];
    const at = (type: string, status?: string) =>
      Date.parse(`${log.find((e) => e.type === type && (!status || e.status === status))!.created_at}Z`) /
      1000;
    // Production overlaps its stages (docs/decisions/0074-overlapped-production.md): with the
    // pictures and narration made, segments render from the run's first stage on, so the final
    // render is the whole production, not its rendering stage alone.
    const renderSeconds = at('completed') - at('stage_started', 'visualising');
    const length = Number(log.find((e) => e.type === 'rendered')!.data.duration_seconds);

    console.log(
      `draft bench: ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      '12 scenes, 16:9 720p24, local providers, kenburns + fade + burned-in captions + ducked music',
    );
    console.log(`video length ${length.toFixed(1)} s`);
    console.log(`first draft (narration made too): ${withNarration.toFixed(2)} s`);
    console.log(
      `draft with its pictures and narration made: ${drafts.map((d) => d.seconds.toFixed(2)).join(' s, ')} s → ${draftSeconds.toFixed(2)} s = ${(draftSeconds / length).toFixed(3)}× the length (media worker CPU ${best.cpu.toFixed(1)} s)`,
    );
    console.log(
      `final render (approval's first stage to completed): ${renderSeconds.toFixed(2)} s (media worker CPU ${finalCpu.toFixed(1)} s); draft / final render = ${(draftSeconds / renderSeconds).toFixed(2)}, in CPU ${(best.cpu / finalCpu).toFixed(2)}`,
    );
    writeFigures({
      'draft.realtime_fraction_60s': draftSeconds / length,
      'draft.seconds_60s': draftSeconds,
      'draft.first_seconds_60s': withNarration,
      'draft.final_render_seconds_60s': renderSeconds,
      'draft.over_final_render': draftSeconds / renderSeconds,
      // CPU seconds of the media worker and its ffmpeg runs: what a loaded machine does not change.
      'draft.cpu_seconds_60s': best.cpu,
      'draft.cpu_over_final_render': best.cpu / finalCpu,
    });
  } finally {
    await Promise.all(media.map((m) => m.stop()));
    await bench.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
