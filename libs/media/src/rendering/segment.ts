import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { logoBox } from '../common/branding/brand-style';
import { DEFAULT_FONT_ID, fontRuns, fontsDir } from '../common/font-catalog';
import { FONT_DIR, FONT_FILES } from '../common/fonts';
import { kenBurnsFor } from '../common/ken-burns';
import {
  type AspectRatio,
  frameSize,
  type RenderOutputOptions,
  type WordTiming,
} from '../common/media.types';
import { buildTimeline, phraseCues } from '../common/timeline';
import { assCaptions } from './captions';
import { clipInputArgs } from './clip-input';
import { FFMPEG_COMMON_ARGS, filterValue } from './ffmpeg-process';
import { clipFilters, stillFilters } from './motion';
import { fadeFrames, planTimeline, type RenderStyle, sceneSpan } from './render-plan';

/** What a segment needs to know of every scene: the plan (and so its own timing) depends on all of them. */
export interface SegmentScene {
  imagePath: string;
  /** The visual is a video clip (see RenderScene.clip). */
  clip?: boolean;
  durationSeconds: number;
  /** The words spoken over the scene: its burned-in captions. */
  narration?: string;
  /** When each of them is spoken, from the scene's start: the captions follow them. */
  words?: readonly WordTiming[] | null;
}

export interface SegmentInput {
  scenes: SegmentScene[];
  /** Zero-based scene whose segment this is. */
  index: number;
  aspectRatio: AspectRatio;
  style: RenderStyle;
  /** Frame size and rate; left out, 720p at the renderer's rate. */
  output?: RenderOutputOptions;
}

/**
 * ffmpeg encodes segments alike, so the join can copy them into one stream. x264's fastest
 * preset with CABAC back on, at CRF 24: the same or better SSIM against a lossless encode than
 * the superfast CRF 23 before it, in smaller files, for about a third less CPU per segment
 * (docs/decisions/0073-segment-encoder-settings.md, bench/encoder.ts). One encoder thread: a
 * media slot is a core, and ffmpeg already runs the filter graph and the encoder side by side
 * (docs/decisions/0080-one-thread-per-segment.md).
 */
export const SEGMENT_ENCODE_ARGS = [
  '-c:v',
  'libx264',
  '-preset',
  'ultrafast',
  '-crf',
  '24',
  '-x264-params',
  'cabac=1',
  '-threads',
  '1',
  '-pix_fmt',
  'yuv420p',
];

/**
 * The filter graph without slice threads: on the filters' own thread beside the encoder's, a
 * segment took less CPU and less time, alone or two at a time (docs/decisions/0080-one-thread-per-segment.md).
 */
export const SEGMENT_FILTER_ARGS = ['-filter_complex_threads', '1'];

/**
 * The ffmpeg arguments of scene `index`'s segment: its still (moving or not) for exactly its
 * narration's frames, ending in the crossfade into the next scene's first frames (rendered here
 * from the next scene's picture and motion), captions burned in. `dir` receives the captions
 * script; ffmpeg must run with `dir` as its working folder.
 */
