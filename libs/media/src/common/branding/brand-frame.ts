import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type * as ResvgJs from '@resvg/resvg-js';
import { DEFAULT_FONT_ID, fontFamily, fontFiles, fontRuns } from '../font-catalog';
import { type Box, type BrandStyle, DEFAULT_CARD_PALETTE, type LogoCorner, logoBox } from './brand-style';
import { woffToSfnt } from './woff';

/**
 * Frames the service draws for a brand as SVG, rasterised by resvg: the intro and outro cards of
 * a render and the preview frame of `GET /brands/{id}/preview.png` (docs/decisions/0064-brand-kits.md).
 */

const requireFile = createRequire(__filename);
// Loaded on the first drawing: the api draws only previews, on request.
let resvgJs: typeof ResvgJs | undefined;
const resvg = () => (resvgJs ??= requireFile('@resvg/resvg-js') as typeof ResvgJs);

/** A logo to draw: its image as a data URI and its pixel size. */
export interface LogoImage {
  href: string;
  width: number;
  height: number;
}

export async function logoImageFromFile(file: string, width: number, height: number): Promise<LogoImage> {
  const bytes = await readFile(file);
  return logoImage(bytes, width, height);
}

export function logoImage(bytes: Buffer, width: number, height: number): LogoImage {
  const mime =
    bytes[0] === 0x89 && bytes[1] === 0x50 ? 'image/png' : bytes[0] === 0xff ? 'image/jpeg' : 'image/webp';
  return { href: `data:${mime};base64,${bytes.toString('base64')}`, width, height };
}

const fontCache = new Map<string, Promise<string[]>>();
/** The font's files as plain TrueType (resvg reads no WOFF), converted once per process into a cache folder. */
function resvgFontFiles(id: string): Promise<string[]> {
  let files = fontCache.get(id);
  if (!files) {
    files = (async () => {
      const dir = path.join(os.tmpdir(), `vidgen-fonts-${process.getuid?.() ?? 0}`, id);
      await mkdir(dir, { recursive: true });
      return Promise.all(
        fontFiles(id).map(async (f) => {
          if (!f.endsWith('.woff')) return f;
          const out = path.join(dir, `${path.basename(f, '.woff')}.ttf`);
          await writeFile(out, woffToSfnt(await readFile(f)));
          return out;
        }),
      );
    })();
    fontCache.set(id, files);
    files.catch(() => fontCache.delete(id));
  }
  return files;
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Text in the brand's font, with the runs it cannot write in the fonts that can. */
function spans(text: string, fontId: string, fill?: string): { svg: string; fonts: Set<string> } {
  const fonts = new Set<string>();
  const svg = fontRuns(text, fontId)
    .map((r) => {
      fonts.add(r.fontId);
      return `<tspan font-family="${xmlEscape(fontFamily(r.fontId))}"${fill ? ` fill="${fill}"` : ''}>${xmlEscape(r.text)}</tspan>`;
    })
    .join('');
  return { svg, fonts };
}

/** Words into lines of about `max` characters (CJK text, which has no spaces, by characters). */
function wrap(text: string, max: number): string[] {
  const words = text.trim().split(/\s+/);
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && [...last].length + 1 + [...word].length <= max)
      lines[lines.length - 1] = `${last} ${word}`;
    else {
      const chars = [...word];
      for (let i = 0; i < chars.length; i += max) lines.push(chars.slice(i, i + max).join(''));
    }
  }
  return lines.slice(0, 4);
}

function logoSvg(box: Box, logo: LogoImage, opacity: number): string {
  return `<image href="${logo.href}" x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" opacity="${opacity}" preserveAspectRatio="xMidYMid meet"/>`;
}

/**
 * An intro or outro card: the palette's first colour behind the text in its second, in the
 * brand's font, the logo centred above it at twice its size in scenes.
 */
export function cardSvg(
  frame: { width: number; height: number },
  brand: Pick<BrandStyle, 'font' | 'palette'> & {
    logo: (LogoImage & { size: number; opacity: number }) | null;
  },
  text: string,
): { svg: string; fonts: Set<string> } {
  const { width, height } = frame;
  const [backdrop, ink] = brand.palette && brand.palette.length >= 2 ? brand.palette : DEFAULT_CARD_PALETTE;
  const short = Math.min(width, height);
  const size = Math.round(short * 0.075);
  const lines = wrap(text, Math.max(8, Math.floor((width * 0.8) / (size * 0.55))));
  const fonts = new Set<string>([brand.font ?? DEFAULT_FONT_ID]);
  const lineHeight = Math.round(size * 1.25);
  let logo = '';
  let textTop = height / 2 - ((lines.length - 1) * lineHeight) / 2;
  if (brand.logo) {
    const lw = Math.round(short * Math.min(0.4, brand.logo.size * 2));
    const lh = Math.round((lw * brand.logo.height) / Math.max(1, brand.logo.width));
    const blockTop = height / 2 - (lh + size + lines.length * lineHeight) / 2;
    logo = logoSvg(
      { x: Math.round((width - lw) / 2), y: Math.round(blockTop), width: lw, height: lh },
      brand.logo,
      1,
    );
    textTop = blockTop + lh + size + size * 0.35;
  }
  const body = lines
    .map((line, i) => {
      const s = spans(line, brand.font ?? DEFAULT_FONT_ID);
      for (const f of s.fonts) fonts.add(f);
      return `<text x="${width / 2}" y="${Math.round(textTop + i * lineHeight + size * 0.35)}" font-size="${size}" fill="${ink}" text-anchor="middle">${s.svg}</text>`;
    })
    .join('');
  return {
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${backdrop}"/>${logo}${body}</svg>`,
    fonts,
  };
}

