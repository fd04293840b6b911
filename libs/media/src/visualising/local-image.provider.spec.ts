import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kenBurnsFor, kenBurnsSafeArea, OVERSAMPLE } from '../common/ken-burns';
import { ASPECT_RATIOS, frameSize, type ImageInput } from '../common/media.types';
import { ARTWORK_SET } from './artwork';
import { illustrate, LocalImageProvider } from './local-image.provider';
import { compose, depictsOf } from './picture.composer';
import { readPicture } from './scene.reader';
import cases from './scene-pictures.cases.json';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(bytes.toString('ascii', 12, 16)).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function pixels(png: Buffer): Promise<{ data: Uint8ClampedArray; width: number }> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return { data: ctx.getImageData(0, 0, image.width, image.height).data, width: image.width };
}

/** Mean absolute difference per channel, 0..255. */
function meanDifference(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i += 4) {
    sum += Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!);
  }
  return sum / ((a.length / 4) * 3);
}

const base: ImageInput = {
  description: 'An octopus in the sea with a fish and a crab',
  sceneIndex: 0,
  sceneCount: 3,
  aspectRatio: '16:9',
  seed: 'video-1',
};

describe('LocalImageProvider', () => {
  let dir: string;
  const provider = new LocalImageProvider();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vidgen-images-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes a PNG of the frame size for every aspect ratio, and of any size asked', async () => {
    for (const aspectRatio of ASPECT_RATIOS) {
      const out = path.join(dir, `ar-${aspectRatio.replace(':', 'x')}.png`);
      const result = await provider.generateImage({ ...base, aspectRatio }, out);
      expect(pngSize(await readFile(out))).toEqual(frameSize(aspectRatio));
      expect(result).toMatchObject({ path: out, ...frameSize(aspectRatio), mimeType: 'image/png' });
      expect(result.depicts).toEqual(['octopus', 'fish', 'crab', 'sea']);
    }
    const out = path.join(dir, 'hd.png');
    const hd = await provider.generateImage({ ...base, aspectRatio: '9:16', width: 1080, height: 1920 }, out);
    expect(pngSize(await readFile(out))).toEqual({ width: 1080, height: 1920 });
    expect(hd).toMatchObject({ width: 1080, height: 1920 });
  });

  it('draws the scenes of one video differently, and the same video gives the same pictures', async () => {
    const scenes = ['A wide meadow with a horse', 'Bees around a hive', 'A jar of honey on a table'];
    const draw = () =>
      Promise.all(scenes.map((description, sceneIndex) => illustrate({ ...base, description, sceneIndex })));
    const first = await draw();
    const again = await draw();
    for (const [i, picture] of first.entries()) expect(picture.png.equals(again[i]!.png)).toBe(true);
    const [a, b, c] = await Promise.all(first.map(async (p) => (await pixels(p.png)).data));
    expect(meanDifference(a!, b!)).toBeGreaterThan(15);
    expect(meanDifference(b!, c!)).toBeGreaterThan(15);
    expect(meanDifference(a!, c!)).toBeGreaterThan(15);
    const otherVideo = await illustrate({ ...base, description: scenes[0]!, seed: 'video-2' });
    expect(otherVideo.png.equals(first[0]!.png)).toBe(false);
  });

  it('keeps every thing inside the part of the frame no Ken Burns motion moves off screen, in every aspect ratio', () => {
    const safe = kenBurnsSafeArea();
    // The safe area is on screen in every frame of every motion the renderer picks.
    for (let s = 0; s < 300; s++) {
      const kb = kenBurnsFor(`video-${s}`, s % 7);
      for (const t of [0, 0.25, 0.5, 0.75, 1]) {
        const at = ([from, to]: [number, number]) => from + (to - from) * t;
        const shown = 1 / (OVERSAMPLE * at(kb.zoom));
        const left = at(kb.x) * (1 - shown);
        const top = at(kb.y) * (1 - shown);
        expect(left).toBeLessThanOrEqual(safe.left + 1e-9);
        expect(left + shown).toBeGreaterThanOrEqual(safe.right - 1e-9);
        expect(top).toBeLessThanOrEqual(safe.top + 1e-9);
        expect(top + shown).toBeGreaterThanOrEqual(safe.bottom - 1e-9);
      }
    }
    const sizes = [
      ...ASPECT_RATIOS.map((ar) => frameSize(ar)),
      { width: 1080, height: 1920 },
      { width: 1920, height: 1080 },
    ];
    for (const { width, height } of sizes) {
      for (const [sceneIndex, description] of [
        'Five apples and a pear with a knife and a bowl',
        'Three hearts pumping blue blood',
        'A dog on the beach',
      ].entries()) {
        for (const motion of ['kenburns', 'none'] as const) {
          const picture = compose({ ...base, description, sceneIndex, width, height, motion });
          expect(picture.placed.length).toBeGreaterThan(0);
          const area = motion === 'kenburns' ? safe : { left: 0.0, top: 0.0, right: 1, bottom: 1 };
          for (const p of picture.placed) {
            expect(p.cx - p.size / 2).toBeGreaterThanOrEqual(width * area.left);
            expect(p.cx + p.size / 2).toBeLessThanOrEqual(width * area.right);
            expect(p.cy - p.size / 2).toBeGreaterThanOrEqual(height * area.top);
            // The shadow under it too.
            expect(p.cy + p.size * 0.52).toBeLessThanOrEqual(height * area.bottom);
          }
          // The main subject is the largest thing, and large: a third of the safe box's short side at least.
          const main = picture.placed[0]!;
          const short = Math.min(picture.safe.w, picture.safe.h);
          for (const p of picture.placed) expect(p.size).toBeLessThanOrEqual(main.size + 1e-9);
          if (description.startsWith('A dog')) expect(main.size).toBeGreaterThan(short * 0.6);
        }
      }
    }
  });

  it('honours small counts and colour words: three hearts, and a drop of blood tinted blue', async () => {
    const picture = await illustrate({ ...base, description: 'Three hearts pumping blue blood, close-up' });
    expect(picture.depicts).toEqual(['anatomical heart', 'drop of blood']);
    expect(picture.placed.filter((p) => p.thing.name === 'anatomical heart')).toHaveLength(3);
    // Counted beside a main subject too.
    const beside = compose({ ...base, description: 'Octopuses have three hearts' });
    expect(beside.placed.map((p) => p.thing.name)).toEqual([
      'octopus',
      'anatomical heart',
      'anatomical heart',
      'anatomical heart',
    ]);
    const drop = picture.placed.find((p) => p.thing.name === 'drop of blood')!;
    const { data, width } = await pixels(picture.png);
    // The drop's centre is blue, not the artwork's red.
    const i = (Math.round(drop.cy + drop.size * 0.15) * width + Math.round(drop.cx)) * 4;
    expect(data[i + 2]!).toBeGreaterThan(data[i]! + 60);
  });

  it('credits the artwork set for every thing drawn, and draws only a backdrop when nothing is named', async () => {
    const picture = await illustrate({ ...base, description: 'An octopus with a fish, a crab and a shell' });
    const drawn = [...new Set(picture.placed.map((p) => p.thing.name))];
    expect(drawn.length).toBe(4);
    expect(picture.attribution).toHaveLength(drawn.length);
    for (const name of drawn)
      expect(picture.attribution).toContainEqual({
        title: `${name} (${ARTWORK_SET.name})`,
        author: 'Microsoft Corporation',
        license: 'MIT',
        source_url: 'https://github.com/microsoft/fluentui-emoji',
      });
    const empty = await illustrate({ ...base, description: 'The Roman Empire at its height' });
    expect(empty).toMatchObject({ depicts: [], attribution: [], placed: [] });
  });

  it('reads what a description shows, not how it is shot: camera and light words name no setting', () => {
    expect(readPicture({ description: 'A red bicycle, close-up, under a clear blue sky' })).toEqual(
      readPicture({ description: 'A red bicycle' }),
    );
    expect(
      readPicture({ description: 'Die Katze, Nahaufnahme, im kühlen Abendlicht', language: 'de' }),
    ).toMatchObject({
      things: [{ name: 'cat' }],
      setting: undefined,
    });
  });

  it('reads two things named side by side as one: a paper boat is a boat, coconut shells a coconut', () => {
    const names = (description: string, language = 'en') =>
      readPicture({ description, language }).things.map((t) => t.name);
    expect(names('A paper boat on a pond')).toEqual(['sailboat']);
    expect(names('Coconut shells on the sand')).toEqual(['coconut']);
    expect(names('Tres corazones y sangre azul', 'es')).toEqual(['anatomical heart', 'drop of blood']);
  });

  it('reads the narration only when the description names nothing', () => {
    expect(
      readPicture({ description: 'An old map', narration: 'Whales sing.' }).things.map((t) => t.name),
    ).toEqual(['world map']);
    expect(
      readPicture({ description: 'Why it matters, close-up', narration: 'Whales sing at night.' }),
    ).toMatchObject({ things: [{ name: 'spouting whale' }], setting: 'night' });
  });

  it('draws descriptions in any script without failing: CJK, Arabic, emoji, Greek, Cyrillic, empty', async () => {
    for (const [i, description] of [
      '東京の夜景, close-up',
      'مدينة قديمة على البحر',
      '🐝🍯 bees and honey 🌻',
      'Ο Παρθενώνας τη νύχτα',
      'Красная площадь зимой',
      '',
    ].entries()) {
      const out = path.join(dir, `script-${i}.png`);
      const result = await provider.generateImage({ ...base, description, language: 'en' }, out);
      expect(pngSize(await readFile(out))).toEqual({ width: result.width, height: result.height });
    }
  });
});

describe('scene pictures over descriptions in six languages', () => {
  it('depict the thing each description names, 90 % of them at least', () => {
    const misses: string[] = [];
    for (const c of cases.cases) {
      const depicts = depictsOf(readPicture({ description: c.description, language: c.language }));
      if (!depicts.some((name) => name.includes(c.expect)))
        misses.push(
          `${c.language} "${c.description}": expected ${c.expect}, depicts ${JSON.stringify(depicts)}`,
        );
    }
    const share = 1 - misses.length / cases.cases.length;
    const languages = new Set(cases.cases.map((c) => c.language));
    console.log(
      `[scene pictures] ${cases.cases.length - misses.length}/${cases.cases.length} depict the named thing (${(share * 100).toFixed(1)} %) in ${languages.size} languages${misses.length ? `; misses:\n  ${misses.join('\n  ')}` : ''}`,
    );
    expect(cases.cases.length).toBeGreaterThanOrEqual(60);
    expect(languages.size).toBeGreaterThanOrEqual(5);
    expect(share).toBeGreaterThanOrEqual(0.9);
  });
});
