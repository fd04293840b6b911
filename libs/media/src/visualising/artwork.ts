import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as IconifyUtils from '@iconify/utils';
import type * as ResvgJs from '@resvg/resvg-js';

type IconifyJSON = Parameters<typeof IconifyUtils.getIconData>[0];

import type { ArtworkCredit } from '../common/media.types';
import { englishName, setDrawable, thingHexcodes } from './lexicon';
import type { Colour } from './scene.reader';

/**
 * The artwork set: Microsoft's Fluent Emoji in their flat style (MIT), as the Iconify JSON
 * package `@iconify-json/fluent-emoji-flat` ships it. One style for every picture, so the scenes
 * of a video look drawn by one hand. Loaded on first use, once per process; only the SVG of a
 * drawn thing is rendered (resvg), at the size it is drawn.
 */
export const ARTWORK_SET = {
  name: 'Fluent Emoji Flat',
  author: 'Microsoft Corporation',
  license: 'MIT',
  sourceUrl: 'https://github.com/microsoft/fluentui-emoji',
  npm: '@iconify-json/fluent-emoji-flat',
} as const;

const requireFile = createRequire(__filename);

// Required on the first drawing, like the artwork itself: the api lists and describes pictures
// but never draws one, and the renderer's native library and the SVG helpers cost the api's
// start-up about 4 MB of memory (docs/decisions/0020-service-memory.md).
let iconifyUtils: typeof IconifyUtils | undefined;
let resvgJs: typeof ResvgJs | undefined;
const iconify = () => (iconifyUtils ??= requireFile('@iconify/utils') as typeof IconifyUtils);
const resvg = () => (resvgJs ??= requireFile('@resvg/resvg-js') as typeof ResvgJs);

interface Loaded {
  icons: IconifyJSON;
  /** emoji hexcode (lower case, '-' joined) → icon name */
  byHex: Map<string, string>;
}

let loaded: Loaded | undefined;

function load(): Loaded {
  if (loaded) return loaded;
  const icons = JSON.parse(
    readFileSync(requireFile.resolve('@iconify-json/fluent-emoji-flat/icons.json'), 'utf8'),
  ) as IconifyJSON;
  const chars = JSON.parse(
    readFileSync(requireFile.resolve('@iconify-json/fluent-emoji-flat/chars.json'), 'utf8'),
  ) as Record<string, string>;
  const byHex = new Map<string, string>();
  // Only the artwork of things is kept: faces, people, flags and signs are never drawn.
  const things = thingHexcodes();
  const kept: IconifyJSON['icons'] = {};
  for (const [hex, name] of Object.entries(chars)) {
    const icon = icons.icons[name];
    if (!icon || !things.has(hex.replace(/-fe0f/g, ''))) continue;
    kept[name] = icon;
    byHex.set(hex, name);
    // The annotations write some emoji without their variation selector (2764 for ❤️).
    const bare = hex.replace(/-fe0f/g, '');
    if (!byHex.has(bare)) byHex.set(bare, name);
  }
  loaded = { icons: { ...icons, icons: kept, aliases: {} }, byHex };
  setDrawable(new Set(byHex.keys()));
  return loaded;
}

/** Loads the artwork and tells the lexicon which things it can draw; idempotent. */
export function loadArtwork(): void {
  load();
}

/** The credit for one drawn thing. */
export function creditFor(hexcode: string): ArtworkCredit {
  return {
    title: `${englishName(hexcode)} (${ARTWORK_SET.name})`,
    author: ARTWORK_SET.author,
    license: ARTWORK_SET.license,
    source_url: ARTWORK_SET.sourceUrl,
  };
}

export function hasArtwork(hexcode: string): boolean {
  return load().byHex.has(hexcode);
}

/** The SVG of a thing, its colours turned to `colour` when given. */
export function artworkSvg(hexcode: string, size: number, colour?: Colour): string {
  const { icons, byHex } = load();
  const { getIconData, iconToHTML, iconToSVG, replaceIDs } = iconify();
  const name = byHex.get(hexcode);
  const data = name ? getIconData(icons, name) : null;
  if (!data) throw new RangeError(`No artwork for ${hexcode}`);
  const svg = iconToSVG(data, { width: String(size), height: String(size) });
  let body = replaceIDs(svg.body);
  if (colour) body = body.replace(/#([0-9a-f]{6}|[0-9a-f]{3})\b/gi, (hex) => tint(hex, colour));
  return iconToHTML(body, svg.attributes);
}

/** A thing drawn as a square PNG of `size` pixels, transparent around it. */
export function artworkPng(hexcode: string, size: number, colour?: Colour): Buffer {
  const svg = artworkSvg(hexcode, size, colour);
  return new (resvg().Resvg)(svg, { fitTo: { mode: 'width', value: size }, font: { loadSystemFonts: false } })
    .render()
    .asPng();
}

/** One colour of the artwork moved to the asked hue (or grey), its light and shade kept. */
function tint(hex: string, colour: Colour): string {
  const full =
    hex.length === 4
      ? hex
          .slice(1)
          .split('')
          .map((c) => c + c)
          .join('')
      : hex.slice(1);
  const r = Number.parseInt(full.slice(0, 2), 16) / 255;
  const g = Number.parseInt(full.slice(2, 4), 16) / 255;
  const b = Number.parseInt(full.slice(4, 6), 16) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const s = max === min ? 0 : (max - min) / (1 - Math.abs(2 * l - 1));
  // Near-white highlights and near-black outlines stay as they are.
  if (l > 0.93 || l < 0.08) return hex;
  if (colour.kind === 'grey') {
    const target = colour.lightness / 100;
    return hslHex(0, 0.04, Math.min(0.97, Math.max(0.06, target + (l - 0.5) * 0.45)));
  }
  return hslHex(colour.hue, Math.max(s, 0.55), Math.min(0.8, Math.max(0.25, l)));
}

function hslHex(h: number, s: number, l: number): string {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const to = (v: number) =>
    Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${to(f(0))}${to(f(8))}${to(f(4))}`;
}
