import { buildTimeline, estimateWordTimings, introOffsetSeconds } from '@vidgen/media';
import type { Scene, VideoOptions } from './video.types';

/** GET /videos/{id}/transcript: each scene's span and words, in seconds from the video's start. */
export interface Transcript {
  scenes: {
    scene_id: string;
    start: number;
    end: number;
    words: { text: string; start: number; end: number }[];
  }[];
}

/**
 * The timings the captions use: the timeline curating builds (scene k starts where scene k-1's
 * narration ends; a crossfade overlaps pictures, never narrations), each scene's words placed on
 * it. A scene narrated before word timings were kept gets them estimated over its narration.
 * A brand's intro card plays first: every time moves by its length.
 */
export function toTranscript(
  scenes: readonly Scene[],
  options?: Pick<VideoOptions, 'brand' | 'output'>,
): Transcript {
  const offset = options ? introOffsetSeconds(options.brand, options.output.fps) : 0;
  const at = (t: number) => Math.round((t + offset) * 1000) / 1000;
  const timeline = buildTimeline(
    scenes.map((s) => {
      const seconds = s.narrationSeconds ?? 0;
      return {
        narration: s.narration,
        durationSeconds: seconds,
        words: s.words ?? estimateWordTimings(s.narration, seconds),
      };
    }),
  );
  return {
    scenes: timeline.cues.map((cue) => ({
      scene_id: scenes[cue.index]!.id,
      start: offset ? at(cue.start) : cue.start,
      end: offset ? at(cue.end) : cue.end,
      words: (cue.words ?? []).map((w) =>
        offset
          ? { text: w.text, start: at(w.start), end: at(w.end) }
          : { text: w.text, start: w.start, end: w.end },
      ),
    })),
  };
}
