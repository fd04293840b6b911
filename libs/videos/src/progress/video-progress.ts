import { IN_PROGRESS_STATUSES, PRODUCTION_STAGES, STAGES, type Stage } from '@vidgen/workflows';
import type { Video } from '../video.types';

/**
 * `progress` of the video record (docs/decisions/0067-progress-and-events.md): null when nothing
 * runs, else the stage, the share of the whole pipeline done and the seconds left.
 */
export interface Progress {
  stage: Stage;
  /** 0–100 over the whole pipeline, one decimal; never lower later in the same run. */
  percent: number;
  /** Seconds until the run stops (the gate, or the finished video); null while unmeasured. */
  eta_seconds: number | null;
}

/**
 * Each stage's share of the pipeline, in percent: about its share of the time of a video made
 * with the local providers (bench/pipeline.ts), so the bar moves about evenly. Fixed rather than
 * taken from measured speeds, which change between two reads of one run and would move the
 * percent back; their sum is 100.
 */
export const STAGE_WEIGHTS: Readonly<Record<Stage, number>> = {
  scripting: 3,
  refining: 3,
  visualising: 8,
  narrating: 26,
  curating: 1,
  rendering: 59,
};

/** What the database knows of the run a video is in (VideoProgressRepository.facts). */
export interface RunFacts {
  /** The stage whose `stage_started` is the run's latest, and how long ago that was. */
  stage: Stage;
  stageSeconds: number;
  /** The run's stages whose `stage_completed` is logged. */
  completed: readonly Stage[];
  scenes: number;
  /** Scenes with a picture (or clip), with narration; segments rendered and the join made in this run. */
  pictures: number;
  narrations: number;
  segments: number;
  joined: boolean;
  /**
   * The stage's pieces (pictures, narrations or segments) logged by the run since the stage
   * started: with production overlapped (docs/decisions/0074-overlapped-production.md) a stage can
   * start with some of its pieces made, which say nothing of its own pace.
   */
  piecesSinceStart: number;
  /**
   * What rendering has to do: seconds of narration by frames per second and frame size, with
   * 720p at 24 fps as 1 per second (VideoProgressRepository's renderUnits).
   */
  renderUnits: number;
}

/**
 * Seconds each measured stage takes per unit of its work (median of recent runs): per render unit
 * for rendering, per scene for the others; missing: not measured.
 */
export type StageSpeeds = Partial<Record<Stage, number>>;

/** How far the current stage is, 0–1, from the pieces it has made. */
export function stageFraction(f: RunFacts): number {
  if (f.completed.includes(f.stage)) return 1;
  const n = Math.max(f.scenes, 1);
  const share = (done: number, of: number) => Math.min(Math.max(done / of, 0), 1);
  switch (f.stage) {
    case 'visualising':
      return share(f.pictures, n);
    case 'narrating':
      return share(f.narrations, n);
    case 'rendering':
      // One piece per scene's segment and one for the join.
      return share(Math.min(f.segments, n) + (f.joined ? 1 : 0), n + 1);
    default:
      // Scripting, refining and curating are one step each: done or not.
      return 0;
  }
}

/** The share of the current stage's pieces made since it started (the join is always one of them). */
function sinceStartShare(f: RunFacts): number {
  const n = Math.max(f.scenes, 1);
  switch (f.stage) {
    case 'visualising':
    case 'narrating':
      return f.piecesSinceStart / n;
    case 'rendering':
      return (f.piecesSinceStart + (f.joined ? 1 : 0)) / (n + 1);
    default:
      return stageFraction(f);
  }
}

export function percentOf(f: RunFacts): number {
  const i = STAGES.indexOf(f.stage);
  const before = STAGES.slice(0, i).reduce((sum, s) => sum + STAGE_WEIGHTS[s], 0);
  const percent = before + STAGE_WEIGHTS[f.stage] * stageFraction(f);
  return Math.min(100, Math.floor(percent * 10) / 10);
}

/**
 * Seconds left: the current stage's rest, then every later stage of the run at its measured speed
 * for this video's work. A stage with pieces done has a pace of its own (its seconds so far over
 * the share done), which its rest leans on from a quarter done; a stage without pieces done has
 * its expected time less the time it has run. A script run stops at the gate unless the video
 * approves itself.
 */
export function etaOf(f: RunFacts, speeds: StageSpeeds, autoApprove: boolean): number | null {
  const i = STAGES.indexOf(f.stage);
  const last =
    i < STAGES.indexOf(PRODUCTION_STAGES[0]) && !autoApprove ? STAGES.indexOf('refining') : STAGES.length - 1;
  const work = (s: Stage) => (s === 'rendering' ? f.renderUnits : Math.max(f.scenes, 1));
  const expected = (s: Stage) => (speeds[s] === undefined ? undefined : speeds[s]! * work(s));
  const current = expected(f.stage);
  if (current === undefined) return null;
  const fraction = stageFraction(f);
  // The share of the stage done since it started, of what was left when it started: its measured
  // spans (and so `current`) are the time that part took.
  const atStart = Math.min(Math.max(fraction - sinceStartShare(f), 0), fraction);
  const since = atStart < 1 ? (fraction - atStart) / (1 - atStart) : 1;
  let left = Math.max(current - f.stageSeconds, 0);
  if (fraction >= 1) left = 0;
  else if (since > 0) {
    // Pieces run several at once, so the first ones done show a pace several times too slow:
    // the stage's own pace counts only from a quarter done, fully at the end.
    const own = f.stageSeconds / since;
    const trust = Math.max(0, (since - 0.25) / 0.75);
    left = (trust * own + (1 - trust) * current) * (1 - since);
  }
  for (const s of STAGES.slice(i + 1, last + 1)) {
    const e = expected(s);
    if (e === undefined) return null;
    left += e;
  }
  return Math.round(left);
}

/** Whether anything runs for the video: in progress and not waiting at the gate. */
export function isRunning(video: Pick<Video, 'status' | 'awaitingApproval'>): boolean {
  return IN_PROGRESS_STATUSES.includes(video.status) && !video.awaitingApproval;
}

export function progressOf(
  video: Pick<Video, 'status' | 'awaitingApproval' | 'options'>,
  facts: RunFacts | undefined,
  speeds: StageSpeeds,
): Progress | null {
  if (!isRunning(video)) return null;
  // Created, its workflow not yet at scripting.
  if (!facts) return { stage: 'scripting', percent: 0, eta_seconds: null };
  return {
    stage: facts.stage,
    percent: percentOf(facts),
    eta_seconds: etaOf(facts, speeds, video.options.auto_approve),
  };
}
