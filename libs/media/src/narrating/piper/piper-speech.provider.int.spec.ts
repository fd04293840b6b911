import { copyFileSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../common/media.errors';
import { LocalSpeechProvider } from '../local-speech.provider';
import { parseWavHeader } from '../wav';
import { phonemeIds, splitClauses, wordWeights } from './piper-phonemes';
import { piperRuntimeThreads, piperThreadCount, runPiper } from './piper-runtime';
import { PiperSpeechProvider } from './piper-speech.provider';
import { DEFAULT_PIPER_VOICE, findPiperVoices, missingVoiceMessage, toolsVoicesDir } from './piper-voices';

const TEXT =
  'Honey bees visit about two million flowers to make one pound of honey. Each bee makes only a twelfth of a teaspoon, in its whole life!';

function installed() {
  const voice = findPiperVoices([toolsVoicesDir()]).find((v) => v.name === DEFAULT_PIPER_VOICE);
  if (!voice) throw new Error(missingVoiceMessage(DEFAULT_PIPER_VOICE, [toolsVoicesDir()]));
  return voice;
}

async function wavOf(file: string) {
  const buf = await readFile(file);
  return parseWavHeader(buf, buf.length);
}

describe('Piper phonemes, as piper-phonemize makes them', () => {
  it('splits clauses at closing punctuation followed by a space, keeping which ends a sentence', () => {
    expect(splitClauses('Hello there, world: it is 3.5 degrees. Really?! Yes')).toEqual([
      { text: 'Hello there', punctuation: ',', sentenceEnd: false },
      { text: 'world', punctuation: ':', sentenceEnd: false },
      { text: 'it is 3.5 degrees', punctuation: '.', sentenceEnd: true },
      { text: 'Really', punctuation: '?', sentenceEnd: true },
      { text: 'Yes', punctuation: '.', sentenceEnd: true },
    ]);
  });

  it('maps a sentence to BOS, each known phoneme followed by the pad, then EOS', () => {
    const map = { _: [0], '^': [1], $: [2], h: [20], ə: [59], ' ': [3], '.': [10] };
    expect(phonemeIds('hə x.', map)).toEqual([1, 0, 20, 0, 59, 0, 3, 0, 10, 0, 2]);
  });

  it('weighs words by their phonemes when espeak-ng read them one for one, else by their letters', () => {
    expect(wordWeights('the cat', 'ðə kˈæt')).toEqual([
      { word: 'the', weight: 2 },
      { word: 'cat', weight: 3 },
    ]);
    expect(wordWeights('in 1990', 'ɪn nˈaɪntiːn nˈaɪnti')).toEqual([
      { word: 'in', weight: 2 },
      { word: '1990', weight: 4 },
    ]);
  });
});

describe('PiperSpeechProvider (en_US-joe-medium)', () => {
  const provider = new PiperSpeechProvider({ dirs: [toolsVoicesDir()] });

  it('speaks English at the voice’s sample rate with word timings in order inside the clip', async () => {
    const voice = installed();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-piper-'));
    const speech = await provider.synthesize(
      { text: TEXT, voice: DEFAULT_PIPER_VOICE },
      path.join(dir, 'a.wav'),
    );
    expect(speech).toMatchObject({ provider: 'piper', voice: DEFAULT_PIPER_VOICE, mimeType: 'audio/wav' });
    const wav = await wavOf(speech.path);
    expect(wav.sampleRate).toBe(voice.config.audio.sample_rate);
    expect(wav.sampleRate).toBe(22050);
    expect(wav.channels).toBe(1);
    // 26 words at a natural pace: 2–4 words a second.
    expect(speech.durationSeconds).toBeGreaterThan(26 / 4);
    expect(speech.durationSeconds).toBeLessThan(26 / 2);
    expect(speech.words.map((w) => w.text)).toEqual(TEXT.replace(/[.,!]/g, '').split(' '));
    let last = 0;
    for (const w of speech.words) {
      expect(w.start).toBeGreaterThanOrEqual(last);
      expect(w.end).toBeGreaterThan(w.start);
      last = w.end;
    }
    expect(last).toBeLessThanOrEqual(speech.durationSeconds + 0.001);
    // The audio is speech, not silence: its RMS level is that of a voice.
    const pcm = new Int16Array((await readFile(speech.path)).buffer.slice(wav.dataOffset));
    const rms = Math.sqrt(pcm.reduce((n, s) => n + s * s, 0) / pcm.length) / 32768;
    expect(rms).toBeGreaterThan(0.02);
  });

  it('lasts about 1/speed as long at speeds 1.6, 2 and 0.5 (within 15 %)', async () => {
    installed();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-piper-'));
    const normal = await provider.synthesize(
      { text: TEXT, voice: DEFAULT_PIPER_VOICE },
      path.join(dir, '1.wav'),
    );
    for (const speed of [1.6, 2, 0.5]) {
      const other = await provider.synthesize(
        { text: TEXT, voice: DEFAULT_PIPER_VOICE, speed },
        path.join(dir, `${speed}.wav`),
      );
      const ratio = (other.durationSeconds / normal.durationSeconds) * speed;
      expect(ratio, `speed ${speed}`).toBeGreaterThan(0.85);
      expect(ratio, `speed ${speed}`).toBeLessThan(1.15);
    }
  });

  it('runs the model on a thread of its own: the event loop keeps turning while a sentence is inferred', async () => {
    const voice = installed();
    const ids = phonemeIds(
      'ðə ɹˈɪvɚ kˈæɹiz sˈɪlt fɹʌm ðə mˈaʊntənz tə ðə sˈiː, ænd ðə dˈɛltə ɡɹˈoʊz ˈiːtʃ jˈɪɹ.'
        .repeat(3)
        .normalize('NFD'),
      voice.config.phoneme_id_map,
    );
    const scales: [number, number, number] = [0.667, 1, 0.8];
    let turns = 0;
    let done = false;
    const spin = () => {
      turns++;
      if (!done) setImmediate(spin);
    };
    // The first run loads the session; the second is inference alone. Each is counted.
    for (const label of ['load and run', 'run']) {
      turns = 0;
      done = false;
      setImmediate(spin);
      const audio = await runPiper({ model: voice.modelPath, ids, scales }).finally(() => {
        done = true;
      });
      expect(audio.length).toBeGreaterThan(voice.config.audio.sample_rate * 2);
      // On the main thread (onnxruntime-node's create and run are synchronous underneath), the
      // loop would turn once or twice around each; on its own thread, thousands of times.
      expect(turns, label).toBeGreaterThan(200);
    }
  });

  it('keeps one runtime thread unless PIPER_THREADS asks for more, and spreads sentences over them', async () => {
    installed();
    // One session of the voice per process (docs/decisions/0071-where-the-media-worker-memory-goes.md).
    expect(piperThreadCount({})).toBe(1);
    expect(piperThreadCount({ PIPER_THREADS: '3' })).toBe(3);
    expect(piperThreadCount({ PIPER_THREADS: '0' })).toBe(1);
    expect(piperThreadCount({ PIPER_THREADS: '99' })).toBe(8);
    const before = process.env.PIPER_THREADS;
    process.env.PIPER_THREADS = '3';
    try {
      // The specs before have spoken at most two sentences at a time.
      expect(piperRuntimeThreads()).toBeLessThan(3);
      const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-piper-'));
      const [a, b] = await Promise.all(
        [1, 2].map((n) =>
          provider.synthesize({ text: TEXT, voice: DEFAULT_PIPER_VOICE }, path.join(dir, `${n}.wav`)),
        ),
      );
      // Two narrations at once, two sentences each: four in hand, on three threads.
      expect(piperRuntimeThreads()).toBe(3);
      // Put together in their order: the second sentence's words follow the first's.
      for (const speech of [a!, b!]) {
        expect(speech.words.map((w) => w.text)).toEqual(TEXT.replace(/[.,!]/g, '').split(' '));
        expect(speech.words.at(-1)!.end).toBeLessThanOrEqual(speech.durationSeconds + 0.001);
      }
    } finally {
      if (before === undefined) delete process.env.PIPER_THREADS;
      else process.env.PIPER_THREADS = before;
    }
  });

  it('stops with the activity’s signal and writes nothing', async () => {
    installed();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-piper-'));
    const out = path.join(dir, 'x.wav');
    const ctl = new AbortController();
    const pending = provider.synthesize(
      { text: `${TEXT} ${TEXT} ${TEXT}`, voice: DEFAULT_PIPER_VOICE },
      out,
      ctl.signal,
    );
    setImmediate(() => ctl.abort(new Error('cancelled')));
    await expect(pending).rejects.toThrow('cancelled');
    await expect(readFile(out)).rejects.toThrow(/ENOENT/);
  });

  it('refuses a voice whose model fails its pinned checksum', async () => {
    const voice = installed();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-piper-bad-'));
    writeFileSync(path.join(dir, `${DEFAULT_PIPER_VOICE}.onnx`), 'not the model');
    copyFileSync(voice.configPath, path.join(dir, `${DEFAULT_PIPER_VOICE}.onnx.json`));
    const bad = new PiperSpeechProvider({ dirs: [dir] });
    const err = await bad
      .synthesize({ text: 'Hello.', voice: DEFAULT_PIPER_VOICE }, path.join(dir, 'x.wav'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).retryable).toBe(false);
    expect((err as Error).message).toMatch(/refused: .* has sha256 [0-9a-f]{64}, expected 58afce03/);
    expect((err as Error).message).toContain(`npm run voices:install -- ${DEFAULT_PIPER_VOICE}`);
  });

  it('refuses a voice whose .onnx.json fails its pinned checksum, with the model intact', async () => {
    const voice = installed();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-piper-bad-config-'));
    symlinkSync(voice.modelPath, path.join(dir, `${DEFAULT_PIPER_VOICE}.onnx`));
    // Still a valid config, with one setting changed.
    const config = JSON.parse(readFileSync(voice.configPath, 'utf8'));
    config.inference.noise_scale = 0.9;
    writeFileSync(path.join(dir, `${DEFAULT_PIPER_VOICE}.onnx.json`), JSON.stringify(config));
    const bad = new PiperSpeechProvider({ dirs: [dir] });
    const err = await bad
      .synthesize({ text: 'Hello.', voice: DEFAULT_PIPER_VOICE }, path.join(dir, 'x.wav'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as Error).message).toMatch(
      /^Piper voice en_US-joe-medium refused: \S+\.onnx\.json has sha256 [0-9a-f]{64}, expected 3d6d5410[0-9a-f]{56}; reinstall it with npm run voices:install -- en_US-joe-medium$/,
    );
  });
});

describe('LocalSpeechProvider with Piper voices', () => {
  it('lists the Piper voices before espeak-ng’s and sends each voice to its engine', async () => {
    installed();
    const local = new LocalSpeechProvider({
      piper: true,
      voicesDir: mkdtempSync(path.join(os.tmpdir(), 'v-')),
    });
    const voices = await local.listVoices();
    expect(voices[0]).toMatchObject({ id: DEFAULT_PIPER_VOICE, provider: 'piper', quality: 'neural' });
    expect(voices.slice(1).every((v) => v.provider === 'espeak' && v.quality === 'formant')).toBe(true);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-piper-'));
    const espeak = await local.synthesize({ text: 'Hallo.', voice: 'de' }, path.join(dir, 'de.wav'));
    expect(espeak).toMatchObject({ provider: 'espeak', voice: 'de' });
    expect((await wavOf(espeak.path)).sampleRate).toBe(22050);
    const piper = await local.synthesize(
      { text: 'Hello.', voice: DEFAULT_PIPER_VOICE },
      path.join(dir, 'en.wav'),
    );
    expect(piper).toMatchObject({ provider: 'piper', voice: DEFAULT_PIPER_VOICE });
  });
});
