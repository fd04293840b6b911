import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { DrillStack } from './drill-stack';

/** The part of an error body the drill reads (docs/api.md). */
type ErrorBody = { error?: { code?: string } };

export type DisruptionKind =
  | 'media-kill'
  | 'control-kill'
  | 'temporal-restart'
  | 'postgres-freeze'
  | 'postgres-restart'
  | 'api-kill';

/** Disruptions that stop the workers' progress (the api kill only hurts its own request). */
export const WORKER_DISRUPTIONS: DisruptionKind[] = [
  'media-kill',
  'control-kill',
  'temporal-restart',
  'postgres-freeze',
  'postgres-restart',
];

/** Statuses in which a video's work sits on the media queue (images, narration, segments, join). */
const MEDIA_STAGES = ['visualising', 'narrating', 'rendering'];
const TERMINAL = ['completed', 'failed'];
const FREEZE_MS = 10_000;
const SUBMIT_SPACING_MS = 100;

export interface DrillVideo {
  index: number;
  account: number;
  prompt: string;
  faults?: Record<string, unknown>;
  id?: string;
  /** ms since the batch started. */
  submittedAt?: number;
  finishedAt?: number;
  status?: string;
  failureReason?: { code: string; message: string; stage: string } | null;
}

export interface Disruption {
  kind: DisruptionKind;
  at: number;
  /** How long the disruption itself took (kill + restart, freeze), ms. */
  took: number;
  /** Ids of the videos whose work it interrupted. */
  held: string[];
}

export interface Probe {
  status: number;
  code: string | undefined;
  ms: number;
}

export interface BatchResult {
  videos: DrillVideo[];
  disruptions: Disruption[];
  wallMs: number;
  /** When the batch started, ms since the epoch. */
  startedAtMs: number;
  /** Requests answered while PostgreSQL was frozen. */
  freezeProbes: Probe[];
  /** The create that the api kill interrupted: its prompt, and whether the kill landed mid-request. */
  apiKill?: { prompt: string; request: 'create' | 'list'; interrupted: boolean };
}

export interface DrillAccount {
  accountId: string;
  key: string;
}

/**
 * The videos of a drill: `count` videos dealt round-robin over `accounts`, two short scenes
 * each, auto-approved. Every fifth video (from the second) has its second image fail and every
 * fifth (from the fourth) its narration, so refunds and video.failed happen; every fifth (from
 * the third) has its first render attempt fail, so a retry happens inside a stage.
 */
