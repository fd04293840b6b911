/**
 * Webhook delivery: deliveries per second to a local HTTPS receiver, and the delay from a
 * video's completion (the time of its `completed` event) to each delivery's arrival, through
 * the real stack (worker activity → delivery workflows → signed POST over a connection of its
 * own, resuming a TLS session → attempt recorded in PostgreSQL). It also prints where each
 * delivery's time went, read from the workflow histories, and the CPU the worker, the Temporal
 * server, the receiver (this process) and PostgreSQL spent per delivery while fanning out.
 *
 * One account holds BENCH_WEBHOOKS webhooks (default 100) on video.completed; each of
 * BENCH_VIDEOS videos (default 3, after one warm-up) fans out to all of them.
 * BENCH_CPU_PROFILE_DIR=<dir> has the api and the worker write V8 CPU profiles there.
 *
 *   npm run bench:webhooks [-- --json <file>]
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Client, Connection } from '@temporalio/client';
import { HttpsReceiver, makeCertificates, type Route } from '@vidgen/stack-harness';
import { writeFigures } from './figures';
import { findProcess, findProcesses, processCpuMs } from './proc-stats';
import { type BenchApi, benchClient, percentile, startBenchStack } from './support';
import { type DeliveredVideo, printDeliveryBreakdown } from './webhook-histories';

const WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 100);
const VIDEOS = Number(process.env.BENCH_VIDEOS ?? 3);

async function until<T>(check: () => Promise<T | undefined> | T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const v = await check();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The processes whose CPU a fan-out is charged with: the worker, the Temporal server and this one (the receiver). */
type Pids = { worker?: number; temporal?: number; receiver: number; database: string };
type CpuMs = { worker: number; temporal: number; receiver: number; postgres: number };
const cpuOf = (pids: Pids): CpuMs => ({
  worker: processCpuMs(pids.worker),
  temporal: processCpuMs(pids.temporal),
  receiver: processCpuMs(pids.receiver),
  // The server processes of the bench's database (one per connection; a local server only).
  postgres: findProcesses('postgres:', pids.database).reduce((sum, pid) => sum + processCpuMs(pid), 0),
});

const RUNNING_DELIVERIES = `WorkflowType = 'webhookDeliveryWorkflow' AND ExecutionStatus = 'Running'`;

const cpuSince = (before: CpuMs, after: CpuMs): CpuMs => ({
  worker: after.worker - before.worker,
  temporal: after.temporal - before.temporal,
  receiver: after.receiver - before.receiver,
  postgres: after.postgres - before.postgres,
});

/**
 * Completes one video and returns, per webhook, the ms from its `completed` event to the
 * delivery's arrival, and the CPU spent from its completion to the last arrival and to every
 * delivery workflow closed (the publish ends once it has started them all).
 */
async function oneVideo(
  api: BenchApi,
  temporalClient: Client,
  routes: Route[],
  pids: Pids,
): Promise<{ delays: number[]; spanMs: number; delivered: DeliveredVideo; cpu: CpuMs; cpuToArrival: CpuMs }> {
  const created = await api<{ id: string }>('POST', '/videos', {
    prompt: 'Bees, flowers and honey.',
    scene_count: 1,
    auto_approve: true,
  });
  if (created.status !== 201)
    throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.id;
  await until(async () => {
    const v = (await api<{ status: string }>('GET', `/videos/${id}`)).body;
    if (v.status === 'failed') throw new Error(`video ${id} failed`);
    return v.status === 'completed' ? true : undefined;
  }, `video ${id}`);
  const cpuBefore = cpuOf(pids);
  const events = (await api<{ type: string; created_at: string }[]>('GET', `/videos/${id}/events`)).body;
  const completed = events.find((e) => e.type === 'completed')!;
  // Naive microsecond UTC text (interface 2.2 format) → ms.
  const completedAt = Date.parse(`${completed.created_at.slice(0, 23)}Z`);
  const requests = await until(() => {
    const got = routes.map((r) => r.received.find((q) => JSON.parse(q.rawBody.toString()).video_id === id));
    return got.every((q) => q !== undefined) ? got.map((q) => q!) : undefined;
  }, `all deliveries of video ${id}`);
  const cpuArrived = cpuOf(pids);
  await temporalClient.workflow.getHandle(`video-${id}`).result();
  await until(
    async () => ((await temporalClient.workflow.count(RUNNING_DELIVERIES)).count === 0 ? true : undefined),
    `the delivery workflows of video ${id}`,
  );
  const cpuClosed = cpuOf(pids);
  const arrivals = requests.map((q) => q.receivedAt);
  const byDelivery = new Map(requests.map((q) => [String(q.headers['x-service-delivery-id']), q.receivedAt]));
  return {
    delays: arrivals.map((a) => a - completedAt),
    spanMs: Math.max(...arrivals) - completedAt,
    delivered: { videoId: id, completedAt, arrivals: byDelivery },
    cpu: cpuSince(cpuBefore, cpuClosed),
    cpuToArrival: cpuSince(cpuBefore, cpuArrived),
  };
}

