import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { VidgenClient } from '@vidgen/client';
import { ensureSchemathesis } from '@vidgen/devstack';
import { resolveFfmpeg } from '@vidgen/media';
import { makeCertificates } from '@vidgen/stack-harness';
import { startStockStandIn } from './stock-stand-in';

export const FUZZ_CONFIG = path.join(__dirname, '..', 'fuzz', 'schemathesis.toml');
const FUZZ_HOOKS = path.join(__dirname, '..', 'fuzz', 'hooks.py');

export interface FuzzOptions {
  /** The api's base URL, e.g. http://127.0.0.1:8080/api/v1 */
  apiBaseUrl: string;
  /** A key holding every scope. */
  apiKey: string;
  /** See fuzzFixtures: what hooks.py puts into generated requests. */
  fixtures?: FuzzFixtures;
  /** Test cases per operation and phase. */
  maxExamples: number;
  /** Budget for the whole run, in seconds. */
  maxTimeSeconds?: number;
  seed?: number;
  /** Folder for the JUnit and NDJSON reports. */
  reportDir?: string;
  /** Echo the fuzzer's output as it comes. */
  echo?: boolean;
}

export interface FuzzFixtures {
  imageId: string;
  audioId: string;
  /** A video clip of the fuzz account, for `video_asset_id`. */
  clipId: string;
  /** [voice id, language] of the provider's voices. */
  voices: [string, string][];
  /** A template of the fuzz account without placeholders, for `template_id`. */
  templateId: string;
  /** A brand of the fuzz account, for `brand_id`. */
  brandId: string;
  /** A video of the fuzz account, for `from_video_id`. */
  videoId: string;
}

export interface FuzzResult {
  exitCode: number;
  output: string;
  /** From the summary: test cases generated, and how many failed. */
  casesGenerated: number | null;
  failures: number;
  /** The summary block at the end of the output. */
  summary: string;
}

/**
 * Runs schemathesis against a running api's served document, every check on (but the one
 * test/fuzz/schemathesis.toml turns off, with its reason), authenticated with the given key.
 */
