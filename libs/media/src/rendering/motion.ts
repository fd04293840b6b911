import { type KenBurns, OVERSAMPLE } from '../common/ken-burns';

// The ffmpeg filters that fit a still or a clip to the frame, and move a still as its Ken Burns
// motion (common/ken-burns.ts) says.

const num = (v: number) => Number(v.toFixed(5)).toString();
const lerp = ([a, b]: [number, number], p: string) => (a === b ? num(a) : `(${num(a)}+${num(b - a)}*${p})`);

/**
 * Filters that fit any picture to the frame without distortion (cover: scaled until it fills
 * the frame, centred, the overflow cropped) and repeat it for `frames` frames, moving or not.
 * `offset`/`span`: where these frames sit in the scene's on-screen span, so two renders of
 * different parts of one scene continue the same motion.
 */
export function stillFilters(opts: {
  width: number;
  height: number;
  fps: number;
  frames: number;
  motion: KenBurns | null;
  offset: number;
  span: number;
}): string {
  const { width: w, height: h, fps, frames, motion } = opts;
  const even = (v: number) => 2 * Math.round(v / 2);
  const bw = motion ? even(w * OVERSAMPLE) : w;
  const bh = motion ? even(h * OVERSAMPLE) : h;
  // Stills are full-range RGB: convert to limited-range BT.709, which every player expects of H.264.
  const fit = [
    `scale=${bw}:${bh}:force_original_aspect_ratio=increase:out_color_matrix=bt709:out_range=tv`,
    `crop=${bw}:${bh}`,
    'setsar=1',
    'format=yuv420p',
    // settb + setpts=N give integer frame timestamps, so segments join without drift.
    `loop=loop=${frames - 1}:size=1:start=0`,
    `settb=1/${fps}`,
    'setpts=N',
  ];
  if (!motion) return fit.join(',');
  const p = `clip((n+${opts.offset})/${Math.max(1, opts.span - 1)},0,1)`;
  const zoom = lerp(motion.zoom, p);
  return [
    ...fit,
    // Bilinear: a slight downscale per frame needs no more, and costs 40 % less than bicubic.
    `scale=w='2*trunc(${w}*${zoom}/2)':h='2*trunc(${h}*${zoom}/2)':eval=frame:flags=bilinear`,
    // At exact pixels: in 4:2:0 `crop` otherwise rounds to even ones, and slow pans would step
    // two at a time. The crop follows the scale directly: with a `format` filter between them,
    // zooms were cropped in the wrong place.
    `crop=w=${w}:h=${h}:x='(iw-${w})*${lerp(motion.x, p)}':y='(ih-${h})*${lerp(motion.y, p)}':exact=1`,
    'setsar=1',
    // Scaled and cropped in 4:2:0, the still's own format: in 4:4:4 (what the graph settled on
    // for xfade), and converted back every frame, they cost a fifth of a segment
    // (docs/decisions/0089-segments-stay-in-4-2-0.md).
    'format=yuv420p',
  ].join(',');
}

/**
 * Filters that fit a clip to the frame like a still (cover, centred, limited-range BT.709) at
 * the video's frame rate, whatever the clip's own rate and size, and take `frames` of its
 * frames from `offset` on (the clip's frame `offset` is the scene's frame `offset`, so the frames
 * the previous segment fades in and those this one shows continue each other). The input is
 * looped (`-stream_loop -1`), so a clip shorter than its scene starts over; a longer one is cut.
 */
export function clipFilters(opts: {
  width: number;
  height: number;
  fps: number;
  frames: number;
  offset: number;
}): string {
  const { width: w, height: h, fps, frames, offset } = opts;
  return [
    `fps=${fps}`,
    `scale=${w}:${h}:force_original_aspect_ratio=increase:out_color_matrix=bt709:out_range=tv`,
    `crop=${w}:${h}`,
    'setsar=1',
    'format=yuv420p',
    `trim=start_frame=${offset}:end_frame=${offset + frames}`,
    `settb=1/${fps}`,
    'setpts=N',
  ].join(',');
}
