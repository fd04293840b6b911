import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ApiClient, createAccount } from '../../../test/support/api';
import { probe } from '../../../test/support/ffprobe';
import { frameAt, loudness } from '../../../test/support/frames';
import { assetIdOf, ledgerOf } from '../../../test/support/lifecycle';
import { atGate, download, finished, waitForVideo } from '../../../test/support/videos';

const SCENES = [
  { narration: 'Bees fly from flower to flower.', visual_description: 'A bee on a flower' },
  { narration: 'They carry the nectar home to the hive.', visual_description: 'A beehive' },
  { narration: 'There it slowly becomes honey.', visual_description: 'A jar of honey' },
];

async function save(url: string, name: string): Promise<string> {
  const file = await download(url);
  expect(file.status).toBe(200);
  const p = path.join(mkdtempSync(path.join(os.tmpdir(), 'vidgen-draft-')), name);
  writeFileSync(p, file.body);
  return p;
}

async function atTheGate(api: ApiClient, scenes = SCENES) {
  const res = await api.post('/videos', { prompt: 'How bees make honey', scenes });
  expect(res.status, res.text).toBe(201);
  const video = await waitForVideo(api, res.body.id, atGate);
  expect(video.awaiting_approval).toBe(true);
  return video;
}

async function readyDraft(api: ApiClient, id: string) {
  return waitForVideo(api, id, (v) => v.preview && v.preview.status !== 'rendering', 180_000);
}

/** The share of pixels of a region that are the mark's red box (red high, green and blue low). */
function redShare(frame: { data: Buffer; width: number }, x0: number, y0: number, x1: number, y1: number) {
  let red = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const i = (y * frame.width + x) * 3;
      if (frame.data[i]! > 150 && frame.data[i + 1]! < 80 && frame.data[i + 2]! < 80) red++;
    }
  return red / ((x1 - x0) * (y1 - y0));
}

