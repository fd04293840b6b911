/**
 * The pattern drawing the local image provider made before the illustrator, kept unchanged but
 * for its size and output (a PNG buffer): the baseline of bench/pictures.ts.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { canvas } from '../libs/media/src/common/canvas';
import { FONT_FAMILY } from '../libs/media/src/common/fonts';
import type { ImageInput } from '../libs/media/src/common/media.types';
import { cutAtWord, hash32, seededRandom, wrapWords } from '../libs/media/src/common/text';

type Motif = 'landscape' | 'water' | 'city' | 'space' | 'abstract';

// The description picks the kind of picture, so an image at least hints at its scene.
const MOTIF_WORDS: [Motif, RegExp][] = [
  ['space', /\b(space|stars?|planets?|moon|night|galax\w*|universe|orbit|rocket|cosmos)\b/i],
  ['water', /\b(sea|ocean|river|lake|water|rain|waves?|beach|coast|boat|ship|fish)\b/i],
  [
    'city',
    /\b(city|cities|buildings?|streets?|roads?|towns?|factor\w*|office|skyline|bridge|empire|market)\b/i,
  ],
  [
    'landscape',
    /\b(hills?|mountains?|fields?|forests?|nature|garden|flowers?|trees?|farm|valley|meadow|hive|bees?|park)\b/i,
  ],
];

const PICTURE_FONT = `"${FONT_FAMILY}", sans-serif`;
const MAX_TITLE_LINES = 2;
const MAX_TITLE_CHARS = 48;

/**
 * Offline illustrations: a seeded drawing whose palette comes from the video's seed (so one
 * video's scenes belong together) and whose hue, motif and layout change with the scene index
 * and description (so no two scenes look alike), titled with the subject of the description.
 * The narration is not written on it: the renderer burns in the captions, timed to the speech
 * (docs/decisions/0014-picture-titles.md).
 */
export class PatternDrawing {
  async draw(input: ImageInput, width: number, height: number): Promise<Buffer> {
    const picture = canvas().createCanvas(width, height);
    const ctx = picture.getContext('2d');
    const random = seededRandom(`${input.seed}\u0000${input.sceneIndex}\u0000${input.description}`);

    // Golden-angle steps give neighbouring scenes well separated hues.
    const baseHue = hash32(input.seed) % 360;
    const hue = (baseHue + input.sceneIndex * 137.508 + (hash32(input.description) % 30)) % 360;
    const motif = motifFor(input.description, input.sceneIndex);

    drawBackground(ctx, width, height, hue, random);
    drawMotif(ctx, motif, width, height, hue, random);
    drawBadge(
      ctx,
      width,
      height,
      `${input.sceneIndex + 1} / ${Math.max(input.sceneCount, input.sceneIndex + 1)}`,
    );
    drawTitle(ctx, width, height, sceneTitle(input.description));

    return picture.encode('png');
  }
}

function motifFor(description: string, sceneIndex: number): Motif {
  for (const [motif, words] of MOTIF_WORDS) if (words.test(description)) return motif;
  const fallback: Motif[] = ['abstract', 'landscape', 'abstract', 'water', 'space', 'city'];
  return fallback[(hash32(description) + sceneIndex) % fallback.length]!;
}

const hsl = (h: number, s: number, l: number, a = 1): string =>
  `hsla(${Math.round(((h % 360) + 360) % 360)}, ${s}%, ${l}%, ${a})`;

function drawBackground(ctx: SKRSContext2D, w: number, h: number, hue: number, random: () => number): void {
  const angle = random() * Math.PI * 2;
  const r = Math.hypot(w, h) / 2;
  const cx = w / 2;
  const cy = h / 2;
  const g = ctx.createLinearGradient(
    cx - Math.cos(angle) * r,
    cy - Math.sin(angle) * r,
    cx + Math.cos(angle) * r,
    cy + Math.sin(angle) * r,
  );
  g.addColorStop(0, hsl(hue, 60, 22));
  g.addColorStop(1, hsl(hue + 35 + random() * 40, 65, 55));
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);

  // A soft light source somewhere in the upper half.
  const lx = w * (0.15 + random() * 0.7);
  const ly = h * (0.1 + random() * 0.35);
  const glow = ctx.createRadialGradient(lx, ly, 0, lx, ly, Math.max(w, h) * 0.5);
  glow.addColorStop(0, hsl(hue + 180, 80, 85, 0.55));
  glow.addColorStop(1, hsl(hue + 180, 80, 85, 0));
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, w, h);
}

