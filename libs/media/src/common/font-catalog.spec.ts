import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fontCovers, fontFiles, fontRuns, listFonts, parseUnicodeRange } from './font-catalog';

describe('font catalogue', () => {
  it('lists each font with the scripts its package says it covers, and every file it loads exists', () => {
    const fonts = listFonts();
    expect(fonts.map((f) => f.id)).toEqual(['dejavu-sans', 'inter', 'lato', 'noto-sans', 'noto-sans-jp']);
    expect(fonts.find((f) => f.id === 'inter')!.scripts).toEqual(['Cyrl', 'Grek', 'Latn']);
    expect(fonts.find((f) => f.id === 'lato')!.scripts).toEqual(['Latn']);
    expect(fonts.find((f) => f.id === 'noto-sans-jp')!.scripts).toContain('Jpan');
    for (const f of fonts) {
      const files = fontFiles(f.id);
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) expect(existsSync(file), file).toBe(true);
    }
  });

  it('knows which characters a font writes from its cmap ranges', () => {
    expect(fontCovers('lato', 'A'.codePointAt(0)!)).toBe(true);
    expect(fontCovers('lato', 'Ж'.codePointAt(0)!)).toBe(false);
    expect(fontCovers('inter', 'Ж'.codePointAt(0)!)).toBe(true);
    expect(fontCovers('inter', 'の'.codePointAt(0)!)).toBe(false);
    expect(fontCovers('noto-sans-jp', 'の'.codePointAt(0)!)).toBe(true);
    expect(fontCovers('noto-sans-jp', '語'.codePointAt(0)!)).toBe(true);
  });

  it('cuts Japanese out of a Latin font into the CJK fallback, and Cyrillic out of Lato into the default', () => {
    expect(fontRuns('Hello 日本語です!', 'inter')).toEqual([
      { fontId: 'inter', text: 'Hello ' },
      { fontId: 'noto-sans-jp', text: '日本語です' },
      { fontId: 'inter', text: '!' },
    ]);
    expect(fontRuns('Да, yes', 'lato')).toEqual([
      { fontId: 'dejavu-sans', text: 'Да' },
      { fontId: 'lato', text: ', yes' },
    ]);
    expect(fontRuns('plain text', 'lato')).toEqual([{ fontId: 'lato', text: 'plain text' }]);
  });

  it('reads CSS unicode-range values', () => {
    expect(parseUnicodeRange('U+0460-052F,U+20B4, U+1f235-1f23b')).toEqual([
      [0x460, 0x52f],
      [0x20b4, 0x20b4],
      [0x1f235, 0x1f23b],
    ]);
  });
});
