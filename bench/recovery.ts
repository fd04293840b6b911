/**
 * Recovery cost of a killed worker: BENCH_VIDEOS videos (default 12, 4 scenes, auto-approved)
 * through the real stack, once undisturbed and once with the worker SIGKILLed BENCH_KILLS
 * times (default 4) at spread-out moments and restarted after 0.5 s, as `npm start` does. Both
 * runs happen here, one after the other, so the machine is the same; the figure is the extra
 * wall time per kill.
 *
 *   npm run bench:recovery
 */
import { performance } from 'node:perf_hooks';
import { startBenchStack } from './support';

const VIDEOS = Number(process.env.BENCH_VIDEOS ?? 12);
const KILLS = Number(process.env.BENCH_KILLS ?? 4);
const SCENES = Number(process.env.BENCH_SCENES ?? 4);

// biome-ignore lint/suspicious/noExplicitAny: API records are read loosely here
async function json(res: Response): Promise<any> {
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
}

async function runBatch(
  label: string,
  kills: number,
): Promise<{ wallS: number; completed: number; failed: number }> {
  const bench = await startBenchStack();
  try {
    const base = bench.stack.baseUrl;
    // Each video on its own account: the limit of 3 per account must not queue them.
    const keys = await Promise.all(Array.from({ length: VIDEOS }, () => bench.key(1000)));
    const started = performance.now();
    const ids: string[] = [];
    for (let i = 0; i < VIDEOS; i++) {
      const res = await fetch(`${base}/videos`, {
        method: 'POST',
        headers: { 'X-Api-Key': keys[i]!, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          prompt: `Video ${i}: lighthouses at night. Harbours at dawn. Boats at sea. Gulls over the pier.`,
          scene_count: SCENES,
          auto_approve: true,
        }),
      });
      if (res.status !== 201) throw new Error(`create ${res.status}: ${await res.text()}`);
      ids.push((await json(res)).id);
    }
    const done = new Map<string, string>();
    let nextKill = kills > 0 ? 4000 : Number.POSITIVE_INFINITY;
    let killed = 0;
    while (done.size < ids.length) {
      const elapsed = performance.now() - started;
      if (killed < kills && elapsed >= nextKill) {
        await bench.stack.worker!.kill();
        killed++;
        await new Promise((r) => setTimeout(r, 500));
        await bench.stack.startWorker();
        nextKill = elapsed + 9000;
        process.stdout.write(`  [${label}] worker killed at ${(elapsed / 1000).toFixed(1)} s\n`);
      }
      for (const [i, id] of ids.entries()) {
        if (done.has(id)) continue;
        const v = await json(await fetch(`${base}/videos/${id}`, { headers: { 'X-Api-Key': keys[i]! } }));
        if (v.status === 'completed' || v.status === 'failed') {
          done.set(id, v.status);
          if (v.status === 'failed')
            process.stdout.write(`  [${label}] ${id} failed: ${JSON.stringify(v.failure_reason)}\n`);
        }
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    const wallS = (performance.now() - started) / 1000;
    const statuses = [...done.values()];
    return {
      wallS,
      completed: statuses.filter((s) => s === 'completed').length,
      failed: statuses.filter((s) => s === 'failed').length,
    };
  } finally {
    await bench.stop();
  }
}

async function main(): Promise<void> {
  console.log(`recovery: ${VIDEOS} videos × ${SCENES} scenes; undisturbed, then ${KILLS} worker kills`);
  const calm = await runBatch('undisturbed', 0);
  const hit = await runBatch('with kills', KILLS);
  const perKill = KILLS > 0 ? (hit.wallS - calm.wallS) / KILLS : 0;
  console.log('');
  console.log('| run | videos | completed | failed | wall time |');
  console.log('|---|---|---|---|---|');
  console.log(
    `| undisturbed | ${VIDEOS} | ${calm.completed} | ${calm.failed} | ${calm.wallS.toFixed(1)} s |`,
  );
  console.log(
    `| ${KILLS} worker kills | ${VIDEOS} | ${hit.completed} | ${hit.failed} | ${hit.wallS.toFixed(1)} s |`,
  );
  console.log('');
  console.log(`extra wall time per kill: ${perKill.toFixed(1)} s`);
  console.log(
    JSON.stringify({
      recovery: {
        videos: VIDEOS,
        kills: KILLS,
        undisturbed_s: calm.wallS,
        disturbed_s: hit.wallS,
        per_kill_s: perKill,
      },
    }),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
