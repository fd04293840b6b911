import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type ClientGenerators, ensureClientGenerators } from '@vidgen/devstack';
import { resolveFfmpeg } from '@vidgen/media';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generatePythonClient, PYTHON_SDK_DIR } from '../scripts/python-client';
import { createAccount } from './support/api';

const run = promisify(execFile);
const ROOT = path.join(__dirname, '..');
const FLOWS = path.join(__dirname, 'client-generators');

type Json = Record<string, any>;

/**
 * The API document as an integrator gets it (GET /api/v1/openapi.json of the running stack), given
 * to the mainstream client generators at their pinned versions (libs/devstack
 * client-generators-tool.ts): openapi-python-client, and openapi-generator's `python` and
 * `typescript-fetch` targets. Each generated client then runs one flow against the real stack:
 * create with auto_approve and read until completed, list with a cursor, upload a picture, and a
 * 404 and a 422 read as errors carrying the interface's code.
 */
describe('clients generated from the served API document', () => {
  let gen: ClientGenerators;
  let work: string;
  let docPath: string;
  let png: string;
  let origin: string;

  beforeAll(async () => {
    gen = await ensureClientGenerators();
    work = mkdtempSync(path.join(os.tmpdir(), 'vidgen-generators-'));
    const apiBaseUrl = inject('stack').apiBaseUrl;
    origin = new URL(apiBaseUrl).origin;
    const res = await fetch(`${apiBaseUrl}/openapi.json`);
    docPath = path.join(work, 'openapi.json');
    writeFileSync(docPath, await res.text());
    png = path.join(work, 'frame.png');
    await run(resolveFfmpeg(undefined, process.env.PATH), [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=1', '-frames:v', '1', png],
    ]);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** Env of one flow: its own account (the flows run at once; each holds up to 3 videos). */
  async function flowEnv(extra: NodeJS.ProcessEnv = {}): Promise<NodeJS.ProcessEnv> {
    const account = await createAccount({ credits: 100 });
    return {
      ...process.env,
      ...gen.env,
      VIDGEN_BASE_URL: origin,
      VIDGEN_API_KEY: account.key,
      VIDGEN_PNG_PATH: png,
      ...extra,
    };
  }

  async function generate(generator: string, out: string, extra: string[] = []): Promise<void> {
    await run('openapi-generator-cli', ['generate', '-i', docPath, '-g', generator, '-o', out, ...extra], {
      env: { ...process.env, ...gen.env },
      maxBuffer: 64 * 1024 * 1024,
    });
  }

  function expectFlow(seen: Json): void {
    expect(seen.created_status).toBe('pending');
    expect(seen.failure_reason ?? null).toBeNull();
    expect(seen.final_status).toBe('completed');
    expect(seen.video_url).toMatch(/^https?:\/\//);
    expect(seen.pages[0]).toHaveLength(1);
    expect(seen.pages[1]).toHaveLength(1);
    expect(seen.pages[0][0]).not.toBe(seen.pages[1][0]);
    expect(seen.upload.type).toBe('image');
    expect(seen.upload.bytes).toBeGreaterThan(0);
    expect(seen.not_found).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(seen.invalid).toMatchObject({ status: 422, code: 'VALIDATION_ERROR' });
    expect(seen.invalid.details.map((d: Json) => d.loc)).toContainEqual(['body', 'scene_count']);
  }

  it('openapi-python-client: the Python SDK freshly generated runs its flow tests', async () => {
    // The SDK's own package with the generated part written anew from the served document.
    const sdk = path.join(work, 'opc');
    cpSync(PYTHON_SDK_DIR, sdk, {
      recursive: true,
      filter: (src) => !src.includes(`${path.sep}generated`) && !src.endsWith('__pycache__'),
    });
    const served = JSON.parse(readFileSync(docPath, 'utf8')) as Json;
    await generatePythonClient(served, path.join(sdk, 'vidgen', 'generated'), gen);
    const env = await flowEnv({ PYTHONPATH: `${sdk}${path.delimiter}${gen.env.PYTHONPATH}` });
    const { stderr } = await run(gen.python, ['-m', 'unittest', 'tests.test_flow', '-v'], {
      cwd: sdk,
      env,
      timeout: 600_000,
    });
    // unittest reports on stderr; every flow test ran (none skipped) and passed.
    expect(stderr).toMatch(/^Ran 7 tests/m);
    expect(stderr).toMatch(/^OK$/m);
    expect(stderr).toMatch(/test_create_with_auto_approve_and_wait_until_completed .* ok/);
  });

  it("openapi-generator's python target runs the flow", async () => {
    const out = path.join(work, 'og-python');
    await generate('python', out, ['--package-name', 'vidgen_og']);
    const env = await flowEnv({ PYTHONPATH: `${out}${path.delimiter}${gen.env.PYTHONPATH}` });
    const { stdout } = await run(gen.python, [path.join(FLOWS, 'flow_openapi_generator.py')], {
      env,
      timeout: 600_000,
    });
    expectFlow(JSON.parse(stdout));
  });

  it("openapi-generator's typescript-fetch target runs the flow", async () => {
    const out = path.join(work, 'og-typescript-fetch');
    await generate('typescript-fetch', out);
    expect(readdirSync(out)).toContain('runtime.ts');
    const env = await flowEnv({ GENERATED_DIR: out });
    const { stdout } = await run(
      process.execPath,
      ['-r', '@swc-node/register', path.join(FLOWS, 'flow-typescript-fetch.ts')],
      { cwd: ROOT, env, timeout: 600_000 },
    );
    expectFlow(JSON.parse(stdout));
  });
});

/** The Python SDK in clients/python: its helpers' unit tests, no service needed beyond the stack's. */
describe('the Python SDK', () => {
  it('passes its unit tests (webhook signatures, the event stream)', async () => {
    const gen = await ensureClientGenerators();
    const { stderr } = await run(
      gen.python,
      ['-m', 'unittest', 'tests.test_webhooks', 'tests.test_events', '-v'],
      {
        cwd: PYTHON_SDK_DIR,
        env: {
          ...process.env,
          ...gen.env,
          PYTHONPATH: `${PYTHON_SDK_DIR}${path.delimiter}${gen.env.PYTHONPATH}`,
        },
      },
    );
    expect(stderr).toMatch(/test_refuses_a_changed_body_another_secret_or_a_missing_header .* ok/);
    expect(stderr).toMatch(/test_resumes_a_dropped_stream_and_stops_after_the_terminal_event .* ok/);
    expect(stderr).toMatch(/^OK/m);
  });
});
