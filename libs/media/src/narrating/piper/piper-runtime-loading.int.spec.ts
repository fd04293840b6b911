import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../../../..');

/**
 * Runs `body` in a fresh Node process with the providers the configuration makes, and reports
 * whether the ONNX runtime's native library got mapped into it.
 */
async function onnxLoadedAfter(body: string): Promise<boolean> {
  const script = `
    const { readFileSync } = require('node:fs');
    const { loadMediaConfig } = require('@vidgen/config');
    const { createProviders, createSpeechProvider, describeProviders, VoiceCatalogue } = require('@vidgen/media');
    (async () => {
      ${body}
      const maps = readFileSync('/proc/self/maps', 'utf8');
      console.log(JSON.stringify({ loaded: maps.includes('libonnxruntime') || Object.keys(require.cache).some((k) => k.includes('onnxruntime-node')) }));
    })().catch((e) => { console.error(e); process.exit(1); });
  `;
  const { stdout } = await run(process.execPath, ['-r', '@swc-node/register', '-e', script], {
    cwd: ROOT,
    env: { ...process.env, VOICES_DIR: mkdtempSync(path.join(os.tmpdir(), 'vidgen-voices-')) },
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!).loaded;
}

describe('the ONNX runtime is loaded only to speak with a Piper voice', () => {
  it('is not loaded by the api’s voice catalogue (listing, choosing a default) nor by GET /providers', async () => {
    expect(
      await onnxLoadedAfter(`
        const described = (await describeProviders(loadMediaConfig({ SCRIPT_PROVIDER: 'planner' }))).speech.languages;
        if (described[0]?.provider !== 'piper') throw new Error('Piper not described: ' + JSON.stringify(described));
        const catalogue = new VoiceCatalogue(createSpeechProvider(loadMediaConfig({})));
        const en = await catalogue.choose('en', null);
        if (!en.ok || en.voice.id !== 'en_US-joe-medium') throw new Error('no neural English default: ' + JSON.stringify(en));
        await catalogue.list();
      `),
    ).toBe(false);
  }, 60_000);

  it('is not loaded by a worker narrating with espeak-ng, and is once a Piper voice speaks', async () => {
    const narrate = (voice: string) => `
      const speech = createProviders(loadMediaConfig({})).speech;
      const out = require('node:path').join(require('node:os').tmpdir(), 'vidgen-rt-' + process.pid + '.wav');
      await speech.synthesize({ text: 'Guten Morgen.', voice: '${voice}' }, out);
    `;
    expect(await onnxLoadedAfter(narrate('de'))).toBe(false);
    expect(await onnxLoadedAfter(narrate('en_US-joe-medium'))).toBe(true);
  }, 120_000);
});