export async function runSchemathesis(options: FuzzOptions): Promise<FuzzResult> {
  const st = await ensureSchemathesis({ log: (m) => process.stderr.write(`[fuzz] ${m}\n`) });
  const args = [
    ...st.args,
    '--config-file',
    FUZZ_CONFIG,
    'run',
    `${options.apiBaseUrl}/openapi.json`,
    '--checks',
    'all',
    // Wrong method on a known path is 404, not 405 (the reason is in schemathesis.toml).
    '--exclude-checks',
    'unsupported_method',
    '--header',
    `X-Api-Key: ${options.apiKey}`,
    '--max-examples',
    String(options.maxExamples),
    '--workers',
    '1',
    '--request-timeout',
    '30',
    '--no-color',
    '--output-sanitize',
    'true',
    ...(options.maxTimeSeconds ? ['--max-time', String(options.maxTimeSeconds)] : []),
    ...(options.seed !== undefined ? ['--seed', String(options.seed)] : []),
    ...(options.reportDir ? ['--report', 'junit,ndjson', '--report-dir', options.reportDir] : []),
  ];
  const child = spawn(st.command, args, {
    env: {
      ...process.env,
      ...st.env,
      PYTHONPATH: [st.env.PYTHONPATH, path.dirname(FUZZ_HOOKS)].join(path.delimiter),
      SCHEMATHESIS_HOOKS: path.basename(FUZZ_HOOKS, '.py'),
      VIDGEN_FUZZ_FIXTURES: JSON.stringify(options.fixtures ?? {}),
      COLUMNS: '120',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const take = (chunk: Buffer) => {
    output += chunk.toString();
    if (options.echo) process.stdout.write(chunk);
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const exitCode = await new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
  return { exitCode, output, ...summaryOf(output) };
}

/** Reads the summary schemathesis prints last: "Test cases: N generated, M found F unique failures …". */
export function summaryOf(output: string): Pick<FuzzResult, 'casesGenerated' | 'failures' | 'summary'> {
  const start = output.lastIndexOf('SUMMARY');
  const summary = start >= 0 ? output.slice(start) : output.slice(-2000);
  const generated = /Test cases:\s*([\d,]+)\s+generated/.exec(summary);
  const failures = /([\d,]+)\s+unique failures?/.exec(summary);
  return {
    summary,
    casesGenerated: generated ? Number(generated[1]!.replace(/,/g, '')) : null,
    failures: failures ? Number(failures[1]!.replace(/,/g, '')) : 0,
  };
}

/** Real media files the fuzz account uploads, and the hooks put into generated uploads. */
function makeMedia(dir: string): { png: string; wav: string; mp4: string } {
  const ffmpeg = resolveFfmpeg();
  const png = path.join(dir, 'fuzz.png');
  const wav = path.join(dir, 'fuzz.wav');
  const mp4 = path.join(dir, 'fuzz.mp4');
  const run = (args: string[]) => execFileSync(ffmpeg, ['-v', 'error', '-y', ...args], { stdio: 'pipe' });
  run(['-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=1', '-frames:v', '1', png]);
  run(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', wav]);
  run([
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=64x48:rate=24',
    '-t',
    '1',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    mp4,
  ]);
  return { png, wav, mp4 };
}

async function uploadAsset(baseUrl: string, apiKey: string, file: string, type: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(readFileSync(file))], { type }), path.basename(file));
  const res = await fetch(`${baseUrl}/assets`, {
    method: 'POST',
    headers: { 'X-Api-Key': apiKey },
    body: form,
  });
  const body = (await res.json()) as { id?: string };
  if (res.status !== 201 || !body.id)
    throw new Error(`upload of ${file}: ${res.status} ${JSON.stringify(body)}`);
  return body.id;
}

async function postJson(baseUrl: string, apiKey: string, route: string, body: unknown): Promise<string> {
  const res = await fetch(`${baseUrl}${route}`, {
    method: 'POST',
    headers: { 'X-Api-Key': apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const made = (await res.json()) as { id?: string };
  if (res.status !== 201 || !made.id) throw new Error(`POST ${route}: ${res.status} ${JSON.stringify(made)}`);
  return made.id;
}

/**
 * What hooks.py needs to keep generated requests within the rules no schema can state: an image,
 * an audio and a video asset of the fuzz account (uploaded here), real files for generated uploads,
 * the voices of the configured speech provider with the languages they speak, and a template, a
 * brand and a video of the account.
 */
export async function fuzzFixtures(
  client: VidgenClient,
  baseUrl: string,
  apiKey: string,
): Promise<FuzzFixtures> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-fuzz-'));
  const media = makeMedia(dir);
  const voices = await client.GET('/api/v1/voices');
  if (!voices.data) throw new Error(`GET /voices: ${JSON.stringify(voices.error)}`);
  return {
    imageId: await uploadAsset(baseUrl, apiKey, media.png, 'image/png'),
    audioId: await uploadAsset(baseUrl, apiKey, media.wav, 'audio/wav'),
    clipId: await uploadAsset(baseUrl, apiKey, media.mp4, 'video/mp4'),
    voices: voices.data.data.filter((v) => v.language !== 'mul').map((v) => [v.id, v.language]),
    templateId: await postJson(baseUrl, apiKey, '/templates', {
      name: 'Fuzz',
      request: { prompt: 'How honey bees make honey' },
    }),
    brandId: await postJson(baseUrl, apiKey, '/brands', { name: 'Fuzz' }),
    videoId: await postJson(baseUrl, apiKey, '/videos', {
      prompt: 'How honey bees make honey',
      auto_approve: false,
    }),
  };
}

/**
 * Every option of the document on offer: `"visuals": "stock"` is refused by a server without a
 * stock library (422), so a fuzzed stack gets the Pexels stand-in, over HTTPS with a CA the
 * stack trusts. `env` goes into the stack's environment.
 */
export async function startFuzzStockLibrary(): Promise<{
  env: Record<string, string>;
  close(): Promise<void>;
}> {
  const key = 'fuzz-stock-key';
  const certs = makeCertificates();
  const stand = await startStockStandIn({
    key,
    clips: [4],
    photos: 1,
    tls: { key: certs.key, cert: certs.cert },
  });
  return {
    env: {
      STOCK_PROVIDER: 'pexels',
      PEXELS_API_KEY: key,
      PEXELS_API_URL: stand.baseUrl,
      NODE_EXTRA_CA_CERTS: certs.caPath,
    },
    close: () => stand.close(),
  };
}
