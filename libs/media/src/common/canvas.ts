import type * as Canvas from '@napi-rs/canvas';
import { FONT_FAMILY, FONT_FILES } from './fonts';

let loaded: typeof Canvas | undefined;

/**
 * @napi-rs/canvas (Skia), loaded on first use with the shipped fonts registered, so Latin, Greek
 * and Cyrillic draw the same on every host; characters DejaVu lacks fall back to the host's fonts
 * (README, "Fonts"). Loaded lazily because the library costs a process about 20 MB of memory and
 * the api, which imports this package for its voices and checks, never draws.
 */
export function canvas(): typeof Canvas {
  if (!loaded) {
    const lib = require('@napi-rs/canvas') as typeof Canvas;
    for (const file of Object.values(FONT_FILES)) lib.GlobalFonts.registerFromPath(file, FONT_FAMILY);
    loaded = lib;
  }
  return loaded;
}
