import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { FONT_DIR, FONT_FAMILY, FONT_FILES } from './fonts';

/**
 * The fonts a brand may choose (`GET /fonts`), each shipped through a registry package under an
 * open licence, and what each one can write (docs/decisions/0064-brand-kits.md).
 *
 * The @fontsource packages ship each font split into subsets (by script, and Japanese in about a
 * hundred and twenty slices) as WOFF and WOFF2. The pinned ffmpeg's FreeType opens WOFF (zlib) but
 * not WOFF2 (no brotli), so the renderer loads the WOFF files of weight 400. A package's
 * unicode.json gives each subset's code points (taken from the font's own cmap by Fontsource): a
 * character is covered when one of the font's subsets lists it.
 */

export interface FontInfo {
  /** The id a brand names: the package's font id. */
  id: string;
  /** The family name inside the font files (what libass and resvg select by). */
  family: string;
  /** Scripts it writes, in the names of ISO 15924. */
  scripts: string[];
  /** SPDX expression of the font's licence. */
  license: string;
  /** The registry package that ships it. */
  package: string;
}

interface FontSource extends FontInfo {
  /** Files the renderer loads, relative to the package folder. */
  files(): string[];
  /** Sorted [first, last] code point ranges the files cover. */
  ranges(): [number, number][];
}

/** The font a video without a brand (or a brand without a font) uses. */
export const DEFAULT_FONT_ID = 'dejavu-sans';
/** What writes CJK text a chosen font cannot: Japanese kana and the kanji Chinese shares. */
export const CJK_FALLBACK_FONT_ID = 'noto-sans-jp';

/** Fontsource subset names as scripts. */
const SUBSET_SCRIPTS: Record<string, string> = {
  latin: 'Latn',
  'latin-ext': 'Latn',
  vietnamese: 'Latn',
  cyrillic: 'Cyrl',
  'cyrillic-ext': 'Cyrl',
  greek: 'Grek',
  'greek-ext': 'Grek',
  devanagari: 'Deva',
  japanese: 'Jpan',
};

const packageDir = (pkg: string) =>
  // @fontsource packages export their LICENSE but not their package.json.
  path.dirname(require.resolve(`${pkg}/LICENSE`));

/** A @fontsource package's weight-400 upright WOFF files and its unicode.json ranges. */
function fontsource(id: string, family: string, license: string): FontSource {
  const pkg = `@fontsource/${id}`;
  let unicode: Record<string, string> | undefined;
  const table = () => {
    unicode ??= require(path.join(packageDir(pkg), 'unicode.json')) as Record<string, string>;
    return unicode;
  };
  return {
    id,
    family,
    license,
    package: pkg,
    get scripts() {
      const subsets = Object.keys(table()).map((k) => (/^\[\d+\]$/.test(k) ? 'japanese' : k));
      return [...new Set(subsets.map((s) => SUBSET_SCRIPTS[s]).filter((s): s is string => !!s))].sort();
    },
    files: () =>
      Object.keys(table()).map((k) => `files/${id}-${k.replace(/^\[(\d+)\]$/, '$1')}-400-normal.woff`),
    ranges: () => mergeRanges(Object.values(table()).flatMap(parseUnicodeRange)),
  };
}

/**
 * DejaVu Sans ships as TTF (dejavu-fonts-ttf) and has no unicode.json: its coverage is this pinned
 * table of the blocks it writes whole (Latin, Greek, Cyrillic, punctuation and symbols).
 */
const DEJAVU: FontSource = {
  id: DEFAULT_FONT_ID,
  family: FONT_FAMILY,
  scripts: ['Cyrl', 'Grek', 'Latn'],
  license: 'LicenseRef-DejaVu-Fonts',
  package: 'dejavu-fonts-ttf',
  files: () => [path.relative(path.dirname(FONT_DIR), FONT_FILES.regular)],
  ranges: () => [
    [0x20, 0x24f],
    [0x250, 0x2ff],
    [0x300, 0x36f],
    [0x370, 0x3ff],
    [0x400, 0x52f],
    [0x1e00, 0x1fff],
    [0x2000, 0x206f],
    [0x20a0, 0x20cf],
    [0x2100, 0x214f],
    [0x2190, 0x21ff],
    [0x2200, 0x22ff],
  ],
};

