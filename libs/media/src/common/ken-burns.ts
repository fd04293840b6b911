import { hash32, seededRandom } from './text';

/**
 * Ken Burns motion, as a scale-then-crop over a still that was fitted once to a slightly
 * larger canvas (OVERSAMPLE × the frame): each frame is one downscale of a frame-sized picture
 * plus a crop, far cheaper than zoompan over a full-size picture, and the crop moves in whole
 * output pixels, so slow pans stay smooth (docs/decisions/0023-rendering.md, "Motion", has the measurements).
 */
export const OVERSAMPLE = 1.2;

const KINDS = ['zoom-in', 'pan-right', 'zoom-out', 'pan-down', 'pan-left', 'pan-up'] as const;
export type KenBurnsKind = (typeof KINDS)[number];

/** Zoom (1 = the frame) and where the frame sits in the spare room (0..1 on each axis), at start and end. */
export interface KenBurns {
  kind: KenBurnsKind;
  zoom: [number, number];
  x: [number, number];
  y: [number, number];
}

/**
 * The motion of scene `index` of a video: the kinds take turns from a starting point the seed
 * picks, so neighbouring scenes never move alike; depth and framing vary with the seed too.
 */
export function kenBurnsFor(seed: string, index: number): KenBurns {
  const kind = KINDS[(hash32(seed) + index) % KINDS.length]!;
  const rnd = seededRandom(`${seed}:motion:${index}`);
  const between = ([lo, hi]: readonly [number, number]) => lo + (hi - lo) * rnd();
  const depth = between(DEPTH);
  const fx = between(FOCUS);
  const fy = between(FOCUS);
  return kenBurnsOf(kind, depth, fx, fy);
}

/** How deep a motion zooms, and where a zoom ends (fractions of the spare room). */
const DEPTH = [0.1, 0.16] as const;
const FOCUS = [0.3, 0.7] as const;

function kenBurnsOf(kind: KenBurnsKind, depth: number, fx: number, fy: number): KenBurns {
  switch (kind) {
    case 'zoom-in':
      return { kind, zoom: [1, 1 + depth], x: [0.5, fx], y: [0.5, fy] };
    case 'zoom-out':
      return { kind, zoom: [1 + depth, 1], x: [fx, 0.5], y: [fy, 0.5] };
    case 'pan-right':
      return { kind, zoom: [1.12, 1.12 + depth / 4], x: [0.1, 0.9], y: [fy, fy] };
    case 'pan-left':
      return { kind, zoom: [1.12, 1.12 + depth / 4], x: [0.9, 0.1], y: [fy, fy] };
    case 'pan-down':
      return { kind, zoom: [1.14, 1.14 + depth / 4], x: [fx, fx], y: [0.1, 0.9] };
    case 'pan-up':
      return { kind, zoom: [1.14, 1.14 + depth / 4], x: [fx, fx], y: [0.9, 0.1] };
  }
}

/** The part of the still (fractions of its width and height) a frame shows at `zoom`, placed at x, y. */
function window(
  zoom: number,
  x: number,
  y: number,
): { left: number; top: number; right: number; bottom: number } {
  const shown = 1 / (OVERSAMPLE * zoom);
  return {
    left: x * (1 - shown),
    top: y * (1 - shown),
    right: x * (1 - shown) + shown,
    bottom: y * (1 - shown) + shown,
  };
}

/**
 * The part of a still that stays on screen through every motion `kenBurnsFor` can pick, from
 * its first frame to its last (fractions of the still's width and height): what a picture must
 * keep its subject inside so no zoom or pan cuts it.
 */
let safeArea: { left: number; top: number; right: number; bottom: number } | undefined;

export function kenBurnsSafeArea(): { left: number; top: number; right: number; bottom: number } {
  if (safeArea) return { ...safeArea };
  const safe = { left: 0, top: 0, right: 1, bottom: 1 };
  // Every edge of the window moves monotonically with depth and focus: their extremes bound it.
  for (const kind of KINDS)
    for (const depth of DEPTH)
      for (const fx of FOCUS)
        for (const fy of FOCUS) {
          const kb = kenBurnsOf(kind, depth, fx, fy);
          for (let step = 0; step <= 100; step++) {
            const t = step / 100;
            const at = ([a, b]: [number, number]) => a + (b - a) * t;
            const w = window(at(kb.zoom), at(kb.x), at(kb.y));
            safe.left = Math.max(safe.left, w.left);
            safe.top = Math.max(safe.top, w.top);
            safe.right = Math.min(safe.right, w.right);
            safe.bottom = Math.min(safe.bottom, w.bottom);
          }
        }
  safeArea = safe;
  return { ...safe };
}