export function drillVideos(count: number, accounts: number, label: string): DrillVideo[] {
  return Array.from({ length: count }, (_, i) => ({
    index: i,
    account: i % accounts,
    prompt: `Drill ${label} video ${i}: a lighthouse keeps watch at night. Boats come home at dawn.`,
    faults:
      i % 5 === 1
        ? { visualising: { fail_scenes: [2] } }
        : i % 5 === 3
          ? { narrating: { fail: true } }
          : i % 5 === 2
            ? { rendering: { fail_attempts: 1 } }
            : undefined,
  }));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Submits the videos (at most 3 in progress per account, the product's limit, the next one as a
 * slot frees), polls them as a client would until all have finished or `deadlineMs` has passed,
 * and meanwhile runs each disruption of `schedule` at its moment (ms after the start).
 */
export async function runBatch(
  stack: DrillStack,
  accounts: DrillAccount[],
  videos: DrillVideo[],
  schedule: { kind: DisruptionKind; at: number }[],
  options: { deadlineMs: number; everyDisruption?: boolean; log?: (m: string) => void },
): Promise<BatchResult> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const now = () => performance.now() - started;
  const result: BatchResult = {
    videos,
    disruptions: [],
    wallMs: 0,
    startedAtMs: Date.now(),
    freezeProbes: [],
  };
  let apiKillPending = false;
  const request = (path: string, key: string, init: RequestInit = {}) =>
    fetch(`${stack.baseUrl}${path}`, {
      ...init,
      headers: { 'X-Api-Key': key, 'Content-Type': 'application/json', ...init.headers },
      signal: AbortSignal.timeout(15_000),
    });

  async function create(v: DrillVideo): Promise<'created' | 'busy'> {
    const key = accounts[v.account]!.key;
    const body = JSON.stringify({ prompt: v.prompt, scene_count: 2, auto_approve: true, faults: v.faults });
    const headers = { 'Idempotency-Key': randomUUID() };
    let res: Response | undefined;
    if (apiKillPending) {
      apiKillPending = false;
      res = await killApiDuring(v, () => request('/videos', key, { method: 'POST', body, headers }));
      if (v.id) return 'created';
    }
    const deadline = now() + 180_000;
    for (;;) {
      res ??= await request('/videos', key, { method: 'POST', body, headers }).catch(() => undefined);
      if (res?.status === 201) {
        v.id = ((await res.json()) as { id: string }).id;
        v.submittedAt ??= now();
        return 'created';
      }
      const code = res ? ((await res.json().catch(() => ({}))) as ErrorBody | null)?.error?.code : undefined;
      if (code === 'MAX_CONCURRENT_VIDEOS') return 'busy';
      // Down, frozen, or the key of an interrupted create still held: as a client, try again.
      if (now() > deadline) throw new Error(`could not create video ${v.index}: ${res?.status} ${code}`);
      res = undefined;
      await sleep(1000);
    }
  }

  /** Sends the create and SIGKILLs the api while it is in flight; then restarts it. */
  async function killApiDuring(
    v: DrillVideo,
    send: () => Promise<Response>,
    what: 'create' | 'list' = 'create',
  ): Promise<Response | undefined> {
    const at = now();
    v.submittedAt = at;
    const pending = send().then(
      (r) => r,
      () => undefined,
    );
    await sleep(15 + Math.random() * 40);
    const t = performance.now();
    await stack.restartApi();
    result.disruptions.push({ kind: 'api-kill', at, took: performance.now() - t, held: [] });
    const res = await pending;
    result.apiKill = { prompt: v.prompt, request: what, interrupted: res === undefined };
    log(
      `api killed ${res === undefined ? 'mid-request' : 'after its answer'} at ${(at / 1000).toFixed(1)} s`,
    );
    if (res?.status === 201 || what === 'list') return res;
    // What a careful client does after a lost answer: once the api is back, look whether the video was made.
    for (const until = now() + 120_000; now() < until; await sleep(500)) {
      const list = await request('/videos?limit=100', accounts[v.account]!.key).catch(() => undefined);
      if (!list?.ok) continue;
      const made = ((await list.json()) as { data: { id: string; prompt: string }[] }).data;
      v.id = made.find((m) => m.prompt === v.prompt)?.id;
      break;
    }
    return undefined;
  }

  const inProgress = () => videos.filter((v) => v.id && !v.finishedAt);

  /**
   * Creates run side by side, each as soon as its account has a free slot: a create held up (by
   * the api kill, a frozen database) delays its own video only.
   */
  async function submitter(): Promise<void> {
    const queue = [...videos];
    const creating = new Set<DrillVideo>();
    const outstanding: Promise<void>[] = [];
    while (queue.length > 0 && now() < options.deadlineMs) {
      for (const v of [...queue]) {
        const busy = videos.filter(
          (o) => o.account === v.account && (creating.has(o) || (o.id && !o.finishedAt)),
        ).length;
        if (busy >= 3 || creating.has(v)) continue;
        creating.add(v);
        outstanding.push(
          create(v).then((outcome) => {
            creating.delete(v);
            if (outcome === 'created') queue.splice(queue.indexOf(v), 1);
          }),
        );
        // Creates that leave together go out in index order, a moment apart, so a video takes
        // the same place in the queue in both batches: its twin is a twin, not another draw of
        // which of fifteen simultaneous creates the server happened to approve first.
        await sleep(SUBMIT_SPACING_MS);
      }
      await sleep(500);
    }
    await Promise.all(outstanding);
  }

  async function poller(): Promise<void> {
    while (videos.some((v) => !v.finishedAt) && now() < options.deadlineMs) {
      await Promise.all(
        inProgress().map(async (v) => {
          const res = await request(`/videos/${v.id}`, accounts[v.account]!.key).catch(() => undefined);
          if (!res?.ok) return;
          const record = (await res.json()) as {
            status: string;
            failure_reason: DrillVideo['failureReason'];
          };
          v.status = record.status;
          if (TERMINAL.includes(record.status)) {
            v.finishedAt = now();
            v.failureReason = record.failure_reason;
          }
        }),
      );
      await sleep(500);
    }
  }

  /** A created video, for the probes to read. */
  async function waitForCreated(): Promise<DrillVideo> {
    for (;;) {
      const v = videos.find((o) => o.id);
      if (v) return v;
      await sleep(250);
    }
  }

  async function disrupt(kind: DisruptionKind): Promise<void> {
    if (kind === 'postgres-freeze') await apiAnswers();
    const at = now();
    const held = (
      kind === 'media-kill' ? inProgress().filter((v) => MEDIA_STAGES.includes(v.status ?? '')) : inProgress()
    ).map((v) => v.id!);
    const t = performance.now();
    if (kind === 'api-kill') {
      // The next create is the interrupted request; with none left, a list request is.
      if (videos.some((v) => !v.id)) apiKillPending = true;
      else
        await killApiDuring(
          { ...videos[0]!, id: undefined },
          () => request('/videos?limit=100', accounts[0]!.key),
          'list',
        );
      return;
    }
    if (kind === 'media-kill') await stack.restartMedia();
    else if (kind === 'control-kill') await stack.restartControl();
    else if (kind === 'temporal-restart') await stack.restartTemporal();
    else if (kind === 'postgres-restart') await stack.restartPostgres();
    else if (kind === 'postgres-freeze') await freeze();
    result.disruptions.push({ kind, at, took: performance.now() - t, held });
    log(`${kind} at ${(at / 1000).toFixed(1)} s (${held.length} videos held)`);
  }

  /** The probes are about the database: wait until the api itself answers (it may be restarting). */
  async function apiAnswers(): Promise<void> {
    for (const until = now() + 120_000; now() < until; await sleep(250)) {
      if ((await fetch(`${stack.baseUrl}/health/live`).catch(() => undefined))?.ok) return;
    }
  }

  /** Freezes PostgreSQL for FREEZE_MS and meanwhile asks the api for a video, one request after another. */
  async function freeze(): Promise<void> {
    const target = await waitForCreated();
    const thaw = stack.freezePostgres();
    const frozenAt = performance.now();
    try {
      while (performance.now() - frozenAt < FREEZE_MS - 5500) {
        const t = performance.now();
        const res = await request(`/videos/${target.id}`, accounts[target.account]!.key).catch(
          () => undefined,
        );
        const body = res ? ((await res.json().catch(() => ({}))) as ErrorBody | null) : undefined;
        result.freezeProbes.push({
          status: res?.status ?? 0,
          code: body?.error?.code,
          ms: performance.now() - t,
        });
      }
      await sleep(Math.max(0, FREEZE_MS - (performance.now() - frozenAt)));
    } finally {
      thaw();
    }
  }

  async function disruptor(): Promise<void> {
    for (const d of [...schedule].sort((a, b) => a.at - b.at)) {
      await sleep(Math.max(0, d.at - now()));
      // Nothing left to disturb: the rest would measure no recovery, only that nothing breaks.
      if (!options.everyDisruption && !videos.some((v) => !v.finishedAt)) break;
      await disrupt(d.kind);
    }
  }

  await Promise.all([submitter(), poller(), disruptor()]);
  result.wallMs = now();
  return result;
}
