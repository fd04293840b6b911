/**
 * Where a media worker's memory goes, piece by piece, in processes of its own started as the
 * worker is (its V8 flags and MALLOC_ARENA_MAX from @vidgen/devstack): the media library loaded,
 * then the twelve pictures of the pipeline bench's video drawn (1280×720), then its twelve
 * narrations spoken by the default Piper voice, two at a time (one per media slot on two cores).
 * Each variant is one fresh process; a row gives the peak (VmHWM) and what is resident after each
 * step (anonymous and file-backed, /proc/self/smaps_rollup), the V8 heap and the memory outside
 * it (`external`, ArrayBuffers), the narrations' seconds and a digest of their WAV files (the
 * same digest: the same audio, bit for bit).
 *
 *   node -r @swc-node/register bench/media-memory.ts [variant …]
 *
 * Variants: the ONNX runtime's session options and thread count, and glibc's arenas; see
 * VARIANTS below. Figures: bench/JOURNAL.md and docs/decisions/0071-where-the-media-worker-memory-goes.md.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { nodeEntry, REPO_ROOT } from '@vidgen/devstack';

interface Variant {
  /** Session options laid over the runtime's own (piperSessionOptions). */
  session?: Record<string, unknown>;
  env?: Record<string, string>;
  /** Skip the pictures (to see the voice alone). */
  noPictures?: boolean;
  noVoice?: boolean;
  /** The voice the narrations are spoken with: the default Piper voice unless set. */
  voice?: string;
}

/** How the runtime ran before decision 0071: a thread (and a session) per core, one intra-op thread each. */
const BEFORE: Variant = {
  env: { PIPER_THREADS: String(os.availableParallelism()) },
  session: { intraOpNumThreads: 1, enableMemPattern: true, extra: {} },
};

const VARIANTS: Record<string, Variant> = {
  shipped: {},
  before: BEFORE,
  'no-voice': { noVoice: true },
  espeak: { voice: 'en-gb' },
  'before-no-pictures': { ...BEFORE, noPictures: true },
  'shipped-no-pictures': { noPictures: true },
  'before-arena-off': { ...BEFORE, session: { ...BEFORE.session, enableCpuMemArena: false } },
  'before-mem-pattern-off': { ...BEFORE, session: { ...BEFORE.session, enableMemPattern: false } },
  'before-optimisation-basic': { ...BEFORE, session: { ...BEFORE.session, graphOptimizationLevel: 'basic' } },
  'before-malloc-arenas-default': { ...BEFORE, env: { ...BEFORE.env, MALLOC_ARENA_MAX: '' } },
  'one-session': { env: { PIPER_THREADS: '1' }, session: { intraOpNumThreads: 1, enableMemPattern: true } },
  'one-session-arena-off': {
    env: { PIPER_THREADS: '1' },
    session: { intraOpNumThreads: 1, enableMemPattern: true, enableCpuMemArena: false },
  },
  'one-session-mem-pattern-off': {
    env: { PIPER_THREADS: '1' },
    session: { intraOpNumThreads: 1, enableMemPattern: false },
  },
  'one-session-intra-per-core-no-spin': {
    env: { PIPER_THREADS: '1' },
    session: {
      intraOpNumThreads: os.availableParallelism(),
      enableMemPattern: false,
      extra: { session: { intra_op: { allow_spinning: '0' } } },
    },
  },
  'one-session-intra-per-core': {
    env: { PIPER_THREADS: '1' },
    session: { intraOpNumThreads: os.availableParallelism(), enableMemPattern: false },
  },
};

const SCENES = Array.from(
  { length: 12 },
  (_, i) =>
    `Part ${i + 1}. The river carries silt from the mountains to the sea, and the delta grows each year.`,
);

function procKb(file: string, field: string): number {
  const m = new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(readFileSync(`/proc/self/${file}`, 'utf8'));
  return m ? Number(m[1]) : Number.NaN;
}

