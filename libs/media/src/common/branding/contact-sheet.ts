import { DEFAULT_FONT_ID } from '../font-catalog';
import { type AspectRatio, frameSize } from '../media.types';
import { type LogoImage, renderSvgPng } from './brand-frame';

/** Tiles in a row of the sheet, and the room around them. */
const COLUMNS = 4;
const GAP = 12;

/**
 * A storyboard's contact sheet (docs/decisions/0068-storyboard-and-draft.md): the scenes'
 * pictures in order, each at half the draft's frame, with its number in a badge; a scene without
 * a picture (or with a clip) is an empty tile with its number. No narration text is drawn.
 * Rasterised by resvg, as the brand preview is: no ffmpeg in the api.
 */
export function contactSheetPng(pictures: (LogoImage | null)[], aspectRatio: AspectRatio): Promise<Buffer> {
  const frame = frameSize(aspectRatio, '360p');
  const w = frame.width / 2;
  const h = frame.height / 2;
  const columns = Math.max(1, Math.min(COLUMNS, pictures.length));
  const rows = Math.max(1, Math.ceil(pictures.length / columns));
  const width = GAP + columns * (w + GAP);
  const height = GAP + rows * (h + GAP);
  const badge = Math.round(Math.min(w, h) / 6);
  const tiles = pictures.map((p, i) => {
    const x = GAP + (i % columns) * (w + GAP);
    const y = GAP + Math.floor(i / columns) * (h + GAP);
    const picture = p
      ? `<image href="${p.href}" x="${x}" y="${y}" width="${w}" height="${h}" preserveAspectRatio="xMidYMid slice"/>`
      : `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#3a3a3a"/>`;
    const cx = x + badge + 4;
    const cy = y + badge + 4;
    return `${picture}<circle cx="${cx}" cy="${cy}" r="${badge}" fill="#111111" fill-opacity="0.8"/><text x="${cx}" y="${cy}" font-size="${Math.round(badge * 1.1)}" fill="#ffffff" text-anchor="middle" dominant-baseline="central">${i + 1}</text>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#1c1c1c"/>${tiles.join('')}</svg>`;
  return renderSvgPng({ svg, fonts: new Set([DEFAULT_FONT_ID]) });
}
