/**
 * A batch against separate creates (docs/decisions/0063-templates-and-batches.md, 0070-batch-durability-and-refunds.md),
 * through the real stack (api → Temporal → one worker of every role, as `npm start` runs it):
 * BENCH_BATCH_ROWS (default 30) videos of about 10 s (four narrated scenes, auto-approved), made
 * in the same run
 *
 *   - as 30 separate `POST /videos`, sent together over 10 accounts (3 each, every account at its
 *     limit of 3 in progress): the stack's own pace for these videos;
 *   - as one 30-row batch of one account, whose workflow starts its rows as the account's slots
 *     free up, 2 at a time at most (it leaves the third slot for the account's single videos).
 *
 * Figures: videos per minute of each (first create → last completion, from the database's
 * clocks), and `batch.ratio`, the batch's over the separate creates' (target ≥ 0.9); the videos'
 * mean length in seconds (their transcripts' ends).
 *
 *   npm run bench -- --only batch      or      node -r @swc-node/register bench/batch.ts [--json f]
 */
import os from 'node:os';
import { type Figures, printFigures, writeFigures } from './figures';
import { type BenchApi, benchClient, startBenchStack } from './support';

const ROWS = Number(process.env.BENCH_BATCH_ROWS ?? 30);
const ACCOUNTS = 10;
const TIMEOUT_MS = 30 * 60_000;

/** Four scenes of about 2.5 s of speech each: a video of about 10 s. */
const SCENES = [
  'Boats leave the harbour at dawn, one after the other.',
  'Gulls follow them far out to sea, calling all the way.',
  'By noon the nets come up heavy and full of fish.',
  'At dusk the boats sail home under a red sky.',
];

// biome-ignore lint/suspicious/noExplicitAny: API records are read loosely here
type Loose = any;

/** Video times come without a zone (UTC), batch times with a trailing Z. */
const dbTime = (iso: string) => Date.parse(iso.endsWith('Z') ? iso : `${iso}Z`) / 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function videoBody(label: string) {
  return {
    prompt: `Harbour ${label}`,
    auto_approve: true,
    scenes: SCENES.map((narration) => ({ narration })),
  };
}

/** Waits until every video is completed or failed; returns each video's record. */
async function finished(videos: { call: BenchApi; id: string }[]): Promise<Loose[]> {
  const done = new Map<string, Loose>();
  const deadline = Date.now() + TIMEOUT_MS;
  while (done.size < videos.length) {
    if (Date.now() > deadline) throw new Error(`${videos.length - done.size} videos still running`);
    for (const { call, id } of videos) {
      if (done.has(id)) continue;
      const v = (await call('GET', `/videos/${id}`)).body;
      if (v.status === 'completed' || v.status === 'failed') done.set(id, v);
    }
    await sleep(500);
  }
  return videos.map((v) => done.get(v.id));
}

interface Side {
  videos: number;
  failed: number;
  seconds: number;
  perMinute: number;
  lengthS: number;
}

/**
 * First create → last completion, on the database's clock: each video's `completed` event.
 * `startedAt`: the first create (the batch's own created_at for a batch).
 */
async function side(videos: { call: BenchApi; id: string }[], startedAt: number): Promise<Side> {
  const records = await finished(videos);
  let last = startedAt;
  let failed = 0;
  for (const [i, v] of records.entries()) {
    if (v.status !== 'completed') {
      failed++;
      console.log(`  ${v.id} failed: ${JSON.stringify(v.failure_reason)}`);
      continue;
    }
    const events = (await videos[i]!.call('GET', `/videos/${v.id}/events`)).body as Loose[];
    last = Math.max(last, dbTime(events.find((e) => e.type === 'completed')!.created_at));
  }
  const transcript = (await videos[0]!.call('GET', `/videos/${videos[0]!.id}/transcript`)).body as Loose;
  const seconds = last - startedAt;
  return {
    videos: records.length - failed,
    failed,
    seconds,
    perMinute: (60 * (records.length - failed)) / seconds,
    lengthS: Math.max(...transcript.scenes.map((s: Loose) => s.end as number)),
  };
}

async function separateCreates(calls: BenchApi[]): Promise<Side> {
  const made: { call: BenchApi; id: string; createdAt: string }[] = [];
  await Promise.all(
    calls.map(async (call, a) => {
      for (let i = a; i < ROWS; i += calls.length) {
        const r = await call('POST', '/videos', videoBody(`separate ${i}`));
        if (r.status !== 201) throw new Error(`create ${r.status}: ${JSON.stringify(r.body)}`);
        made.push({ call, id: r.body.id, createdAt: r.body.created_at });
      }
    }),
  );
  return side(made, Math.min(...made.map((m) => dbTime(m.createdAt))));
}

async function batch(call: BenchApi): Promise<Side> {
  const template = await call('POST', '/templates', {
    name: 'Harbour',
    request: { ...videoBody('{{n}}'), auto_approve: undefined },
  });
  if (template.status !== 201)
    throw new Error(`template ${template.status}: ${JSON.stringify(template.body)}`);
  const created = await call('POST', '/batches', {
    template_id: template.body.id,
    rows: Array.from({ length: ROWS }, (_, i) => ({ variables: { n: `batch ${i}` } })),
  });
  if (created.status !== 201) throw new Error(`batch ${created.status}: ${JSON.stringify(created.body)}`);
  const id = created.body.id as string;
  const deadline = Date.now() + TIMEOUT_MS;
  let b = created.body;
  while (b.status === 'running') {
    if (Date.now() > deadline) throw new Error(`batch still running: ${JSON.stringify(b)}`);
    await sleep(1000);
    b = (await call('GET', `/batches/${id}`)).body;
  }
  const rows = (await call('GET', `/batches/${id}/rows?limit=100`)).body.data as Loose[];
  return side(
    rows.map((r) => ({ call, id: r.video_id as string })),
    dbTime(created.body.created_at),
  );
}

async function main(): Promise<void> {
  const bench = await startBenchStack({ LOG_LEVEL: 'warn' });
  try {
    const keys = await Promise.all(Array.from({ length: ACCOUNTS + 1 }, () => bench.key(10_000)));
    const calls = keys.map((k) => benchClient(bench.stack.baseUrl, k));
    // Warm-up: bundles, pools, the voice, ffmpeg's first start.
    const warm = await calls[0]!('POST', '/videos', videoBody('warm-up'));
    await finished([{ call: calls[0]!, id: warm.body.id }]);

    console.log(`separate creates: ${ROWS} videos over ${ACCOUNTS} accounts`);
    const separate = await separateCreates(calls.slice(0, ACCOUNTS));
    console.log(`  ${separate.perMinute.toFixed(2)} videos/min over ${separate.seconds.toFixed(0)} s`);
    console.log(`batch: ${ROWS} rows of one account`);
    const rows = await batch(calls[ACCOUNTS]!);
    console.log(`  ${rows.perMinute.toFixed(2)} videos/min over ${rows.seconds.toFixed(0)} s`);

    const figures: Figures = {
      'batch.rows': ROWS,
      'batch.video_seconds': (rows.lengthS + separate.lengthS) / 2,
      'batch.videos_per_minute': rows.perMinute,
      'batch.separate_videos_per_minute': separate.perMinute,
      // The batch over 30 separate creates of the same videos in the same run (target ≥ 0.9).
      'batch.ratio': rows.perMinute / separate.perMinute,
      'batch.failed': rows.failed + separate.failed,
    };
    printFigures(
      `batch bench: ${os.availableParallelism()} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
      figures,
    );
    writeFigures(figures);
  } finally {
    await bench.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