describe('storyboard and draft at the review gate, with the illustrator', () => {
  it('shows every picture at the gate, renders a 640×360 15 fps draft marked PREVIEW whose narration the final video reuses, charged once', async () => {
    const { api } = await createAccount({ credits: 100 });
    const gated = await atTheGate(api);
    expect(gated.preview).toBeNull();

    // The illustrator drew every scene before the gate, for nothing.
    const board = await api.get(`/videos/${gated.id}/storyboard`);
    expect(board.status, board.text).toBe(200);
    expect(board.body.scenes.map((s: any) => s.position)).toEqual([1, 2, 3]);
    expect(board.body.scenes.map((s: any) => s.narration)).toEqual(SCENES.map((s) => s.narration));
    for (const s of board.body.scenes) {
      expect(s.image_url).toMatch(/^http.*[?&]signature=/i);
      expect(s.estimated_seconds).toBeGreaterThan(0);
    }
    const sheet = await download(board.body.sheet_url);
    expect(sheet.status).toBe(200);
    expect(sheet.body.subarray(1, 4).toString()).toBe('PNG');
    // Three 320×180 tiles in a row with 12 px around them.
    expect([sheet.body.readUInt32BE(16), sheet.body.readUInt32BE(20)]).toEqual([12 + 3 * 332, 12 + 192]);
    expect((await ledgerOf(gated.id)).filter((e) => e.kind === 'charged')).toEqual([]);

    const asked = await api.post(`/videos/${gated.id}/preview`);
    expect(asked.status, asked.text).toBe(202);
    expect(asked.body.preview).toMatchObject({ status: 'rendering', url: null });
    // One draft at a time: asking again answers with the one rendering.
    const again = await api.post(`/videos/${gated.id}/preview`);
    expect(again.status).toBe(202);
    expect(again.body.preview.created_at).toBe(asked.body.preview.created_at);

    const drafted = await readyDraft(api, gated.id);
    expect(drafted.preview.status).toBe('ready');
    expect(drafted.awaiting_approval).toBe(true);
    const file = await save(drafted.preview.url, 'draft.mp4');
    const info = await probe(file, ['-count_frames']);
    const video = info.streams.find((s) => s.codec_type === 'video')!;
    expect([video.width, video.height, video.r_frame_rate]).toEqual([640, 360, '15/1']);
    const seconds = Number(info.format.duration);
    expect(Number(video.nb_read_frames)).toBeGreaterThan(seconds * 15 - 3);
    expect(Number(video.nb_read_frames)).toBeLessThan(seconds * 15 + 3);
    expect(info.streams.some((s) => s.codec_type === 'audio')).toBe(true);
    // The narration is heard (its mix is not normalised in a draft, but it is there).
    expect((await loudness(file)).integrated).toBeGreaterThan(-40);
    // The mark: a red box in the top-left corner, on the first frame and the last.
    for (const at of [0.2, seconds - 0.3]) {
      const frame = await frameAt(file, at, { width: 640, height: 360 });
      expect(redShare(frame, 30, 30, 60, 50)).toBeGreaterThan(0.5);
      expect(redShare(frame, 560, 300, 630, 350)).toBeLessThan(0.2);
    }

    const narrated = (await api.get(`/videos/${gated.id}/scenes`)).body;
    const draftNarration = narrated.map((s: any) => assetIdOf(s.narration_url));
    expect(draftNarration.every(Boolean)).toBe(true);
    const atDraft = (await ledgerOf(gated.id)).filter((e) => e.kind === 'charged');
    expect(atDraft.map((e) => e.item)).toEqual(['narration']);
    // What approval still charges: the three pictures, not the narration the draft paid for.
    expect((await api.get(`/videos/${gated.id}`)).body.estimated_credits).toBe(3);

    const approved = await api.post(`/videos/${gated.id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    const done = await waitForVideo(api, gated.id, finished, 240_000);
    expect(done.status, JSON.stringify(done.failure_reason)).toBe('completed');
    const final = (await api.get(`/videos/${gated.id}/scenes`)).body;
    expect(final.map((s: any) => assetIdOf(s.narration_url))).toEqual(draftNarration);
    // The pictures are the storyboard's: the ones the gate showed.
    expect(final.map((s: any) => assetIdOf(s.image_url))).toEqual(
      board.body.scenes.map((s: any) => assetIdOf(s.image_url)),
    );
    const charged = (await ledgerOf(gated.id)).filter((e) => e.kind === 'charged');
    expect(charged.filter((e) => e.item === 'narration')).toHaveLength(1);
    expect(charged.filter((e) => e.item?.startsWith('image:'))).toHaveLength(3);
    expect(done.credits_charged).toBe(4);

    // A completed video has no gate: no draft, no storyboard.
    const late = await api.post(`/videos/${gated.id}/preview`);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('INVALID_STATE');
    expect((await api.post(`/videos/${gated.id}/storyboard`)).status).toBe(409);
  });

  it('marks the draft stale after an edit, which drops the scene’s picture and narration', async () => {
    const { api } = await createAccount({ credits: 100 });
    const gated = await atTheGate(api, SCENES.slice(0, 2));
    expect((await api.post(`/videos/${gated.id}/preview`)).status).toBe(202);
    expect((await readyDraft(api, gated.id)).preview.status).toBe('ready');
    const [first] = (await api.get(`/videos/${gated.id}/scenes`)).body;
    const edited = await api.patch(`/videos/${gated.id}/scenes/${first.id}`, {
      narration: 'Bees dance to tell the others where the flowers are.',
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.narration_url).toBeNull();
    const video = (await api.get(`/videos/${gated.id}`)).body;
    expect(video.preview.status).toBe('stale');
    expect(video.preview.url).toMatch(/^http/);
    const board = (await api.get(`/videos/${gated.id}/storyboard`)).body;
    expect(board.scenes.map((s: any) => s.image_url === null)).toEqual([true, false]);
    // The next storyboard draws it again, free with the illustrator.
    const redrawn = await api.post(`/videos/${gated.id}/storyboard`);
    expect(redrawn.status, redrawn.text).toBe(200);
    expect(redrawn.body.scenes.every((s: any) => s.image_url !== null)).toBe(true);
    expect(redrawn.body.sheet_url).not.toBe(board.sheet_url);
  });
});