const SOURCES: readonly FontSource[] = [
  DEJAVU,
  fontsource('inter', 'Inter', 'OFL-1.1'),
  fontsource('lato', 'Lato', 'OFL-1.1'),
  fontsource('noto-sans', 'Noto Sans', 'OFL-1.1'),
  fontsource('noto-sans-jp', 'Noto Sans JP', 'OFL-1.1'),
];

/** Every font a brand may name, in the order `GET /fonts` lists them. */
export function listFonts(): FontInfo[] {
  return SOURCES.map(({ id, family, scripts, license, package: pkg }) => ({
    id,
    family,
    scripts,
    license,
    package: pkg,
  }));
}

export function isFontId(id: string): boolean {
  return SOURCES.some((s) => s.id === id);
}

function source(id: string): FontSource {
  const found = SOURCES.find((s) => s.id === id);
  if (!found) throw new RangeError(`No font ${id}`);
  return found;
}

export function fontFamily(id: string): string {
  return source(id).family;
}

/** The files the renderer loads for a font, as absolute paths. */
export function fontFiles(id: string): string[] {
  const s = source(id);
  const dir = s === DEJAVU ? path.dirname(FONT_DIR) : packageDir(s.package);
  return s.files().map((f) => path.join(dir, f));
}

/** Package → the files in it the renderer loads, for the licence inventory's pins. */
export function fontFilesInUse(): Record<string, string[]> {
  return Object.fromEntries(SOURCES.map((s) => [s.package, s.files()]));
}

const rangeCache = new Map<string, [number, number][]>();
/** Whether the font can write the character (by code point). */
export function fontCovers(id: string, codePoint: number): boolean {
  let ranges = rangeCache.get(id);
  if (!ranges) {
    ranges = source(id).ranges();
    rangeCache.set(id, ranges);
  }
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = ranges[mid]!;
    if (codePoint < a) hi = mid - 1;
    else if (codePoint > b) lo = mid + 1;
    else return true;
  }
  return false;
}

export interface FontRun {
  fontId: string;
  text: string;
}

/**
 * The text cut into runs, each in the font that writes it: the chosen one where it can, else the
 * default font, else the CJK fallback (and, where none can, the chosen one: libass then draws what
 * the host has). Spaces and characters every font writes stay in the run around them.
 */
export function fontRuns(text: string, fontId: string): FontRun[] {
  const runs: FontRun[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const last = runs.at(-1);
    if (last && (cp <= 0x20 || (fontCovers(last.fontId, cp) && !fontCovers(fontId, cp)))) {
      last.text += ch;
      continue;
    }
    const chosen = fontCovers(fontId, cp)
      ? fontId
      : fontCovers(DEFAULT_FONT_ID, cp)
        ? DEFAULT_FONT_ID
        : fontCovers(CJK_FALLBACK_FONT_ID, cp)
          ? CJK_FALLBACK_FONT_ID
          : fontId;
    if (last && last.fontId === chosen) last.text += ch;
    else runs.push({ fontId: chosen, text: ch });
  }
  return runs;
}

/**
 * Copies the files of the given fonts into `dir`, for libass's fontsdir (libass reads every file
 * of the folder, so it holds only the fonts a render uses).
 */
export async function fontsDir(dir: string, fontIds: Iterable<string>): Promise<string> {
  await mkdir(dir, { recursive: true });
  const files = [...new Set([...fontIds].flatMap(fontFiles))];
  await Promise.all(files.map((f) => copyFile(f, path.join(dir, path.basename(f)))));
  return dir;
}

/** "U+0460-052F,U+20B4" as [first, last] ranges. */
export function parseUnicodeRange(value: string): [number, number][] {
  return value
    .split(',')
    .map((part) => part.trim().replace(/^U\+/i, ''))
    .filter((part) => part !== '')
    .map((part) => {
      const [a, b] = part.split('-');
      const first = Number.parseInt(a!, 16);
      return [first, b === undefined ? first : Number.parseInt(b, 16)] as [number, number];
    });
}

function mergeRanges(ranges: [number, number][]): [number, number][] {
  const sorted = [...ranges].sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const r of sorted) {
    const last = out.at(-1);
    if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}
