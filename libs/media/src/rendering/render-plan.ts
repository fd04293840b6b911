import type { BrandStyle } from '../common/branding/brand-style';
import type { CaptionOptions, Motion, Transition } from '../common/media.types';

/** Frames per second of every render: smooth enough for slow motion, cheap for x264. */
export const RENDER_FPS = 24;
export const SAMPLE_RATE = 44100;
/** Length of the crossfade between two scenes. */
export const FADE_SECONDS = 0.5;
// The concat demuxer infers a segment's length from its frame spacing, which needs two frames.
const MIN_FRAMES_PER_SCENE = 2;

/** How a video looks and sounds beyond its scenes: the client's options. */
export interface RenderStyle {
  motion: Motion;
  transition: Transition;
  captions: CaptionOptions;
  /** Varies the motion from scene to scene, the same way for every render of one video. */
  seed: string;
  /** The video's brand as it was when the video was made: logo, caption font and colours. */
  brand?: BrandStyle | null;
}

/** Stills, cuts, no captions: what a render without a style looks like. */
export const PLAIN_STYLE: RenderStyle = {
  motion: 'none',
  transition: 'none',
  captions: { burn_in: false, position: 'bottom', size: 'medium', style: 'phrase' },
  seed: '',
};

export interface TimelinePlan {
  /** Frames of each scene's segment. */
  frames: number[];
  /** Narration samples of each scene. */
  samples: number[];
  /** Frame index at which each scene's segment begins (0 for the first). */
  startFrames: number[];
  totalFrames: number;
  totalSeconds: number;
}

/**
 * Frame and sample counts per scene, rounded from the running total rather than per scene,
 * so rounding never accumulates: segment k ends on the frame nearest the end of narration k.
 * Every segment and the join compute the same plan from the same durations.
 */
export function planTimeline(durations: number[], fps: number): TimelinePlan {
  const frames: number[] = [];
  const samples: number[] = [];
  const startFrames: number[] = [];
  let elapsed = 0;
  let frameAt = 0;
  let sampleAt = 0;
  for (const d of durations) {
    elapsed += d;
    const nextFrame = Math.max(frameAt + MIN_FRAMES_PER_SCENE, Math.round(elapsed * fps));
    const nextSample = Math.round(elapsed * SAMPLE_RATE);
    frames.push(nextFrame - frameAt);
    samples.push(nextSample - sampleAt);
    startFrames.push(frameAt);
    frameAt = nextFrame;
    sampleAt = nextSample;
  }
  return { frames, samples, startFrames, totalFrames: frameAt, totalSeconds: sampleAt / SAMPLE_RATE };
}

/**
 * Frames of the crossfade at the end of segment i into scene i+1: none after the last scene or
 * without fades, and never more than half of either scene, so a short scene is still seen.
 */
export function fadeFrames(plan: TimelinePlan, i: number, transition: Transition, fps: number): number {
  if (transition === 'none' || i >= plan.frames.length - 1) return 0;
  return Math.min(
    Math.round(FADE_SECONDS * fps),
    Math.floor(plan.frames[i]! / 2),
    Math.floor(plan.frames[i + 1]! / 2),
  );
}

/**
 * The frames during which scene j is on screen, fading in included: its motion runs over this
 * span, so the frames that segment j-1 shows of it and those segment j shows join seamlessly.
 */
export function sceneSpan(
  plan: TimelinePlan,
  j: number,
  transition: Transition,
  fps: number,
): { start: number; length: number } {
  const fadeIn = j > 0 ? fadeFrames(plan, j - 1, transition, fps) : 0;
  return { start: plan.startFrames[j]! - fadeIn, length: plan.frames[j]! + fadeIn };
}
