import { describe, expect, it } from 'vitest';
import { idleWhileBacklog, type MediaPiece } from './media-timeline';

const s = (seconds: number) => seconds * 1000;
const piece = (worker: string, scheduled: number, started: number, ended: number): MediaPiece => ({
  worker,
  scheduledAt: s(scheduled),
  startedAt: s(started),
  endedAt: s(ended),
});

describe('idleWhileBacklog', () => {
  it('counts the time a worker with a free slot sat beside work waiting to start', () => {
    const pieces = [
      piece('a', 0, 0, 10),
      piece('b', 0, 0, 2),
      // Waits from 2 s to 5 s while worker b, done at 2 s, runs nothing until it starts at 5 s.
      piece('b', 2, 5, 10),
    ];
    expect(idleWhileBacklog(pieces, 1)).toBe(3);
  });

  it('leaves out stretches of a second or less (a poll round trip)', () => {
    const pieces = [piece('a', 0, 0, 10), piece('b', 0, 0, 2), piece('b', 2, 2.8, 10)];
    expect(idleWhileBacklog(pieces, 1)).toBe(0);
  });

  it('does not count a worker whose slots are all busy while work waits', () => {
    const pieces = [piece('a', 0, 0, 10), piece('a', 0, 0, 10), piece('a', 1, 10, 12)];
    expect(idleWhileBacklog(pieces, 2)).toBe(0);
  });

  it('counts a worker with one of its two slots free', () => {
    const pieces = [piece('a', 0, 0, 10), piece('a', 0, 0, 3), piece('a', 3, 6, 12)];
    expect(idleWhileBacklog(pieces, 2)).toBe(3);
  });

  it("counts the finishing lane's pieces on its own slot, apart from the others", () => {
    const finishing = (p: MediaPiece): MediaPiece => ({ ...p, finishing: true });
    // Worker a runs a segment and a soundtrack at once: its one segment slot is full, and the
    // segment waiting from 1 s to 10 s finds no worker idle.
    const full = [piece('a', 0, 0, 10), finishing(piece('a', 0, 0, 10)), piece('a', 1, 10, 12)];
    expect(idleWhileBacklog(full, 1)).toBe(0);
    // A join waits from 2 s to 6 s while both workers render a segment, their finishing slots
    // free: 4 s each, though their segment slots are full.
    const waiting = [
      piece('a', 0, 0, 10),
      finishing(piece('a', 0, 0, 2)),
      piece('b', 0, 0, 10),
      finishing(piece('a', 2, 6, 7)),
    ];
    expect(idleWhileBacklog(waiting, 1)).toBe(8);
  });

  it('counts nothing before a worker started its first piece or after its last', () => {
    const pieces = [piece('a', 0, 0, 10), piece('b', 0, 4, 5)];
    expect(idleWhileBacklog(pieces, 1)).toBe(0);
  });
});