async function main(): Promise<void> {
  const certs = makeCertificates();
  const receiver = new HttpsReceiver(certs);
  await receiver.start();
  const bench = await startBenchStack({
    LOG_LEVEL: 'warn',
    NODE_EXTRA_CA_CERTS: certs.caPath,
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
    ...(process.env.BENCH_CPU_PROFILE_DIR && {
      NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`,
    }),
  });
  const connection = await Connection.connect({ address: bench.temporalAddress });
  try {
    const temporalClient = new Client({ connection });
    const api = benchClient(bench.stack.baseUrl, await bench.key(10_000));
    const t0 = performance.now();
    const routes: Route[] = [];
    for (let i = 0; i < WEBHOOKS; i++) {
      const route = receiver.route([{ status: 200 }]);
      const res = await api('POST', '/callbacks', { url: route.url, event: 'video.completed' });
      if (res.status !== 201) throw new Error(`webhook create failed: ${res.status}`);
      routes.push(route);
    }
    const setupMs = performance.now() - t0;

    const pids: Pids = {
      worker: bench.stack.worker?.child.pid,
      temporal: findProcess(
        'temporal',
        'start-dev',
        `--port ${new URL(`http://${bench.temporalAddress}`).port}`,
      ),
      receiver: process.pid,
      database: new URL(bench.databaseUrl).pathname.slice(1),
    };
    await oneVideo(api, temporalClient, routes, pids); // warm-up: bundles, pools, TLS session setup paths
    const delays: number[] = [];
    const rates: number[] = [];
    const delivered: DeliveredVideo[] = [];
    const cpu: CpuMs = { worker: 0, temporal: 0, receiver: 0, postgres: 0 };
    const cpuToArrival: CpuMs = { ...cpu };
    for (let v = 0; v < VIDEOS; v++) {
      const run = await oneVideo(api, temporalClient, routes, pids);
      for (const k of ['worker', 'temporal', 'receiver', 'postgres'] as const) {
        cpu[k] += run.cpu[k];
        cpuToArrival[k] += run.cpuToArrival[k];
      }
      delays.push(...run.delays);
      delivered.push(run.delivered);
      rates.push(WEBHOOKS / (run.spanMs / 1000));
    }
    delays.sort((a, b) => a - b);
    rates.sort((a, b) => a - b);
    const ms = (x: number) => `${Math.round(x)} ms`;
    console.log(
      `webhook bench: ${WEBHOOKS} webhooks × ${VIDEOS} videos (after 1 warm-up), HTTPS receiver on 127.0.0.1, ` +
        `one worker; ${WEBHOOKS} webhooks created in ${ms(setupMs)}`,
    );
    console.log(
      `deliveries per second (one completion fanned out, ${WEBHOOKS} / (last arrival − completed)): ` +
        `median ${rates[Math.floor(rates.length / 2)]!.toFixed(1)}, runs ${rates.map((r) => r.toFixed(1)).join(', ')}`,
    );
    console.log(
      `delay completed → arrival over ${delays.length} deliveries: p50 ${ms(percentile(delays, 50))}, ` +
        `p99 ${ms(percentile(delays, 99))}, min ${ms(delays[0]!)}, max ${ms(delays.at(-1)!)}`,
    );
    const perDelivery = (ms: number) => ms / (VIDEOS * WEBHOOKS);
    const cpuLine = (c: CpuMs) =>
      `worker ${perDelivery(c.worker).toFixed(1)}, Temporal server ${perDelivery(c.temporal).toFixed(1)}, ` +
      `receiver ${perDelivery(c.receiver).toFixed(1)}, PostgreSQL ${perDelivery(c.postgres).toFixed(1)}`;
    console.log(`CPU per delivery, completed → last arrival (ms): ${cpuLine(cpuToArrival)}`);
    console.log(
      `CPU per delivery, completed → every delivery workflow closed (ms): ${cpuLine(cpu)} ` +
        `(load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores)`,
    );
    await printDeliveryBreakdown(bench.temporalAddress, delivered);
    writeFigures({
      'webhooks.deliveries_per_second': rates[Math.floor(rates.length / 2)]!,
      'webhooks.delay_p50_ms': percentile(delays, 50),
      'webhooks.delay_p99_ms': percentile(delays, 99),
      'webhooks.worker_cpu_ms_per_delivery': perDelivery(cpu.worker),
      'webhooks.temporal_cpu_ms_per_delivery': perDelivery(cpu.temporal),
    });
  } finally {
    await connection.close();
    await bench.stop();
    await receiver.stop();
    certs.cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
