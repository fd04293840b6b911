import { type Db, sql } from '@vidgen/db';
import type { Stage } from '@vidgen/workflows';
import type { RunFacts, StageSpeeds } from './video-progress';

/** Boundaries of stages (the partial index video_events_stage_spans holds the newest). */
const SPAN_EVENTS = ['stage_started', 'stage_completed', 'awaiting_approval', 'completed', 'failed'];
/** Newest boundaries read for the speeds: a few dozen runs. */
const SPAN_WINDOW = 400;

/**
 * Rendering's work for the video `v` (RunFacts.renderUnits): its narration's seconds (a scene not
 * yet narrated by its text, about 15 characters a second) × fps / 24 × (frame height / 720)^1.5.
 * The frame counts by its pixels to the power 0.75: the pipeline bench's 1080p30 render takes
 * about 2.3× the CPU of its 720p24 one, not the 2.8× of its frames and pixels (bench/JOURNAL.md).
 */
const renderUnits = sql<number>`(
  greatest((select coalesce(sum(coalesce(s.narration_seconds, char_length(s.narration) / 15.0)), 0)
    from scenes s where s.video_id = v.id), 1)
  * coalesce((v.options->'output'->>'fps')::numeric, 24) / 24
  * power(coalesce(nullif(regexp_replace(coalesce(v.options->'output'->>'resolution', ''), '[^0-9]', '', 'g'), '')::numeric, 720) / 720, 1.5)
)`;

/** What progress is derived from: the event log and the scenes, read, never written. */
export class VideoProgressRepository {
  constructor(private readonly db: Db) {}

  /**
   * The run each video is in: its latest `stage_started` names the stage and the run (the key's
   * `run<r>` or `script<v>` prefix); the run's completions and segments, and the scenes'
   * pictures and narration, say how far it is. Videos of one account.
   */
  async facts(accountId: string, videoIds: readonly string[]): Promise<Map<string, RunFacts>> {
    if (videoIds.length === 0) return new Map();
    const { rows } = await sql<{
      video_id: string;
      stage: Stage;
      seconds: string;
      completed: Stage[] | null;
      segments: string;
      joined: boolean;
      pieces_since_start: string;
      scenes: string;
      pictures: string;
      narrations: string;
      render_units: string;
    }>`
      with last as (
        select distinct on (e.video_id) e.video_id, e.stage, e.seq, split_part(e.key, ':', 1) as run,
          extract(epoch from clock_timestamp() - e.created_at) as seconds
        from video_events e
        where e.video_id in (
          select id from videos where account_id = ${accountId} and id = any(${videoIds as string[]}::uuid[])
        ) and e.type = 'stage_started'
        order by e.video_id, e.seq desc
      )
      select l.video_id, l.stage, l.seconds,
        (select array_agg(c.stage) from video_events c where c.video_id = l.video_id
          and c.type = 'stage_completed' and split_part(c.key, ':', 1) = l.run) as completed,
        (select count(*) from video_events g where g.video_id = l.video_id
          and g.type = 'segment_rendered' and split_part(g.key, ':', 1) = l.run) as segments,
        exists (select 1 from video_events j where j.video_id = l.video_id
          and j.key = l.run || ':rendered') as joined,
        (select count(*) from video_events p where p.video_id = l.video_id and p.seq > l.seq
          and split_part(p.key, ':', 1) = l.run
          and p.type = case l.stage when 'visualising' then 'scene_image_generated'
            when 'narrating' then 'scene_narrated' when 'rendering' then 'segment_rendered' end
        ) as pieces_since_start,
        (select count(*) from scenes s where s.video_id = l.video_id) as scenes,
        (select count(s.image_asset_id) from scenes s where s.video_id = l.video_id) as pictures,
        (select count(s.narration_asset_id) from scenes s where s.video_id = l.video_id) as narrations,
        ${renderUnits} as render_units
      from last l join videos v on v.id = l.video_id`.execute(this.db);
    return new Map(
      rows.map((r) => [
        r.video_id,
        {
          stage: r.stage,
          stageSeconds: Number(r.seconds),
          completed: r.completed ?? [],
          scenes: Number(r.scenes),
          pictures: Number(r.pictures),
          narrations: Number(r.narrations),
          segments: Number(r.segments),
          joined: r.joined,
          piecesSinceStart: Number(r.pieces_since_start),
          renderUnits: Number(r.render_units),
        },
      ]),
    );
  }

  /**
   * Seconds per unit of work of each stage (per render unit for rendering, per scene for the
   * others) over the newest stage spans of every video (a span: a `stage_started` to the boundary
   * after it, failures left out): the median weighted by each span's work, so a one-scene video's
   * fixed costs do not stand for a twelve-scene one's. Speeds are the machine's, not an account's: every
   * account's runs measure them.
   */
  async speeds(): Promise<StageSpeeds> {
    const { rows } = await sql<{ stage: Stage; per_unit: number }>`
      select stage, min(per_unit) filter (where below >= total / 2) as per_unit
      from (
        select stage, seconds / work as per_unit,
          sum(work) over (partition by stage order by seconds / work) as below,
          sum(work) over (partition by stage) as total
        from (
          select e.type, e.stage,
            case when e.stage = 'rendering' then ${renderUnits} else greatest(v.scene_count, 1) end as work,
            extract(epoch from lead(e.created_at) over w - e.created_at) as seconds,
            lead(e.type) over w as next_type
          from (
            select video_id, seq, type, stage, created_at from video_events
            where type in (${sql.join(SPAN_EVENTS)})
            order by created_at desc
            limit ${SPAN_WINDOW}
          ) e
          join videos v on v.id = e.video_id
          window w as (partition by e.video_id order by e.seq)
        ) spans
        where type = 'stage_started' and next_type <> 'failed' and seconds is not null and stage is not null
      ) ranked
      group by stage`.execute(this.db);
    return Object.fromEntries(rows.map((r) => [r.stage, Number(r.per_unit)]));
  }
}
