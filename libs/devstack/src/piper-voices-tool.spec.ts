import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
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
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('installing Piper voices from the pinned checksum list', () => {
  let server: Server;
  let baseUrl: string;
  const asked: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push(req.url!);
      if (req.url === `/en/en_US/test/low/${NAME}.onnx`) res.end(MODEL);
      else if (req.url === `/en/en_US/test/low/${NAME}.onnx.json`) res.end(CONFIG);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('installs a voice whose model matches its pinned sha256, from the repository layout', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-voices-'));
    const pinned = { [NAME]: { sha256: sha256(MODEL) } };
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
    const pinned = { [NAME]: { sha256: sha256(Buffer.from('the real model')) } };
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

  it('refuses a voice that is not in the pinned list, naming the ones that are', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-voices-'));
    await expect(installPiperVoice('de_DE-thorsten-medium', { dir, baseUrl })).rejects.toThrow(
      /not in the pinned checksum list \(en_US-joe-medium\)/,
    );
    expect(existsSync(path.join(dir, 'de_DE-thorsten-medium.onnx'))).toBe(false);
  });
});