function snapshot() {
  const mu = process.memoryUsage();
  const mb = (b: number) => Math.round(b / 1024 / 1024);
  const kbMb = (kb: number) => Math.round(kb / 1024);
  return {
    hwm: kbMb(procKb('status', 'VmHWM')),
    rss: kbMb(procKb('status', 'VmRSS')),
    anon: kbMb(procKb('smaps_rollup', 'Anonymous')),
    file: kbMb(procKb('status', 'RssFile')),
    heap: mb(mu.heapUsed),
    heapTotal: mb(mu.heapTotal),
    external: mb(mu.external),
    buffers: mb(mu.arrayBuffers),
    threads: procKb('status', 'Threads'),
  };
}

async function child(name: string): Promise<void> {
  const variant = VARIANTS[name]!;
  const media = await import('@vidgen/media');
  Object.assign(media.piperSessionOptions, variant.session ?? {});
  const steps: Record<string, unknown> = { loaded: snapshot() };
  if (!variant.noPictures) {
    for (let i = 0; i < SCENES.length; i++) {
      await media.illustrate({
        description: 'A river delta seen from above, boats and birds',
        language: 'en',
        sceneIndex: i,
        sceneCount: SCENES.length,
        aspectRatio: '16:9',
        seed: `bench-${i}`,
        width: 1280,
        height: 720,
      });
    }
    steps.pictures = snapshot();
  }
  let seconds = Number.NaN;
  let cpu0 = process.cpuUsage();
  let digest = '';
  if (!variant.noVoice) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-media-memory-'));
    const speech = new media.LocalSpeechProvider({
      piper: true,
      voicesDir: media.piperVoiceDirs(undefined)[0],
    });
    const t0 = performance.now();
    cpu0 = process.cpuUsage();
    let next = 0;
    const files: string[] = [];
    // Two narrations at a time: one per media slot of a two-core worker.
    await Promise.all(
      [0, 1].map(async () => {
        while (next < SCENES.length) {
          const i = next++;
          files[i] = path.join(dir, `${i}.wav`);
          await speech.synthesize(
            { text: SCENES[i]!, voice: variant.voice ?? media.DEFAULT_PIPER_VOICE },
            files[i]!,
          );
        }
      }),
    );
    seconds = (performance.now() - t0) / 1000;
    const hash = createHash('sha256');
    for (const f of files) hash.update(readFileSync(f));
    digest = hash.digest('hex').slice(0, 12);
    steps.voice = snapshot();
  }
  const cpu = process.cpuUsage(cpu0);
  console.log(JSON.stringify({ name, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, digest, steps }));
}

function main(): void {
  const names = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const entry = nodeEntry('apps/worker/src/main.ts');
  for (const name of names.length > 0 ? names : Object.keys(VARIANTS)) {
    const variant = VARIANTS[name];
    if (!variant) throw new Error(`unknown variant ${name} (known: ${Object.keys(VARIANTS).join(', ')})`);
    const env: NodeJS.ProcessEnv = { ...process.env, ...entry.env, ...variant.env };
    for (const [k, v] of Object.entries(env)) if (v === '') delete env[k];
    const out = execFileSync(
      process.execPath,
      [
        ...entry.args.filter((a) => a.startsWith('--max')),
        '-r',
        '@swc-node/register',
        __filename,
        '--child',
        name,
      ],
      { cwd: REPO_ROOT, env, encoding: 'utf8', maxBuffer: 16 << 20 },
    );
    const line = out.trim().split('\n').pop()!;
    const r = JSON.parse(line) as {
      seconds: number | null;
      cpuSeconds: number;
      digest: string;
      steps: Record<string, ReturnType<typeof snapshot>>;
    };
    const parts = Object.entries(r.steps).map(
      ([step, s]) =>
        `${step}: rss ${s.rss} (anon ${s.anon}, file ${s.file}), heap ${s.heap}/${s.heapTotal}, external ${s.external} (buffers ${s.buffers}), ${s.threads} threads`,
    );
    const last = Object.values(r.steps).pop()!;
    console.log(
      `| ${name} | ${last.hwm} | ${parts.join('; ')} | ${r.seconds === null ? '–' : `${r.seconds.toFixed(1)} (CPU ${r.cpuSeconds.toFixed(1)})`} | ${r.digest || '–'} |`,
    );
  }
}

const at = process.argv.indexOf('--child');
if (at >= 0)
  child(process.argv[at + 1]!).catch((err) => {
    console.error(err);
    process.exit(1);
  });
else main();
