/** What a brand changes in a render (docs/decisions/0064-brand-kits.md). */

export type LogoCorner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

export interface BrandLogoStyle {
  /** The logo image (PNG keeps its transparency), a local file. */
  path: string;
  /** Its size in pixels, for its height on the frame. */
  width: number;
  height: number;
  position: LogoCorner;
  /** Its width as a share of the frame's short side. */
  size: number;
  opacity: number;
}

export interface BrandCaptionStyle {
  text_color: string;
  box_color: string;
  box_opacity: number;
  highlight_color: string;
  position: 'bottom' | 'middle' | 'top';
}

export interface BrandCardStyle {
  text: string;
  seconds: number;
}

export interface BrandStyle {
  logo: BrandLogoStyle | null;
  /** A font id of the catalogue; null: the default font. */
  font: string | null;
  captions: BrandCaptionStyle | null;
  /** Card backdrop first, card text second. */
  palette: string[] | null;
  intro: BrandCardStyle | null;
  outro: BrandCardStyle | null;
}

/** Cards without a palette: dark slate behind near-white text. */
export const DEFAULT_CARD_PALETTE = ['#1F2937', '#F9FAFB'] as const;

/** The edge the logo keeps from the frame's sides, as a share of its short side (title safe). */
export const SAFE_MARGIN = 0.05;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/** Where the logo sits on a frame: its corner, inside the safe margin, its width `size` of the short side. */
export function logoBox(
  frame: { width: number; height: number },
  logo: Omit<BrandLogoStyle, 'path' | 'opacity'>,
): Box {
  const short = Math.min(frame.width, frame.height);
  const margin = Math.round(short * SAFE_MARGIN);
  const width = even(short * logo.size);
  const height = even((width * logo.height) / Math.max(1, logo.width));
  const left = logo.position.endsWith('left');
  const top = logo.position.startsWith('top');
  return {
    x: left ? margin : frame.width - margin - width,
    y: top ? margin : frame.height - margin - height,
    width,
    height,
  };
}

/** `#rrggbb` as ASS's `&HAABBGGRR` (alpha 0 opaque, 255 clear). */
export function assColour(hex: string, opacity = 1): string {
  const h = hex.replace('#', '');
  const alpha = Math.round((1 - opacity) * 255);
  const hx = (n: number) => n.toString(16).padStart(2, '0').toUpperCase();
  return `&H${hx(alpha)}${h.slice(4, 6)}${h.slice(2, 4)}${h.slice(0, 2)}`.toUpperCase();
}

/** Frames of a card of `seconds` at `fps`: whole frames, so picture and sound stay in step. */
export function cardFrames(seconds: number, fps: number): number {
  return Math.max(1, Math.round(seconds * fps));
}

/** Seconds the intro card puts before the first scene (0 without one). */
export function introOffsetSeconds(
  brand: { intro: { seconds: number } | null } | null | undefined,
  fps: number,
): number {
  return brand?.intro ? cardFrames(brand.intro.seconds, fps) / fps : 0;
}

/** WebVTT cue times moved later by `seconds` (the intro card's). */
export function shiftVtt(vtt: string, seconds: number): string {
  if (seconds === 0) return vtt;
  const stamp = (t: string) => {
    const parts = t.split(':').map(Number);
    const total = parts.reduce((acc, p) => acc * 60 + p, 0) + seconds;
    const ms = Math.round(total * 1000);
    const pad = (v: number, w = 2) => String(v).padStart(w, '0');
    return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
  };
  return vtt
    .split('\n')
    .map((line) =>
      line.includes('-->') ? line.replace(/(?:\d+:)?\d{2}:\d{2}\.\d{3}/g, (t) => stamp(t)) : line,
    )
    .join('\n');
}
