import { describe, expect, it } from 'vitest';
import { MEDIA_PRIORITY, type MediaKind, mediaPriority } from './media-priority';

const key = (kind: MediaKind, begun: boolean) =>
  mediaPriority({ kind, accountId: 'acct', begun }).priorityKey!;

describe('media priority', () => {
  it('takes drafts first, then single videos, then batch rows, begun or not', () => {
    const order: MediaKind[] = ['draft', 'video', 'batchRow'];
    for (let i = 0; i + 1 < order.length; i++)
      for (const a of [false, true])
        for (const b of [false, true])
          expect(key(order[i]!, a), `${order[i]} before ${order[i + 1]}`).toBeLessThan(key(order[i + 1]!, b));
  });

  it('puts a video under way ahead of videos of its kind that have not begun', () => {
    expect(key('video', true)).toBeLessThan(key('video', false));
    expect(key('batchRow', true)).toBeLessThan(key('batchRow', false));
    expect(key('draft', true)).toBe(MEDIA_PRIORITY.draft);
  });

  it("keeps every key in the server's default range 1–5", () => {
    for (const kind of Object.keys(MEDIA_PRIORITY) as MediaKind[])
      for (const begun of [false, true]) {
        expect(key(kind, begun)).toBeGreaterThanOrEqual(1);
        expect(key(kind, begun)).toBeLessThanOrEqual(5);
      }
  });

  it('shares the workers between accounts: the account is the fairness key', () => {
    expect(mediaPriority({ kind: 'video', accountId: 'a1', begun: false }).fairnessKey).toBe('a1');
  });
});
