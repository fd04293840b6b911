import { buildTimeline, estimateWordTimings } from '@vidgen/media';
import type { Scene } from './video.types';

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
 */
export function toTranscript(scenes: readonly Scene[]): Transcript {
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
      start: cue.start,
      end: cue.end,
      words: (cue.words ?? []).map((w) => ({ text: w.text, start: w.start, end: w.end })),
    })),
  };
}
