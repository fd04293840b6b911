import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type ClientGenerators, ensureClientGenerators } from '@vidgen/devstack';
import { publicDocument } from './client-types';

const run = promisify(execFile);

/** The Python SDK; its `vidgen/generated` package is written by openapi-python-client and committed. */
export const PYTHON_SDK_DIR = path.join(__dirname, '..', 'clients', 'python');
export const PYTHON_GENERATED_DIR = path.join(PYTHON_SDK_DIR, 'vidgen', 'generated');

// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON
type Json = Record<string, any>;

/**
 * Writes the openapi-python-client package of `doc` into `outDir` (replaced): the same command
 * for the committed SDK (`npm run client:generate`) and for the spec that checks it is in step.
 */
export async function generatePythonClient(doc: Json, outDir: string, gen?: ClientGenerators): Promise<void> {
  const generators = gen ?? (await ensureClientGenerators());
  const work = mkdtempSync(path.join(os.tmpdir(), 'vidgen-python-client-'));
  try {
    const docPath = path.join(work, 'openapi.json');
    writeFileSync(docPath, JSON.stringify(publicDocument(doc), null, 2));
    // Written in a folder of its own, then moved: the formatter the generator runs reads the
    // nearest pyproject.toml, so where it writes would change what it writes.
    const written = path.join(work, 'generated');
    await run(
      generators.python,
      [
        '-m',
        'openapi_python_client',
        'generate',
        '--path',
        docPath,
        '--meta',
        'none',
        '--output-path',
        written,
      ],
      // The formatter keeps no cache inside the package.
      { env: { ...process.env, ...generators.env, RUFF_NO_CACHE: 'true' }, maxBuffer: 16 * 1024 * 1024 },
    );
    rmSync(path.join(written, '.ruff_cache'), { recursive: true, force: true });
    importUnsetWhereUsed(written);
    rmSync(outDir, { recursive: true, force: true });
    cpSync(written, outDir, { recursive: true });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * openapi-python-client 0.29.1 writes `body: A | B | Unset = UNSET` for an operation whose required
 * body has several content types (POST /assets: multipart or JSON) without importing `Unset`
 * (upstream issue openapi-generators/openapi-python-client#1451), so the module fails to import.
 * Adds the import where a generated module uses the name; nothing else is changed.
 */
function importUnsetWhereUsed(outDir: string): void {
  for (const [file, text] of filesUnder(outDir)) {
    if (!file.endsWith('.py') || !/\| Unset\b/.test(text)) continue;
    const fixed = text.replace(
      /^from (\.+)types import ((?:(?!\bUnset\b).)*)$/m,
      (_line, dots: string, names: string) => `from ${dots}types import ${names}, Unset`,
    );
    if (fixed !== text) writeFileSync(path.join(outDir, file), fixed);
  }
}

/** Every file under `dir` with its text, by path relative to `dir` (`__pycache__` left out). */
export function filesUnder(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (at: string) => {
    for (const name of readdirSync(at).sort()) {
      if (name === '__pycache__') continue;
      const full = path.join(at, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.set(path.relative(dir, full), readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return files;
}