function drawMotif(
  ctx: SKRSContext2D,
  motif: Motif,
  w: number,
  h: number,
  hue: number,
  random: () => number,
): void {
  switch (motif) {
    case 'landscape':
      for (let layer = 0; layer < 4; layer++) {
        const base = h * (0.5 + layer * 0.11);
        ctx.beginPath();
        ctx.moveTo(0, h);
        const peaks = 3 + Math.floor(random() * 4);
        for (let i = 0; i <= peaks; i++) {
          ctx.lineTo((w * i) / peaks, base - random() * h * 0.18);
        }
        ctx.lineTo(w, h);
        ctx.closePath();
        ctx.fillStyle = hsl(hue + 90 + layer * 12, 45, 40 - layer * 7, 0.9);
        ctx.fill();
      }
      break;
    case 'water':
      for (let band = 0; band < 6; band++) {
        const y = h * (0.45 + band * 0.09);
        const amp = h * (0.015 + random() * 0.025);
        const freq = (2 + random() * 4) * ((Math.PI * 2) / w);
        const phase = random() * Math.PI * 2;
        ctx.beginPath();
        ctx.moveTo(0, h);
        for (let x = 0; x <= w; x += 8) ctx.lineTo(x, y + Math.sin(x * freq + phase) * amp);
        ctx.lineTo(w, h);
        ctx.closePath();
        ctx.fillStyle = hsl(hue + 190, 60, 45 - band * 5, 0.55);
        ctx.fill();
      }
      break;
    case 'city': {
      let x = -random() * 40;
      while (x < w) {
        const bw = w * (0.05 + random() * 0.08);
        const bh = h * (0.2 + random() * 0.45);
        ctx.fillStyle = hsl(hue + 200, 25, 14 + random() * 14, 0.95);
        ctx.fillRect(x, h - bh, bw - 4, bh);
        ctx.fillStyle = hsl(50, 90, 75, 0.8);
        for (let wy = h - bh + 12; wy < h - 12; wy += 22) {
          for (let wx = x + 8; wx < x + bw - 14; wx += 16) if (random() < 0.45) ctx.fillRect(wx, wy, 7, 10);
        }
        x += bw;
      }
      break;
    }
    case 'space':
      for (let i = 0; i < 160; i++) {
        ctx.fillStyle = `rgba(255,255,255,${0.3 + random() * 0.7})`;
        ctx.beginPath();
        ctx.arc(random() * w, random() * h, random() * 2.2 + 0.3, 0, Math.PI * 2);
        ctx.fill();
      }
      for (let i = 0; i < 2; i++) {
        const r = Math.min(w, h) * (0.08 + random() * 0.14);
        const px = w * (0.2 + random() * 0.6);
        const py = h * (0.2 + random() * 0.45);
        const g = ctx.createRadialGradient(px - r / 3, py - r / 3, r / 8, px, py, r);
        g.addColorStop(0, hsl(hue + 60 + i * 120, 70, 70));
        g.addColorStop(1, hsl(hue + 60 + i * 120, 60, 25));
        ctx.fillStyle = g;
        ctx.beginPath();
        ctx.arc(px, py, r, 0, Math.PI * 2);
        ctx.fill();
      }
      break;
    default: {
      const count = 7 + Math.floor(random() * 8);
      for (let i = 0; i < count; i++) {
        const size = Math.min(w, h) * (0.05 + random() * 0.22);
        const x = random() * w;
        const y = random() * h * 0.8;
        ctx.fillStyle = hsl(hue + random() * 160 - 80, 70, 45 + random() * 30, 0.35 + random() * 0.4);
        ctx.strokeStyle = hsl(hue + 180, 70, 85, 0.6);
        ctx.lineWidth = 3;
        const kind = Math.floor(random() * 3);
        ctx.beginPath();
        if (kind === 0) ctx.arc(x, y, size, 0, Math.PI * 2);
        else if (kind === 1) ctx.roundRect(x - size, y - size * 0.7, size * 2, size * 1.4, size * 0.2);
        else {
          ctx.moveTo(x, y - size);
          ctx.lineTo(x + size, y + size);
          ctx.lineTo(x - size, y + size);
          ctx.closePath();
        }
        ctx.fill();
        if (random() < 0.4) ctx.stroke();
      }
    }
  }
}

function drawBadge(ctx: SKRSContext2D, w: number, h: number, label: string): void {
  const size = Math.round(Math.min(w, h) * 0.03);
  ctx.font = `bold ${size}px ${PICTURE_FONT}`;
  const pad = size * 0.6;
  const textWidth = ctx.measureText(label).width;
  ctx.fillStyle = 'rgba(0, 0, 0, 0.45)';
  ctx.beginPath();
  ctx.roundRect(pad, pad, textWidth + pad * 2, size + pad * 1.4, size * 0.4);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.textBaseline = 'top';
  ctx.fillText(label, pad * 2, pad * 1.7);
}

/**
 * A picture's title: the subject that opens its description, before the first comma or
 * sentence end ("The draisine of 1817, close-up, in warm light" → "The draisine of 1817"),
 * cut at a word to a short line.
 */
function sceneTitle(description: string): string {
  const subject = description
    .trim()
    .split(/[,;:.!?、，；。！？]/u)[0]!
    .trim();
  return cutAtWord(subject, MAX_TITLE_CHARS);
}

/** The title in large letters across the upper third, where captions rarely sit. */
function drawTitle(ctx: SKRSContext2D, w: number, h: number, title: string): void {
  const text = title.trim();
  if (text === '') return;
  const fontSize = Math.round(Math.min(w, h) * 0.07);
  const maxWidth = w * 0.84;
  ctx.font = `bold ${fontSize}px ${PICTURE_FONT}`;
  let lines = wrapWords(text, (line) => ctx.measureText(line).width <= maxWidth);
  if (lines.length > MAX_TITLE_LINES) {
    lines = lines.slice(0, MAX_TITLE_LINES);
    let last = `${lines[MAX_TITLE_LINES - 1]}…`;
    while (ctx.measureText(last).width > maxWidth && last.length > 2)
      last = `${last.slice(0, -2).trimEnd()}…`;
    lines[MAX_TITLE_LINES - 1] = last;
  }
  const lineHeight = Math.round(fontSize * 1.25);
  const top = Math.round(h * 0.2);
  ctx.fillStyle = '#ffffff';
  ctx.textBaseline = 'top';
  ctx.textAlign = 'center';
  ctx.shadowColor = 'rgba(0, 0, 0, 0.75)';
  ctx.shadowBlur = Math.round(fontSize * 0.15);
  lines.forEach((line, i) => {
    ctx.fillText(line, w / 2, top + i * lineHeight);
  });
  ctx.shadowBlur = 0;
  ctx.textAlign = 'left';
}
