import type { Image, SKRSContext2D } from '@napi-rs/canvas';
import { writeFileAtomic } from '../common/atomic-file';
import { withoutCameraWords } from '../common/camera-words';
import { canvas } from '../common/canvas';
import { kenBurnsSafeArea } from '../common/ken-burns';
import { throwIfAborted } from '../common/media.errors';
import {
  type ArtworkCredit,
  type GeneratedImage,
  type ImageInput,
  type ImageProvider,
  imageFrame,
} from '../common/media.types';
import { hash32, seededRandom } from '../common/text';
import { artworkPng, creditFor, loadArtwork } from './artwork';
import { type Backdrop, hsl, paintBackdrop } from './backdrops';
import { type NamedThing, readScene, type SceneReading, settingName } from './lexicon';

/** At most this many things besides the main subject. */
const MAX_SUPPORTING = 3;
/** At most this many copies of a counted thing ("five apples"). */
const MAX_COUNT = 5;

/** A box in pixels. */
interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One drawn thing: its artwork, where, how large. */
interface Placed {
  thing: NamedThing;
  /** Centre and side of its square. */
  cx: number;
  cy: number;
  size: number;
}

/**
 * The illustrator (docs/decisions/0037-the-illustrator.md): reads the things a scene's visual
 * description names (else its narration) in the video's language, and draws them from one
 * open-licensed artwork set over a backdrop chosen from the setting words, in the video's
 * palette. One main subject large, up to three supporting things, small counts honoured, colour
 * words tinting what they describe. Everything drawn stays inside the part of the frame that no
 * Ken Burns zoom or pan cuts; no words are drawn (the captions carry them).
 */
export class LocalImageProvider implements ImageProvider {
  async generateImage(input: ImageInput, outPath: string, signal?: AbortSignal): Promise<GeneratedImage> {
    throwIfAborted(signal);
    const { png, width, height, depicts, attribution } = await illustrate(input);
    throwIfAborted(signal);
    await writeFileAtomic(outPath, png);
    return { path: outPath, width, height, mimeType: 'image/png', depicts, attribution };
  }
}

/** What the picture of a scene shows: the reading of its description, else of its narration. */
export function readPicture(input: Pick<ImageInput, 'description' | 'narration' | 'language'>): SceneReading {
  const language = input.language ?? 'en';
  const fromDescription = readScene(withoutCameraWords(input.description), language);
  if (fromDescription.things.length > 0 || !input.narration) return fromDescription;
  const fromNarration = readScene(input.narration, language);
  return {
    things: fromNarration.things,
    setting: fromDescription.setting ?? fromNarration.setting,
  };
}

/** `depicts` of a reading: the drawn things (main first), then the setting. */
export function depictsOf(reading: SceneReading): string[] {
  const names = reading.things.slice(0, 1 + MAX_SUPPORTING).map((t) => t.name);
  if (reading.setting) names.push(settingName(reading.setting));
  return [...new Set(names)];
}

export interface Illustration {
  png: Buffer;
  width: number;
  height: number;
  depicts: string[];
  attribution: ArtworkCredit[];
  /** Where each thing was drawn (for the specs: nothing leaves the safe area). */
  placed: Placed[];
  safe: Box;
}

/** What a scene's picture will show and where: no pixels yet. */
export function compose(input: ImageInput) {
  loadArtwork();
  const size = imageFrame(input);
  const width = Math.round(size.width);
  const height = Math.round(size.height);
  const reading = readPicture(input);
  const things = reading.things.slice(0, 1 + MAX_SUPPORTING);
  const random = seededRandom(`${input.seed}\u0000${input.sceneIndex}\u0000${input.description}`);
  // One palette per video; each scene moves a little from it, so neighbours differ but belong together.
  const hue = (hash32(input.seed) % 360) + ((input.sceneIndex * 47) % 90) - 45;
  const backdrop: Backdrop = reading.setting ?? 'plain';
  const safe = safeBox(width, height, input.motion ?? 'kenburns');
  const placed = layout(
    things,
    safe,
    input.sceneIndex,
    seededRandom(`${input.seed}:layout:${input.sceneIndex}`),
  );
  return { width, height, reading, things, random, hue, backdrop, safe, placed };
}

export async function illustrate(input: ImageInput): Promise<Illustration> {
  const { width, height, reading, things, random, hue, backdrop, safe, placed } = compose(input);
  const picture = canvas().createCanvas(width, height);
  const ctx = picture.getContext('2d');
  paintBackdrop(backdrop, { ctx, w: width, h: height, hue, random });

  const images = new Map<string, Image>();
  for (const p of placed) {
    const key = `${p.thing.hexcode}:${Math.round(p.size)}`;
    if (!images.has(key))
      images.set(
        key,
        await canvas().loadImage(artworkPng(p.thing.hexcode, Math.round(p.size), sensibleColour(p.thing))),
      );
  }
  for (const p of placed) drawShadow(ctx, p, backdrop);
  for (const p of placed) {
    const image = images.get(`${p.thing.hexcode}:${Math.round(p.size)}`)!;
    ctx.drawImage(image, p.cx - p.size / 2, p.cy - p.size / 2, p.size, p.size);
  }

  const png = await picture.encode('png');
  const drawn = [...new Set(placed.map((p) => p.thing.hexcode))];
  return {
    png,
    width,
    height,
    depicts: depictsOf({ things, setting: reading.setting }),
    attribution: drawn.map(creditFor),
    placed,
    safe,
  };
}

