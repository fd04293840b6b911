import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MEDIA_PRIORITY,
  MEDIA_PRIORITY_LEVELS,
  MEDIA_RANKS,
  type MediaKind,
  mediaCpuYield,
  mediaPriority,
} from './media-priority';

const key = (kind: MediaKind, begun: boolean, rank = 0) =>
  mediaPriority({ kind, accountId: 'acct', begun, rank }).priorityKey!;
const RANKS = [0, 1, 2, 3, 4, 5, 9];

describe('media priority', () => {
  it('takes drafts first, then single videos, then batch rows, whatever their rank or start', () => {
    const order: MediaKind[] = ['draft', 'video', 'batchRow'];
    for (let i = 0; i + 1 < order.length; i++)
      for (const a of [false, true])
        for (const b of [false, true])
          for (const ra of RANKS)
            for (const rb of RANKS)
              expect(key(order[i]!, a, ra), `${order[i]} before ${order[i + 1]}`).toBeLessThan(
                key(order[i + 1]!, b, rb),
              );
  });

  it("puts any video's join first, with the drafts, and keeps its account as the fairness key", () => {
    for (const kind of ['draft', 'video', 'batchRow'] as const)
      for (const rank of RANKS) {
        const join = mediaPriority({
          kind,
          accountId: 'acct',
          begun: true,
          narrated: true,
          rank,
          join: true,
          done: 3,
        });
        expect(join).toEqual({ priorityKey: MEDIA_PRIORITY.draft, fairnessKey: 'acct', fairnessWeight: 4 });
        expect(mediaCpuYield(join.priorityKey)).toBe(0);
      }
  });

  it("puts a lower rank (fewer of its account's videos under way) ahead, begun or not", () => {
    for (const kind of ['video', 'batchRow'] as const)
      for (const a of [false, true])
        for (const b of [false, true]) {
          expect(key(kind, a, 0)).toBeLessThan(key(kind, b, 1));
          expect(key(kind, a, 1)).toBeLessThan(key(kind, b, 2));
          expect(key(kind, a, 3)).toBeLessThan(key(kind, b, 4));
        }
  });

  it('shares one key from the last rank on', () => {
    expect(key('video', false, MEDIA_RANKS - 1)).toBe(key('video', false, MEDIA_RANKS + 5));
    expect(key('video', true, MEDIA_RANKS - 1)).toBe(key('video', true, 40));
  });

  it('puts a video under way ahead of videos of its kind and rank that have not begun', () => {
    for (const rank of RANKS) {
      expect(key('video', true, rank)).toBeLessThan(key('video', false, rank));
      expect(key('batchRow', true, rank)).toBeLessThan(key('batchRow', false, rank));
    }
    expect(key('draft', true, 2)).toBe(MEDIA_PRIORITY.draft);
  });

  it('puts a narrated video ahead of videos of its kind and rank under way, and behind a lower rank', () => {
    for (const kind of ['video', 'batchRow'] as const)
      for (const rank of RANKS) {
        const narrated = mediaPriority({ kind, accountId: 'a', begun: true, rank, narrated: true })
          .priorityKey!;
        expect(narrated).toBeLessThan(key(kind, true, rank));
        if (rank > 0 && rank < MEDIA_RANKS) expect(narrated).toBeGreaterThan(key(kind, false, rank - 1));
      }
    expect(
      mediaPriority({ kind: 'draft', accountId: 'a', begun: true, rank: 2, narrated: true }).priorityKey,
    ).toBe(MEDIA_PRIORITY.draft);
    // An only video yields nothing at any stage.
    expect(
      mediaCpuYield(
        mediaPriority({ kind: 'video', accountId: 'a', begun: true, rank: 0, narrated: true }).priorityKey,
      ),
    ).toBe(0);
  });

  it('puts a half-narrated video ahead of videos of its kind and rank under way, behind a narrated one', () => {
    const at = (kind: MediaKind, rank: number, more: { narrated?: boolean; halfNarrated?: boolean }) =>
      mediaPriority({ kind, accountId: 'a', begun: true, rank, ...more }).priorityKey!;
    for (const kind of ['video', 'batchRow'] as const)
      for (const rank of RANKS) {
        const half = at(kind, rank, { halfNarrated: true });
        expect(half).toBeLessThan(key(kind, true, rank));
        expect(half).toBeGreaterThan(at(kind, rank, { narrated: true, halfNarrated: true }));
        if (rank > 0 && rank < MEDIA_RANKS) expect(half).toBeGreaterThan(key(kind, false, rank - 1));
        // Not begun: a plan's share narrated counts only for the run under way.
        expect(
          mediaPriority({ kind, accountId: 'a', begun: false, rank, halfNarrated: true }).priorityKey,
        ).toBe(key(kind, false, rank));
      }
    expect(mediaCpuYield(at('video', 0, { halfNarrated: true }))).toBe(0);
    expect(mediaCpuYield(key('video', false, 0))).toBe(0);
    expect(mediaCpuYield(at('video', 1, { narrated: true }))).toBe(1);
  });

  it("keeps every key within the servers' priority levels", () => {
    const used: number[] = [];
    for (const kind of Object.keys(MEDIA_PRIORITY) as MediaKind[])
      for (const begun of [false, true])
        for (const rank of RANKS)
          for (const narrated of [false, true])
            for (const halfNarrated of [false, true])
              used.push(
                mediaPriority({ kind, accountId: 'a', begun, rank, narrated, halfNarrated }).priorityKey!,
              );
    expect(Math.min(...used)).toBe(1);
    expect(Math.max(...used)).toBe(MEDIA_PRIORITY_LEVELS);
    const root = path.resolve(__dirname, '../../..');
    const devServer = JSON.parse(readFileSync(path.join(root, 'temporal/dev-server.json'), 'utf8'));
    expect(devServer.dynamicConfig['matching.priorityLevels']).toBe(MEDIA_PRIORITY_LEVELS);
    const compose = readFileSync(path.join(root, 'temporal/dynamicconfig/vidgen.yaml'), 'utf8');
    expect(compose).toMatch(
      new RegExp(`matching\\.priorityLevels:\\s*\\n\\s*- value: ${MEDIA_PRIORITY_LEVELS}\\n`),
    );
  });

  it('shares the workers between accounts: the account is the fairness key', () => {
    expect(mediaPriority({ kind: 'video', accountId: 'a1', begun: false, rank: 0 }).fairnessKey).toBe('a1');
  });

  it('weighs an account by how far its video is: 1 + its pieces finished, the default before any', () => {
    for (const kind of ['draft', 'video', 'batchRow'] as const) {
      expect(mediaPriority({ kind, accountId: 'a1', begun: false, rank: 2 }).fairnessWeight).toBeUndefined();
      expect(
        mediaPriority({ kind, accountId: 'a1', begun: true, rank: 2, done: 0 }).fairnessWeight,
      ).toBeUndefined();
      expect(mediaPriority({ kind, accountId: 'a1', begun: true, rank: 2, done: 1 }).fairnessWeight).toBe(2);
      expect(mediaPriority({ kind, accountId: 'a1', begun: true, rank: 2, done: 9 }).fairnessWeight).toBe(10);
    }
    // The weight never moves the piece to another key.
    expect(mediaPriority({ kind: 'video', accountId: 'a1', begun: true, rank: 2, done: 9 }).priorityKey).toBe(
      key('video', true, 2),
    );
  });

  it('yields the CPU more the further back a piece is queued: nothing for a draft or rank 0, up to 9', () => {
    expect(mediaCpuYield(undefined)).toBe(0);
    expect(mediaCpuYield(key('draft', false))).toBe(0);
    expect(mediaCpuYield(key('video', true, 0))).toBe(0);
    expect(mediaCpuYield(key('video', false, 0))).toBe(0);
    const yields = [1, 2, 3, 4].flatMap((rank) =>
      [true, false].map((b) => mediaCpuYield(key('video', b, rank))),
    );
    expect(yields).toEqual([...yields].sort((a, b) => a - b));
    expect(yields[0]).toBeGreaterThan(0);
    expect(mediaCpuYield(key('batchRow', true, 0))).toBe(9);
  });
});
