import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestAccount } from '../../../test/support/api';
import { atGate, waitForVideo } from '../../../test/support/videos';
import { useDashboard } from './support/dashboard-stack';

describe('the web dashboard in a real browser: the storyboard and the draft at the review gate', () => {
  const dashboard = useDashboard('dashboard-gate', { signedIn: true });
  const { shot, expectNoSeriousViolations } = dashboard;
  let owner: TestAccount, page: Page;
  beforeAll(() => {
    ({ owner, page } = dashboard.state());
  });

  it('shows each scene’s picture, makes a draft with its button and plays it', {
    timeout: 300_000,
  }, async () => {
    const created = await owner.api.post('/videos', {
      prompt: 'A lighthouse at night',
      scenes: [
        { narration: 'A lighthouse stands on the cliff.', visual_description: 'A lighthouse on a cliff' },
        { narration: 'Its beam sweeps across the sea.', visual_description: 'A beam of light over waves' },
      ],
    });
    expect(created.status, created.text).toBe(201);
    await waitForVideo(owner.api, created.body.id, atGate);
    await page.goto(`${dashboard.state().origin}/dashboard/videos/${created.body.id}`);

    const board = page.getByTestId('storyboard');
    await board.waitFor();
    const pictures = board.getByTestId('storyboard-picture');
    // Both pictures drawn before the gate, loaded from their signed links.
    await expect
      .poll(() =>
        pictures.evaluateAll((imgs) =>
          imgs.map((i) => (i as unknown as { naturalWidth: number }).naturalWidth),
        ),
      )
      .toEqual([1280, 1280]);
    await page.getByTestId('contact-sheet').waitFor();

    await page.getByRole('button', { name: 'Make a draft' }).click();
    const player = page.getByTestId('draft-player');
    await player.waitFor({ timeout: 180_000 });
    await expect(page.getByTestId('draft').getAttribute('data-status')).resolves.toBe('ready');
    // The player loads the draft itself: a 640×360 video.
    await expect
      .poll(
        () =>
          player.evaluate((v) => {
            const el = v as unknown as { videoWidth: number; videoHeight: number };
            return [el.videoWidth, el.videoHeight];
          }),
        { timeout: 30_000 },
      )
      .toEqual([640, 360]);
    expect((await owner.api.get(`/videos/${created.body.id}`)).body.preview.status).toBe('ready');
    await expectNoSeriousViolations('the review gate with a draft');
    await shot('video-gate-draft');
  });
});
