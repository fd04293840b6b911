import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensureClientGenerators } from '@vidgen/devstack';

const SDK_DIR = path.join(__dirname, '..', '..', '..', '..', 'clients', 'python');

/**
 * Runs a unittest module of the Python SDK (clients/python) with the deliveries a receiver got
 * (`VIDGEN_DELIVERIES_FILE`); the SDK's dependencies come from the pinned generators' folder.
 */
export async function runPythonSdkTest(
  module: string,
  deliveries: { secret: string; headers: Record<string, unknown>; body_base64: string }[],
): Promise<{ stdout: string; stderr: string }> {
  const gen = await ensureClientGenerators();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-python-sdk-'));
  try {
    const file = path.join(dir, 'deliveries.json');
    writeFileSync(file, JSON.stringify(deliveries));
    return await promisify(execFile)(gen.python, ['-m', 'unittest', module, '-v'], {
      cwd: SDK_DIR,
      env: {
        ...process.env,
        ...gen.env,
        PYTHONPATH: `${SDK_DIR}${path.delimiter}${gen.env.PYTHONPATH}`,
        VIDGEN_DELIVERIES_FILE: file,
      },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
