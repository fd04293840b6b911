import { captionMargin } from '../common/branding/brand-frame';
import { assColour, type Box, type BrandCaptionStyle } from '../common/branding/brand-style';
import { DEFAULT_FONT_ID, fontFamily, fontRuns } from '../common/font-catalog';
import type { CaptionOptions } from '../common/media.types';
import type { Cue } from '../common/timeline';

/** What a brand changes in captions: font, colours, place, and the logo they keep clear of. */
export interface CaptionBrand {
  font?: string | null;
  colours?: BrandCaptionStyle | null;
  logo?: Box;
}

/** Caption height as a share of the frame's shorter side. */
const FONT_SHARE: Record<CaptionOptions['size'], number> = { small: 0.045, medium: 0.06, large: 0.08 };
/** The spoken word's colour in `word` captions (ASS colours are &HBBGGRR): a warm yellow, #FFD23F. */
export const HIGHLIGHT_COLOUR = '&H3FD2FF&';
/** ASS alignment codes (numpad layout): bottom, middle and top centre. */
const ALIGNMENT: Record<CaptionOptions['position'], number> = { bottom: 2, center: 5, top: 8 };

/**
 * An ASS script that shows the given phrases (times relative to the segment's first frame) in
 * DejaVu Sans, white on a translucent dark box, so they read on any picture; libass draws it
 * (the `ass` filter, with the shipped fonts as its fontsdir). In the `word` style a phrase with
 * word timings is one event per word: the whole phrase, the word being spoken in the highlight
 * colour, from that word's start to the next one's.
 */
export function assCaptions(
  phrases: Pick<Cue, 'start' | 'end' | 'text' | 'words'>[],
  frame: { width: number; height: number },
  options: CaptionOptions,
  brand: CaptionBrand = {},
): string {
  const short = Math.min(frame.width, frame.height);
  const size = Math.round(short * FONT_SHARE[options.size]);
  const c = brand.colours;
  const position = c
    ? ({ bottom: 'bottom', middle: 'center', top: 'top' } as const)[c.position]
    : options.position;
  const margin = captionMargin(
    frame,
    ({ bottom: 'bottom', center: 'middle', top: 'top' } as const)[position],
    brand.logo,
  );
  const fontId = brand.font ?? DEFAULT_FONT_ID;
  const family = fontFamily(fontId);
  const text = c ? assColour(c.text_color) : '&H00FFFFFF';
  const textReset = c ? `&H${assColour(c.text_color).slice(4)}&` : '&HFFFFFF&';
  const highlight = c ? `&H${assColour(c.highlight_color).slice(4)}&` : HIGHLIGHT_COLOUR;
  // Runs the brand's font cannot write are drawn in one that can (docs/decisions/0064-brand-kits.md).
  const inFonts = (raw: string) =>
    fontRuns(raw, fontId)
      .map((r) =>
        r.fontId === fontId
          ? assEscape(r.text)
          : `{\\fn${fontFamily(r.fontId)}}${assEscape(r.text)}{\\fn${family}}`,
      )
      .join('');
  const side = Math.round(frame.width * 0.08);
  const box = Math.max(2, Math.round(size * 0.25));
  const style = (name: string, borderStyle: number, outline: number) =>
    [
      name,
      family,
      size,
      text, // primary: white unless the brand says
      text,
      c ? assColour(c.box_color, c.box_opacity) : '&H50000000', // box (BorderStyle 3 draws it in the outline colour): black, about 70 % opaque
      '&H00000000',
      0, // bold
      0,
      0,
      0,
      100,
      100,
      0,
      0,
      borderStyle, // 3: opaque box
      outline,
      0,
      ALIGNMENT[position],
      side,
      side,
      margin,
      1,
    ].join(',');
  const dialogue = (layer: number, name: string, start: number, end: number, text: string) =>
    `Dialogue: ${layer},${formatAssTime(start)},${formatAssTime(end)},${name},,0,0,0,,${text}`;
  const events = phrases
    .filter((p) => p.end > p.start && p.text.trim() !== '')
    .flatMap((p) => {
      const words = p.words ?? [];
      if (options.style !== 'word' || words.length === 0)
        return [dialogue(0, 'Caption', p.start, p.end, inFonts(clean(p.text)))];
      // libass draws a box per run of differently coloured text, and translucent boxes darken
      // where they overlap: the phrase's box is one event underneath (its text transparent), and
      // the text with the spoken word coloured is drawn on it, without a box, once per word.
      const spoken = words.flatMap((_, k) => {
        const start = k === 0 ? p.start : Math.max(p.start, words[k]!.start);
        const end = k === words.length - 1 ? p.end : Math.min(p.end, words[k + 1]!.start);
        // Centiseconds are what ASS counts: an event shorter than one is never drawn.
        if (Math.round(end * 100) <= Math.round(start * 100)) return [];
        const text = words
          .map((w, j) =>
            j === k
              ? `{\\1c${highlight}}${inFonts(clean(w.text))}{\\1c${textReset}}`
              : inFonts(clean(w.text)),
          )
          .join(' ');
        return [dialogue(1, 'CaptionText', start, end, text)];
      });
      const plain = words.map((w) => inFonts(clean(w.text))).join(' ');
      return [dialogue(0, 'Caption', p.start, p.end, `{\\1a&HFF&}${plain}`), ...spoken];
    });
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${frame.width}`,
    `PlayResY: ${frame.height}`,
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: ${style('Caption', 3, box)}`,
    `Style: ${style('CaptionText', 1, 0)}`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events,
    '',
  ].join('\n');
}

/** Narration on one line, without surrounding spaces. */
function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
/** Braces open override blocks and a backslash starts an escape in ASS text: neither may come from narration. */
function assEscape(text: string): string {
  return text.replace(/\\/g, '\u2216').replace(/\{/g, '(').replace(/\}/g, ')');
}
/** ASS timestamps: H:MM:SS.cc (centiseconds). */
function formatAssTime(seconds: number): string {
  const cs = Math.max(0, Math.round(seconds * 100));
  const h = Math.floor(cs / 360000);
  const m = Math.floor(cs / 6000) % 60;
  const s = Math.floor(cs / 100) % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${h}:${pad(m)}:${pad(s)}.${pad(cs % 100)}`;
}
