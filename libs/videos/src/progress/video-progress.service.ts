import type { Video } from '../video.types';
import { isRunning, type Progress, progressOf, type StageSpeeds } from './video-progress';
import type { VideoProgressRepository } from './video-progress.repository';

/** Measured speeds are read again after this long: they move with whole runs, not seconds. */
const SPEEDS_TTL_MS = 30_000;

/**
 * `progress` of video records, derived from the database alone (the event log and the scenes),
 * so every api process answers the same for the same rows, and the workflow writes nothing
 * more for it (docs/decisions/0067-progress-and-events.md).
 */
export class VideoProgressService {
  private speeds: { value: Promise<StageSpeeds>; at: number } | undefined;

  constructor(
    private readonly repo: VideoProgressRepository,
    private readonly now: () => number = Date.now,
  ) {}

  /** Progress of each running video (one account's, as a page is); the others have none. */
  async of(videos: readonly Video[]): Promise<Map<string, Progress>> {
    const running = videos.filter(isRunning);
    const out = new Map<string, Progress>();
    if (running.length === 0) return out;
    const byAccount = new Map<string, string[]>();
    for (const v of running) byAccount.set(v.accountId, [...(byAccount.get(v.accountId) ?? []), v.id]);
    const speeds = await this.measured();
    for (const [accountId, ids] of byAccount) {
      const facts = await this.repo.facts(accountId, ids);
      for (const v of running.filter((r) => r.accountId === accountId)) {
        const p = progressOf(v, facts.get(v.id), speeds);
        if (p) out.set(v.id, p);
      }
    }
    return out;
  }

  /**
   * Progress of videos this request has just created, as their records show them: made before
   * their workflows were started, so no stage of theirs had begun and there is nothing to read.
   */
  created(videos: readonly Video[]): Map<string, Progress> {
    const out = new Map<string, Progress>();
    for (const v of videos) {
      const p = progressOf(v, undefined, {});
      if (p) out.set(v.id, p);
    }
    return out;
  }

  private measured(): Promise<StageSpeeds> {
    const t = this.now();
    if (!this.speeds || t - this.speeds.at > SPEEDS_TTL_MS) {
      const value = this.repo.speeds().catch((err) => {
        this.speeds = undefined;
        throw err;
      });
      this.speeds = { value, at: t };
    }
    return this.speeds.value;
  }
}
