import path from 'node:path';

/**
 * The fonts every drawn text uses (scene pictures and burned-in captions): DejaVu Sans, shipped
 * with the project as an npm dependency so a host needs no system fonts. It covers Latin, Greek
 * and Cyrillic; Japanese falls back to Noto Sans JP (font-catalog.ts), other scripts (Korean,
 * Indic, …) to fonts the host has installed, or show empty boxes — never an error (README, "Fonts").
 */
export const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
export const FONT_FAMILY = 'DejaVu Sans';
export const FONT_FILES = {
  regular: path.join(FONT_DIR, 'DejaVuSans.ttf'),
  bold: path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'),
} as const;
