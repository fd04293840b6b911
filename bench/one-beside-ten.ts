/**
 * The throughput bench's `one_beside_ten` (issue 38; docs/decisions/0072-media-order-by-rank-in-account.md):
 * how long an account's one video takes beside another account's ten, over its time alone on the
 * same idle stack. The api lets an account have 3 videos in progress, so the busy account sends its
 * ten as a client would: each refused create (MAX_CONCURRENT_VIDEOS) is sent again a second later,
 * and it keeps three in progress until its ten are in. Each time is the database's, from the
 * video's creation to its `completed` event. One lone video's time moves by a quarter between runs
 * on an idle stack, so the comparison runs BENCH_BESIDE_ROUNDS times (default 3), alone then
 * beside, each round with fresh accounts, and the figure is the median beside over the median
 * alone, as bench/scheduling.ts takes its own.
 */
import { performance } from 'node:perf_hooks';
import type { MediaPiece } from '@vidgen/stack-harness';
import { mediaTimeBreakdown, piecesOneByOne } from './media-breakdown';
import { median } from './proc-stats';
import type { BenchApi } from './support';

// biome-ignore lint/suspicious/noExplicitAny: API records are read loosely here
type Loose = any;

const BUSY_VIDEOS = 10;
const ROUNDS = Math.max(1, Number(process.env.BENCH_BESIDE_ROUNDS ?? 3));
const TIMEOUT_MS = 15 * 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const dbTime = (iso: string) => Date.parse(`${iso}Z`) / 1000;

export interface OneBesideTen {
  /** The median of the rounds' times alone. */
  aloneS: number;
  /** The median of the rounds' times beside the ten. */
  besideS: number;
  /** besideS / aloneS */
  ratio: number;
}

/** A round's clients, of three fresh accounts on the stack. */
type Accounts = { alone: BenchApi; quiet: BenchApi; busy: BenchApi };

function body(label: string, scenes: number) {
  return {
    prompt: `Video ${label}`,
    auto_approve: true,
    scenes: Array.from({ length: scenes }, (_, s) => ({
      narration: `Video ${label}, part ${s + 1}. Boats leave the harbour at dawn.`,
    })),
  };
}

async function create(call: BenchApi, label: string, scenes: number, deadline: number): Promise<string> {
  for (;;) {
    const r = await call('POST', '/videos', body(label, scenes));
    if (r.status === 201) return r.body.id as string;
    if (r.status !== 429 || Date.now() > deadline) {
      throw new Error(`create ${r.status}: ${JSON.stringify(r.body)}`);
    }
    await sleep(1000);
  }
}

/** Seconds from the video's creation to its completion; throws when it failed. */
async function finished(call: BenchApi, id: string, deadline: number): Promise<number> {
  for (;;) {
    const v = (await call('GET', `/videos/${id}`)).body as Loose;
    if (v.status === 'failed') throw new Error(`video ${id} failed: ${JSON.stringify(v.failure_reason)}`);
    if (v.status === 'completed') {
      const events = (await call('GET', `/videos/${id}/events`)).body as Loose[];
      return dbTime(events.find((e) => e.type === 'completed')!.created_at) - dbTime(v.created_at);
    }
    if (Date.now() > deadline) throw new Error(`video ${id} still running`);
    await sleep(250);
  }
}

/**
 * ROUNDS rounds on an idle stack, each with fresh accounts (`fresh`): `alone`'s one video first,
 * by itself; then `busy`'s ten and `quiet`'s one, sent together.
 */
export async function oneBesideTen(
  fresh: () => Promise<Accounts>,
  scenes: number,
  /** The media pieces of a video's run, to print where its time went (the last round's). */
  timeline?: (videoId: string) => Promise<MediaPiece[]>,
): Promise<OneBesideTen> {
  const rounds: { aloneS: number; besideS: number }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    rounds.push(await oneRound(await fresh(), scenes, r === ROUNDS - 1 ? timeline : undefined));
  }
  const aloneS = median(rounds.map((r) => r.aloneS));
  const besideS = median(rounds.map((r) => r.besideS));
  console.log(
    `  one beside ten, ${ROUNDS} rounds: ${besideS.toFixed(1)} s beside against ${aloneS.toFixed(1)} s alone (medians), ${(besideS / aloneS).toFixed(2)}×`,
  );
  return { aloneS, besideS, ratio: besideS / aloneS };
}

/** One round: the lone video alone, then beside the busy account's ten. */
async function oneRound(
  accounts: Accounts,
  scenes: number,
  timeline?: (videoId: string) => Promise<MediaPiece[]>,
): Promise<{ aloneS: number; besideS: number }> {
  const deadline = Date.now() + TIMEOUT_MS;
  const aloneId = await create(accounts.alone, 'alone', scenes, deadline);
  const aloneS = await finished(accounts.alone, aloneId, deadline);
  const t0 = performance.now();
  const busy = (async () => {
    const running: Promise<number>[] = [];
    for (let i = 0; i < BUSY_VIDEOS; i++) {
      const id = await create(accounts.busy, `busy ${i}`, scenes, deadline);
      running.push(finished(accounts.busy, id, deadline));
    }
    return Promise.all(running);
  })();
  let quietId = '';
  const quiet = create(accounts.quiet, 'quiet', scenes, deadline).then((id) => {
    quietId = id;
    return finished(accounts.quiet, id, deadline);
  });
  const [besideS, busyS] = await Promise.all([quiet, busy]);
  console.log(
    `  one beside ten: ${besideS.toFixed(1)} s beside against ${aloneS.toFixed(1)} s alone; the busy account's ten took ${busyS
      .map((s) => s.toFixed(0))
      .join(' ')} s each, all in by ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  if (timeline) {
    const alone = await timeline(aloneId);
    const beside = await timeline(quietId);
    console.log(`  alone, its media pieces: ${mediaTimeBreakdown(alone)}`);
    console.log(`  beside ten, its media pieces: ${mediaTimeBreakdown(beside)}`);
    if (process.env.BENCH_PIECES) {
      console.log(`  alone, piece by piece:\n${piecesOneByOne(alone)}`);
      console.log(`  beside ten, piece by piece:\n${piecesOneByOne(beside)}`);
    }
  }
  return { aloneS, besideS };
}