/**
 * The preview frame: a drawn picture's backdrop in the palette, the logo at its corner and a
 * caption in the brand's font, colours and place, as a video with the brand shows them.
 */
export function previewSvg(
  frame: { width: number; height: number },
  brand: Omit<BrandStyle, 'logo'> & {
    logo: (LogoImage & { position: LogoCorner; size: number; opacity: number }) | null;
  },
  caption: string,
): { svg: string; fonts: Set<string> } {
  const { width, height } = frame;
  const palette = brand.palette && brand.palette.length >= 2 ? brand.palette : DEFAULT_CARD_PALETTE;
  const stops = palette
    .map((c, i) => `<stop offset="${(i / (palette.length - 1)).toFixed(3)}" stop-color="${c}"/>`)
    .join('');
  const short = Math.min(width, height);
  const c = brand.captions ?? {
    text_color: '#FFFFFF',
    box_color: '#000000',
    box_opacity: 0.7,
    highlight_color: '#FFD23F',
    position: 'bottom' as const,
  };
  const size = Math.round(short * 0.06);
  const words = caption.split(' ');
  const fontId = brand.font ?? DEFAULT_FONT_ID;
  const fonts = new Set<string>([fontId]);
  const parts = words.map((w, i) => {
    const s = spans(
      `${w}${i < words.length - 1 ? ' ' : ''}`,
      fontId,
      i === 1 ? c.highlight_color : c.text_color,
    );
    for (const f of s.fonts) fonts.add(f);
    return s.svg;
  });
  const box = brand.logo ? logoBox(frame, brand.logo) : undefined;
  const margin = captionMargin(frame, c.position, box);
  const y =
    c.position === 'top'
      ? margin + size
      : c.position === 'middle'
        ? height / 2 + size * 0.35
        : height - margin;
  const boxWidth = Math.min(width * 0.9, [...caption].length * size * 0.6 + size);
  const boxSvg = `<rect x="${(width - boxWidth) / 2}" y="${y - size * 1.05}" width="${boxWidth}" height="${size * 1.5}" fill="${c.box_color}" fill-opacity="${c.box_opacity}"/>`;
  const text = `<text x="${width / 2}" y="${y}" font-size="${size}" text-anchor="middle">${parts.join('')}</text>`;
  const logo = brand.logo && box ? logoSvg(box, brand.logo, brand.logo.opacity) : '';
  return {
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">${stops}</linearGradient></defs><rect width="${width}" height="${height}" fill="url(#bg)"/>${boxSvg}${text}${logo}</svg>`,
    fonts,
  };
}

/**
 * The caption's distance from its edge of the frame (bottom or top): the usual 7 % of the height,
 * or clear of the logo when the logo sits on the same edge, so captions never run under it.
 */
export function captionMargin(
  frame: { width: number; height: number },
  position: 'bottom' | 'middle' | 'top',
  logo: Box | undefined,
): number {
  const base = Math.round(frame.height * 0.07);
  if (!logo || position === 'middle') return base;
  const gap = Math.round(Math.min(frame.width, frame.height) * 0.02);
  const onTop = logo.y < frame.height / 2;
  if (position === 'top' && onTop) return Math.max(base, logo.y + logo.height + gap);
  if (position === 'bottom' && !onTop) return Math.max(base, frame.height - logo.y + gap);
  return base;
}

/** An SVG drawn as PNG with the given catalogue fonts. */
export async function renderSvgPng(drawing: { svg: string; fonts: Set<string> }): Promise<Buffer> {
  const fontFilesList = (await Promise.all([...drawing.fonts].map(resvgFontFiles))).flat();
  const r = new (resvg().Resvg)(drawing.svg, {
    font: {
      loadSystemFonts: false,
      fontFiles: fontFilesList,
      defaultFontFamily: fontFamily(DEFAULT_FONT_ID),
    },
  });
  return r.render().asPng();
}
