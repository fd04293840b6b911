import type { Image, SKRSContext2D } from '@napi-rs/canvas';
import { canvas } from '../common/canvas';
import type { ArtworkCredit } from '../common/media.types';
import { encodePng } from '../common/png';
import { artworkPng, creditFor } from './artwork';
import { type Backdrop, hsl, paintBackdrop } from './backdrops';
import { type Box, type Composition, depictsOf, type Placed } from './picture.composer';
import type { NamedThing } from './scene.reader';

/**
 * Drawing a scene's picture as its composition says: the backdrop in the scene's palette, a soft
 * shadow under each thing, the things' artwork at their places and sizes, tinted by the colour
 * words that describe them. No words are drawn (the captions carry them).
 */

/** A drawn picture, what it shows and whose artwork it uses. */
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

/** Paints a composition: its backdrop, a shadow under each thing, then the things' artwork. */
export async function paintPicture(composition: Composition): Promise<Illustration> {
  const { width, height, reading, things, random, hue, backdrop, safe, placed } = composition;
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

  const png = await encodePng(ctx.getImageData(0, 0, width, height).data, width, height);
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