/** A colour word tints a thing unless its artwork is that colour already ("red apple"). */
function sensibleColour(thing: NamedThing) {
  if (!thing.colour) return undefined;
  if (thing.name.toLowerCase().includes(thing.colour.name)) return undefined;
  return thing.colour;
}

/**
 * The part of the frame every thing stays inside: with Ken Burns, the part no zoom or pan of
 * common/ken-burns.ts ever moves off screen; without motion, the frame less a margin. A little
 * room is kept from its edges for the shadows.
 */
export function safeBox(width: number, height: number, motion: 'kenburns' | 'none'): Box {
  const area =
    motion === 'kenburns' ? kenBurnsSafeArea() : { left: 0.06, top: 0.06, right: 0.94, bottom: 0.94 };
  const pad = Math.min(width, height) * 0.015;
  return {
    x: width * area.left + pad,
    y: height * area.top + pad,
    w: width * (area.right - area.left) - pad * 2,
    h: height * (area.bottom - area.top) - pad * 2,
  };
}

/** Squares of side `size` in a box: `n` of them in rows, centred. */
function grid(box: Box, n: number): { cx: number; cy: number; size: number }[] {
  let best = { cols: 1, rows: 1, size: 0 };
  for (let cols = 1; cols <= n; cols++) {
    const rows = Math.ceil(n / cols);
    const size = Math.min(box.w / cols, box.h / rows);
    if (size > best.size) best = { cols, rows, size };
  }
  const out: { cx: number; cy: number; size: number }[] = [];
  const { cols, rows, size } = best;
  for (let i = 0; i < n; i++) {
    const row = Math.floor(i / cols);
    const inRow = row === rows - 1 ? n - row * cols : cols;
    const col = i % cols;
    out.push({
      cx: box.x + box.w / 2 + (col - (inRow - 1) / 2) * size,
      cy: box.y + box.h / 2 + (row - (rows - 1) / 2) * size,
      size,
    });
  }
  return out;
}

/**
 * Where the things go: the main subject (its count of copies) in the larger part of the safe
 * box, the supporting things in a column or row beside it; the side alternates with the scene.
 */
function layout(things: NamedThing[], safe: Box, sceneIndex: number, random: () => number): Placed[] {
  if (things.length === 0) return [];
  const [main, ...supporting] = things as [NamedThing, ...NamedThing[]];
  const wide = safe.w >= safe.h;
  const flip = (sceneIndex + Math.floor(random() * 2)) % 2 === 1;
  let mainBox: Box = safe;
  let sideBox: Box | undefined;
  if (supporting.length > 0) {
    const share = 0.66;
    if (wide) {
      const mw = safe.w * share;
      mainBox = { ...safe, x: flip ? safe.x + safe.w - mw : safe.x, w: mw };
      sideBox = { ...safe, x: flip ? safe.x : safe.x + mw, w: safe.w - mw };
    } else {
      const mh = safe.h * share;
      mainBox = { ...safe, y: flip ? safe.y + safe.h - mh : safe.y, h: mh };
      sideBox = { ...safe, y: flip ? safe.y : safe.y + mh, h: safe.h - mh };
    }
  }
  const placed: Placed[] = [];
  const copies = Math.min(MAX_COUNT, Math.max(1, main.count));
  // Each artwork fills 86 % of its cell: room for its shadow and air between neighbours.
  for (const cell of grid(mainBox, copies))
    placed.push({ thing: main, cx: cell.cx, cy: cell.cy, size: cell.size * 0.86 });
  if (sideBox) {
    const cells = grid(sideBox, supporting.length);
    // Supporting things stay smaller than the main subject (than one of its copies when counted).
    const cap = (placed[0]?.size ?? 0) * (copies > 1 ? 0.9 : 0.6);
    supporting.forEach((thing, i) => {
      const cell = cells[i]!;
      // A counted companion ("three hearts" beside the octopus) fills its cell with its copies.
      const n = Math.min(MAX_COUNT, Math.max(1, thing.count));
      const box = { x: cell.cx - cell.size / 2, y: cell.cy - cell.size / 2, w: cell.size, h: cell.size };
      for (const copy of grid(box, n))
        placed.push({ thing, cx: copy.cx, cy: copy.cy, size: Math.min(copy.size * 0.8, cap) });
    });
  }
  return placed;
}

/** A soft shadow under a thing, as if lit from above. */
function drawShadow(ctx: SKRSContext2D, p: Placed, backdrop: Backdrop): void {
  const dark = backdrop === 'night' || backdrop === 'space';
  const rx = p.size * 0.36;
  const ry = p.size * 0.07;
  const cy = p.cy + p.size * 0.44;
  const g = ctx.createRadialGradient(p.cx, cy, 0, p.cx, cy, rx);
  g.addColorStop(0, dark ? 'rgba(0,0,0,0.45)' : 'rgba(0,0,0,0.28)');
  g.addColorStop(1, 'rgba(0,0,0,0)');
  ctx.save();
  ctx.translate(p.cx, cy);
  ctx.scale(1, ry / rx);
  ctx.translate(-p.cx, -cy);
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(p.cx, cy, rx, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
  if (dark) {
    // On a dark backdrop a faint light behind the thing keeps it readable.
    const halo = ctx.createRadialGradient(p.cx, p.cy, p.size * 0.2, p.cx, p.cy, p.size * 0.56);
    halo.addColorStop(0, hsl(0, 0, 100, 0.16));
    halo.addColorStop(1, hsl(0, 0, 100, 0));
    ctx.fillStyle = halo;
    ctx.fillRect(p.cx - p.size * 0.56, p.cy - p.size * 0.56, p.size * 1.12, p.size * 1.24);
  }
}
