import { describe, expect, it } from 'vitest';
import { eventIdOf, positionOf, REPORTS_PER_EVENT, streamEnded } from './video-event-feed';
import { etaOf, percentOf, progressOf, type RunFacts, STAGE_WEIGHTS } from './video-progress';

const facts = (over: Partial<RunFacts>): RunFacts => ({
  stage: 'visualising',
  stageSeconds: 0,
  completed: [],
  scenes: 4,
  pictures: 0,
  narrations: 0,
  segments: 0,
  joined: false,
  renderUnits: 10,
  ...over,
  // Unless told otherwise, every piece of the stage was made since it started.
  piecesSinceStart: over.piecesSinceStart ?? over.pictures ?? 0,
});

describe('progress', () => {
  it('weighs the stages to 100', () => {
    expect(Object.values(STAGE_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('counts the pieces of a production run and never goes back along it', () => {
    const steps: RunFacts[] = [
      facts({ stage: 'refining', completed: ['refining'] }),
      facts({}),
      facts({ pictures: 2 }),
      facts({ pictures: 4 }),
      facts({ pictures: 4, completed: ['visualising'] }),
      facts({ stage: 'narrating', pictures: 4, narrations: 1, completed: ['visualising'] }),
      facts({ stage: 'narrating', pictures: 4, narrations: 4, completed: ['visualising', 'narrating'] }),
      facts({ stage: 'curating', pictures: 4, narrations: 4 }),
      facts({ stage: 'rendering', pictures: 4, narrations: 4, segments: 3 }),
      facts({ stage: 'rendering', pictures: 4, narrations: 4, segments: 4, joined: true }),
    ];
    const percents = steps.map(percentOf);
    expect(percents).toEqual([6, 6, 10, 14, 14, 20.5, 40, 40, 76.4, 100]);
    for (let i = 1; i < percents.length; i++) expect(percents[i]).toBeGreaterThanOrEqual(percents[i - 1]!);
  });

  it('is null at the gate, completed and failed; 0 before scripting starts', () => {
    const options = { auto_approve: false } as never;
    expect(progressOf({ status: 'pending', awaitingApproval: true, options }, facts({}), {})).toBeNull();
    expect(progressOf({ status: 'completed', awaitingApproval: false, options }, facts({}), {})).toBeNull();
    expect(progressOf({ status: 'failed', awaitingApproval: false, options }, facts({}), {})).toBeNull();
    expect(progressOf({ status: 'pending', awaitingApproval: false, options }, undefined, {})).toEqual({
      stage: 'scripting',
      percent: 0,
      eta_seconds: null,
    });
  });

  it('estimates the seconds left from measured speeds per unit of work and the pace of the stage, null while a stage is unmeasured', () => {
    // Seconds per scene, and per render unit for rendering (10 units here: 50 s).
    const speeds = { visualising: 2, narrating: 3, curating: 0.5, rendering: 5 };
    // Half the pictures in 4 s, the measured pace: 4 of 8 s left, then 12 + 2 + 50.
    expect(etaOf(facts({ pictures: 2, stageSeconds: 4 }), speeds, false)).toBe(68);
    // Half in 8 s, twice as slow: the rest leans a third on the stage's own pace (16 s × ½ × ⅓ +
    // 8 s × ½ × ⅔ ≈ 5.3 s); the later stages keep their speeds.
    expect(etaOf(facts({ pictures: 2, stageSeconds: 8 }), speeds, false)).toBe(69);
    // A quarter done (1 of 4) shows no pace yet: 8 s × ¾ left whatever the time so far.
    expect(etaOf(facts({ pictures: 1, stageSeconds: 30 }), speeds, false)).toBe(70);
    // Curating has no pieces: its expected 2 s less the 1.5 s it ran.
    expect(etaOf(facts({ stage: 'curating', stageSeconds: 1.5 }), speeds, false)).toBe(51);
    // Rendering's work is its render units: twice the video, twice the time.
    expect(etaOf(facts({ stage: 'rendering', renderUnits: 20 }), speeds, false)).toBe(100);
    expect(etaOf(facts({}), { visualising: 2 }, false)).toBeNull();
    // Overlapped production: rendering starts with 2 of its 5 pieces (4 segments and the join)
    // made; its measured span is the time the other 3 take, so nothing is done of it yet: 50 s.
    const rendering = { stage: 'rendering' as const, segments: 2, piecesSinceStart: 0 };
    expect(etaOf(facts(rendering), speeds, false)).toBe(50);
    // Then 2 of those 3 in 40 s: its own pace (60 s for the 3) counts for ⅔ × ⅓ ÷ ¾ = 0.56, the
    // measured span for the rest, over the third left: (0.56 × 60 + 0.44 × 50) / 3 ≈ 18.5 s.
    expect(
      etaOf(facts({ ...rendering, segments: 4, piecesSinceStart: 2, stageSeconds: 40 }), speeds, false),
    ).toBe(19);
    // A script run stops at the gate, unless the video approves itself.
    const script = { scripting: 1, refining: 1 };
    expect(etaOf(facts({ stage: 'scripting' }), script, false)).toBe(8);
    expect(etaOf(facts({ stage: 'scripting' }), script, true)).toBeNull();
  });
});

describe('event stream positions', () => {
  it('reads back the ids it gives, and starts over for anything else', () => {
    const p = { seq: 12, reports: 3 };
    expect(eventIdOf(p)).toBe(String(12 * REPORTS_PER_EVENT + 3));
    expect(positionOf(eventIdOf(p))).toEqual(p);
    for (const bad of [undefined, '', 'abc', '-1', '1.5', '9'.repeat(20)]) {
      expect(positionOf(bad)).toEqual({ seq: 0, reports: 0 });
    }
  });

  it('ends after an outcome that is the last status change sent, or a deletion', () => {
    const video = (status: string) => ({ status }) as never;
    const read = (status: string, last?: { seq: number; type: string }, types: string[] = []) => ({
      video: video(status),
      events: types.map((type) => ({ type }) as never),
      lastStatusChange: last,
    });
    expect(streamEnded(read('completed', { seq: 9, type: 'completed' }), 9)).toBe(true);
    expect(streamEnded(read('completed', { seq: 9, type: 'completed' }), 8)).toBe(false);
    // Failed, then retried before the stream read the log: it goes on.
    expect(streamEnded(read('failed', { seq: 11, type: 'retry_approved' }), 11)).toBe(false);
    expect(streamEnded(read('rendering', { seq: 9, type: 'stage_started' }), 9)).toBe(false);
    expect(streamEnded({ ...read('failed'), video: null }, 0)).toBe(true);
    expect(streamEnded(read('pending', undefined, ['deleted']), 3)).toBe(true);
  });
});
