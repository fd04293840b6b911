import { tidyWhitespace } from '../common/text';

/**
 * Reading pace of a scene that is not spoken: about 2.5 words a second
 * (docs/decisions/0041-word-timings-captions-speech-controls.md).
 */
export const READING_WORDS_PER_SECOND = 2.5;
/** A scene nobody speaks stays at least this long, so its picture and caption are seen. */
export const MIN_READING_SECONDS = 2;

/** How long a scene with this text lasts when nothing is spoken: its reading time, 2 s at least. */
export function readingSeconds(text: string): number {
  const words = tidyWhitespace(text)
    .split(' ')
    .filter((w) => w !== '').length;
  return Math.max(MIN_READING_SECONDS, Math.round((words / READING_WORDS_PER_SECOND) * 1000) / 1000);
}

/** A mono 16-bit PCM WAV of silence, `seconds` long: the sound track of a scene nobody speaks. */
export function silentWav(seconds: number, sampleRate = 22050): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const dataBytes = samples * 2;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(dataBytes, 40);
  return wav;
}
