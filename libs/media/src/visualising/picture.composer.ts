import { kenBurnsSafeArea } from '../common/ken-burns';
import { type ImageInput, imageFrame } from '../common/media.types';
import { hash32, seededRandom } from '../common/text';
import { loadArtwork } from './artwork';
import type { Backdrop } from './backdrops';
import { type NamedThing, readPicture, type SceneReading, settingName } from './scene.reader';

/**
 * Choosing what a scene's picture shows and where: the main subject and up to three supporting
 * things of its reading, the backdrop its setting names, the palette of the video, and a place for
 * each thing inside the part of the frame no Ken Burns zoom or pan cuts. No pixels yet.
 */

/** At most this many things besides the main subject. */
const MAX_SUPPORTING = 3;
/** At most this many copies of a counted thing ("five apples"). */
const MAX_COUNT = 5;

/** A box in pixels. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One drawn thing: its artwork, where, how large. */
export interface Placed {
  thing: NamedThing;
  /** Centre and side of its square. */
  cx: number;
  cy: number;
  size: number;
}

/** `depicts` of a reading: the drawn things (main first), then the setting. */
export function depictsOf(reading: SceneReading): string[] {
  const names = reading.things.slice(0, 1 + MAX_SUPPORTING).map((t) => t.name);
  if (reading.setting) names.push(settingName(reading.setting));
  return [...new Set(names)];
}

/** What a scene's picture shows and where, chosen before any pixel is drawn. */
export interface Composition {
  width: number;
  height: number;
  reading: SceneReading;
  /** The main subject first, then up to MAX_SUPPORTING others. */
  things: NamedThing[];
  /** The picture's own random numbers (the backdrop's details), seeded by video, scene and text. */
  random: () => number;
  /** The scene's palette hue. */
  hue: number;
  backdrop: Backdrop;
  safe: Box;
  placed: Placed[];
}

/** What a scene's picture will show and where: no pixels yet. */
export function compose(input: ImageInput): Composition {
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
