import { ApplicationFailure } from '@temporalio/common';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { VideoActivities } from '../src';
import { connectTemporal, deferred, runVideoWorkflow, settled, standIns } from './support/stand-ins';

const SCENES = ['s1', 's2', 's3', 's4'];

/**
 * Production with its work overlapped (docs/decisions/0074-overlapped-production.md), against the
 * real Temporal server with stand-in activities that log when each piece starts and ends.
 */
describe('overlapped production (stand-in activities)', () => {
  let temporal: Awaited<ReturnType<typeof connectTemporal>>;
  beforeAll(async () => {
    temporal = await connectTemporal(inject('stack').temporalAddress);
  });
  afterAll(async () => {
    await temporal?.close();
  });

  /** Activities for a video of four scenes that log `start:<piece>` and `end:<piece>`; `hold` delays a piece. */
  function logged(log: string[], hold: Record<string, Promise<void>> = {}, fail: string | null = null) {
    const piece = (name: string) => async () => {
      log.push(`start:${name}`);
      await hold[name];
      if (name === fail) throw ApplicationFailure.nonRetryable(`${name} failed`, 'PROVIDER_ERROR');
      log.push(`end:${name}`);
    };
    const activities: Partial<VideoActivities> = {
      planProduction: async () => ({ sceneIds: SCENES, charges: [] }),
      generateSceneImage: ({ sceneId }) => piece(`image-${sceneId}`)(),
      narrateScene: ({ sceneId }) => piece(`narration-${sceneId}`)(),
      renderSegment: ({ sceneId }) => piece(`segment-${sceneId}`)(),
      curate: () => piece('curate')(),
      mixSoundtrack: () => piece('soundtrack')(),
      joinSegments: () => piece('join')(),
      refund: async ({ items }) => {
        log.push(`refund:${items.join(',')}`);
      },
      recordTransition: async ({ type, stage }) => {
        const production = stage !== 'scripting' && stage !== 'refining';
        if (production && (type === 'stage_started' || type === 'stage_completed'))
          log.push(`${type}:${stage}`);
      },
    };
    return standIns(activities);
  }

  it('narrates while it draws, renders a segment once its inputs exist, and records the stages in order', async () => {
    const log: string[] = [];
    const lastNarration = deferred();
    const lastPicture = deferred();
    const activities = logged(log, {
      'narration-s4': lastNarration.promise,
      'image-s4': lastPicture.promise,
    });
    const state = await runVideoWorkflow(temporal, activities, { autoApprove: true }, async (handle) => {
      // The first scenes' segments render while the last scene is still narrated and drawn.
      while (!log.includes('end:segment-s2')) await new Promise((r) => setTimeout(r, 50));
      expect(log).not.toContain('start:segment-s3'); // it fades into scene 4, whose picture is held
      lastPicture.resolve();
      lastNarration.resolve();
      return settled(handle);
    });
    expect(state.phase).toBe('completed');
    const at = (entry: string) => {
      expect(log).toContain(entry);
      return log.indexOf(entry);
    };
    // Narration starts before the pictures are all drawn.
    expect(at('start:narration-s1')).toBeLessThan(at('end:image-s4'));
    // A segment needs its picture, the next scene's, and the narration up to the next scene.
    for (const [k, sceneId] of SCENES.entries()) {
      const next = SCENES[Math.min(k + 1, SCENES.length - 1)]!;
      const start = at(`start:segment-${sceneId}`);
      expect(start).toBeGreaterThan(at(`end:image-${sceneId}`));
      expect(start).toBeGreaterThan(at(`end:image-${next}`));
      for (const earlier of SCENES.slice(0, SCENES.indexOf(next) + 1))
        expect(start).toBeGreaterThan(at(`end:narration-${earlier}`));
    }
    expect(at('start:join')).toBeGreaterThan(at('end:curate'));
    for (const sceneId of SCENES) expect(at('start:join')).toBeGreaterThan(at(`end:segment-${sceneId}`));
    // The soundtrack once every scene is narrated (and drawn), the join after it.
    for (const sceneId of SCENES) {
      expect(at('start:soundtrack')).toBeGreaterThan(at(`end:narration-${sceneId}`));
      expect(at('start:soundtrack')).toBeGreaterThan(at(`end:image-${sceneId}`));
    }
    expect(at('start:join')).toBeGreaterThan(at('end:soundtrack'));
    expect(log.filter((l) => l === 'start:soundtrack')).toHaveLength(1);
    // The stages still start and complete one after another.
    expect(log.filter((l) => l.startsWith('stage_'))).toEqual([
      'stage_started:visualising',
      'stage_completed:visualising',
      'stage_started:narrating',
      'stage_completed:narrating',
      'stage_started:curating',
      'stage_completed:curating',
      'stage_started:rendering',
      'stage_completed:rendering',
    ]);
  }, 60_000);

  it('a failed narration stops the segments that need it, lets the pictures finish, and fails at narrating once nothing runs', async () => {
    const log: string[] = [];
    const picture = deferred();
    const activities = logged(log, { 'image-s3': picture.promise }, 'narration-s2');
    const state = await runVideoWorkflow(temporal, activities, { autoApprove: true }, async (handle) => {
      while (!log.includes('start:narration-s2')) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 300));
      picture.resolve();
      return settled(handle);
    });
    expect(state).toMatchObject({ phase: 'failed', failedStage: 'narrating' });
    expect(log).toContain('end:image-s4');
    expect(log.filter((l) => l.startsWith('start:segment'))).toEqual([]);
    expect(log).not.toContain('start:soundtrack');
    expect(log).not.toContain('start:curate');
    expect(log).toContain('refund:narration');
    // Failed only after the picture held meanwhile was made: nothing of the run is left running.
    expect(log.indexOf('refund:narration')).toBeGreaterThan(log.indexOf('end:image-s3'));
    expect(log.filter((l) => l.startsWith('stage_'))).toEqual([
      'stage_started:visualising',
      'stage_completed:visualising',
      'stage_started:narrating',
    ]);
  }, 60_000);

  it('a failed picture fails the run at visualising with every picture tried, refunding the one not made', async () => {
    const log: string[] = [];
    const activities = logged(log, {}, 'image-s3');
    const state = await runVideoWorkflow(temporal, activities, { autoApprove: true }, settled);
    expect(state).toMatchObject({ phase: 'failed', failedStage: 'visualising' });
    for (const sceneId of SCENES) expect(log).toContain(`start:image-${sceneId}`);
    expect(log.filter((l) => l.startsWith('start:segment'))).toEqual([]);
    expect(log.find((l) => l.startsWith('refund:'))).toBe('refund:image:s3');
  }, 60_000);

  it('mixes the soundtrack while the last segments render, and a failed soundtrack fails the run at rendering', async () => {
    const log: string[] = [];
    const lastSegment = deferred();
    const activities = logged(log, { 'segment-s4': lastSegment.promise }, 'soundtrack');
    const state = await runVideoWorkflow(temporal, activities, { autoApprove: true }, async (handle) => {
      while (!log.includes('start:soundtrack')) await new Promise((r) => setTimeout(r, 50));
      // The soundtrack does not wait for the segments.
      expect(log).not.toContain('end:segment-s4');
      lastSegment.resolve();
      return settled(handle);
    });
    expect(state).toMatchObject({ phase: 'failed', failedStage: 'rendering' });
    expect(log).toContain('end:segment-s4');
    expect(log).not.toContain('start:join');
  }, 60_000);
});