export async function segmentArgs(
  input: SegmentInput,
  fps: number,
  dir: string,
  outPath: string,
): Promise<{ args: string[]; frames: number }> {
  const { scenes, index: i, style } = input;
  const { width, height } = frameSize(input.aspectRatio, input.output?.resolution);
  const plan = planTimeline(
    scenes.map((s) => s.durationSeconds),
    fps,
  );
  const frames = plan.frames[i]!;
  const fade = fadeFrames(plan, i, style.transition, fps);
  // A clip moves by itself: no motion effect on it.
  const motion = (j: number) =>
    style.motion === 'kenburns' && !scenes[j]!.clip ? kenBurnsFor(style.seed, j) : null;
  const visual = (j: number, o: { frames: number; offset: number; span: number }) =>
    scenes[j]!.clip
      ? clipFilters({ width, height, fps, frames: o.frames, offset: o.offset })
      : stillFilters({ width, height, fps, motion: motion(j), ...o });

  const own = sceneSpan(plan, i, style.transition, fps);
  const filters = [
    `[0:v]${visual(i, { frames, offset: plan.startFrames[i]! - own.start, span: own.length })}[own]`,
  ];
  let video = '[own]';
  if (fade > 0) {
    // xfade works in 4:4:4 only: given the whole scene, it made ffmpeg scale and caption every
    // frame in 4:4:4 and convert it back. Only the crossfade's own frames go through it; the
    // frames before it stay in 4:2:0 (docs/decisions/0089-segments-stay-in-4-2-0.md).
    const next = sceneSpan(plan, i + 1, style.transition, fps);
    const before = frames - fade;
    filters.push(
      `[1:v]${visual(i + 1, { frames: fade, offset: 0, span: next.length })}[next]`,
      `[own]split[ownhead][owntail]`,
      `[ownhead]trim=end_frame=${before}[head]`,
      `[owntail]trim=start_frame=${before},setpts=PTS-STARTPTS[tail]`,
      `[tail][next]xfade=transition=fade:duration=${fade / fps}:offset=0,format=yuv420p[crossfade]`,
      `[head][crossfade]concat=n=2:v=1:a=0[faded]`,
    );
    video = '[faded]';
  }

  const brand = style.brand ?? null;
  const logo = brand?.logo ? logoBox({ width, height }, brand.logo) : undefined;
  const narration = scenes[i]!.narration ?? '';
  if (style.captions.burn_in && narration.trim() !== '') {
    const [cue] = buildTimeline([
      { narration, durationSeconds: scenes[i]!.durationSeconds, words: scenes[i]!.words },
    ]).cues;
    await writeFile(
      path.join(dir, 'captions.ass'),
      assCaptions(phraseCues(cue!), { width, height }, style.captions, {
        font: brand?.font,
        colours: brand?.captions,
        logo,
      }),
    );
    // libass reads every file of its fontsdir: the shipped DejaVu folder, or one holding just the
    // fonts these captions use when a brand's font or a fallback for another script is needed.
    const fontIds = new Set(fontRuns(narration, brand?.font ?? DEFAULT_FONT_ID).map((r) => r.fontId));
    const fonts =
      [...fontIds].every((f) => f === DEFAULT_FONT_ID) && !brand?.font
        ? FONT_DIR
        : await fontsDir(path.join(dir, 'fonts'), [DEFAULT_FONT_ID, ...fontIds]);
    filters.push(
      `${video}ass=filename=captions.ass:fontsdir=${filterValue(fonts)},format=yuv420p[captioned]`,
    );
    video = '[captioned]';
  }
  const logoInput = fade > 0 ? 2 : 1;
  if (brand?.logo && logo) {
    // The logo over everything, captions included (they keep clear of it), its alpha kept and
    // scaled by the brand's opacity. It is read and prepared once, already in the frame's YUV
    // (BT.709, with alpha), and the overlay repeats that one frame: decoding, scaling and
    // converting it for every frame made a branded segment about a third slower (bench/brand-render.ts).
    filters.push(
      `[${logoInput}:v]scale=${logo.width}:${logo.height},format=rgba,colorchannelmixer=aa=${brand.logo.opacity},scale=out_color_matrix=bt709:out_range=tv,format=yuva420p[logo]`,
      `${video}[logo]overlay=x=${logo.x}:y=${logo.y}:format=yuv420:eof_action=repeat,format=yuv420p[branded]`,
    );
    video = '[branded]';
  }

  const mark = input.output?.mark;
  if (mark) {
    filters.push(`${video}${markFilter(mark, height)}[marked]`);
    video = '[marked]';
  }

  const args = [
    ...FFMPEG_COMMON_ARGS,
    '-loglevel',
    'error',
    ...inputArgs(scenes[i]!, fps),
    ...(fade > 0 ? inputArgs(scenes[i + 1]!, fps) : []),
    ...(brand?.logo ? ['-framerate', String(fps), '-i', brand.logo.path] : []),
    ...SEGMENT_FILTER_ARGS,
    '-filter_complex',
    filters.join(';'),
    '-map',
    video,
    '-frames:v',
    String(frames),
    ...SEGMENT_ENCODE_ARGS,
    '-r',
    String(fps),
    '-an',
    '-f',
    'mp4',
    outPath,
  ];
  return { args, frames };
}

/**
 * A draft's mark: the text in white on a solid red box in the frame's top-left corner, over
 * everything (captions and logo included), its size following the frame's height.
 */
export function markFilter(text: string, height: number): string {
  const size = Math.max(12, Math.round(height / 15));
  const pad = Math.round(size / 2);
  return [
    `drawtext=fontfile=${filterValue(FONT_FILES.bold)}`,
    `text=${filterValue(text)}`,
    `fontsize=${size}`,
    'fontcolor=white',
    'box=1',
    `boxcolor=${MARK_BOX_COLOUR}`,
    `boxborderw=${pad}`,
    `x=${pad * 2}`,
    `y=${pad * 2}`,
  ].join(':');
}

/** The colour of the draft mark's box (a spec measures it in decoded frames). */
export const MARK_BOX_COLOUR = '0xD01010';

/**
 * A clip is read looped (a clip shorter than its scene starts over) and its sound is never
 * opened, with the restrictions verification opened it with (clipInputArgs); a still is read at
 * the video's rate, so a crossfade between a still and a clip joins two streams of one frame rate.
 */
function inputArgs(scene: SegmentScene, fps: number): string[] {
  return scene.clip
    ? ['-stream_loop', '-1', '-an', ...clipInputArgs(scene.imagePath)]
    : ['-framerate', String(fps), '-i', scene.imagePath];
}
