import { eventually, type Route } from '@vidgen/stack-harness';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestAccount } from '../../../test/support/api';
import { clip, picture, useDashboard } from './support/dashboard-stack';

describe('the web dashboard in a real browser: videos, webhooks, credits and assets', () => {
  const dashboard = useDashboard('dashboard-videos', { webhooks: true, signedIn: true });
  const { shot, expectNoSeriousViolations } = dashboard;
  let owner: TestAccount, page: Page;
  beforeAll(() => {
    ({ owner, page } = dashboard.state());
  });
  // The webhook and the video the first tests make, for the deliveries the later ones check.
  let hookRoute: Route, videoId: string;

  it('adds a webhook pointing at an HTTPS receiver, reveals its secret and can pause it', async () => {
    hookRoute = dashboard.state().receiver.route([{ status: 200 }]);
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByLabel('Endpoint URL').fill(hookRoute.url);
    await page.getByLabel('Event').selectOption('video.completed');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const item = page.getByRole('listitem').filter({ hasText: hookRoute.url });
    await item.waitFor();
    const [hook] = (await owner.api.get('/callbacks')).body;
    expect(hook.url).toBe(hookRoute.url);
    await expect(item.textContent()).resolves.not.toContain(hook.secret);
    await item.getByRole('button', { name: 'Reveal secret' }).click();
    await item.getByText(hook.secret).waitFor();
    await item.getByRole('button', { name: 'Hide secret' }).click();

    await item.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await item.getByRole('button', { name: 'Activate', exact: true }).waitFor();
    expect((await owner.api.get('/callbacks')).body[0].is_active).toBe(false);
    await item.getByRole('button', { name: 'Activate', exact: true }).click();
    await item.getByRole('button', { name: 'Deactivate', exact: true }).waitFor();
    expect((await owner.api.get('/callbacks')).body[0].is_active).toBe(true);
    await expectNoSeriousViolations('webhooks');
  });

  it('creates a video; at the review gate regenerates it with feedback, adds, deletes and edits scenes, uploads a scene image; approves it and plays the result', {
    timeout: 300_000,
  }, async () => {
    await page.getByRole('link', { name: 'Videos', exact: true }).click();
    await page
      .getByLabel('Prompt')
      .fill('How lighthouses guide ships at night. Their beams sweep across the dark sea.');
    await page.getByLabel('Scenes').selectOption('2');
    // The voice picker: neural voices first, then espeak-ng's (once GET /voices has answered).
    await page.getByLabel('Voice').locator('optgroup').nth(1).waitFor({ state: 'attached' });
    const groups = await page
      .getByLabel('Voice')
      .locator('optgroup')
      .evaluateAll((gs) => gs.map((g) => g.getAttribute('label')));
    expect(groups).toEqual(['Neural voices', 'Formant voices (espeak-ng)']);
    const firstVoice = page.getByLabel('Voice').locator('optgroup').first().locator('option').first();
    expect(await firstVoice.textContent()).toBe('English (United States), Joe (en-US)');
    await page.getByLabel('Speaking speed').fill('1.3');
    await page.getByRole('button', { name: 'Create video' }).click();
    await page.waitForURL(/\/dashboard\/videos\/[0-9a-f-]{36}$/);
    videoId = page.url().split('/').pop()!;
    expect((await owner.api.get(`/videos/${videoId}`)).body.options.voice_speed).toBe(1.3);

    // Live status: the page follows scripting and refining to the gate by itself.
    const approve = page.getByRole('button', { name: 'Approve and make the video' });
    await approve.waitFor({ timeout: 120_000 });
    await expect(page.getByTestId('estimated-credits').textContent()).resolves.toMatch(/^\d+ credits$/);
    await expectNoSeriousViolations('video at the review gate');

    // Regenerate with feedback: scripting runs again and the page follows it back to the gate.
    const gates = () => page.getByRole('cell', { name: 'awaiting_approval', exact: true }).count();
    await page.getByLabel('Feedback for a new script').fill('Say more about the keepers.');
    await page.getByRole('button', { name: 'Regenerate script' }).click();
    await eventually(
      async () => ((await gates()) === 2 ? true : undefined),
      'the second review gate',
      120_000,
    );
    await approve.waitFor();

    // Add a third scene, then delete it again.
    await page.getByText('Add a scene').click();
    await page.getByLabel('Visual description (new scene)').fill('A keeper climbing the spiral stairs');
    await page.getByLabel('Narration (new scene)').fill('Every evening the keeper climbed the stairs.');
    await page.getByRole('button', { name: 'Add scene', exact: true }).click();
    await page.getByRole('heading', { name: 'Scene 3' }).waitFor();
    expect((await owner.api.get(`/videos/${videoId}/scenes`)).body).toHaveLength(3);
    await page.getByRole('button', { name: 'Delete scene 3' }).click();
    await page.getByRole('heading', { name: 'Scene 3' }).waitFor({ state: 'detached' });
    expect((await owner.api.get(`/videos/${videoId}/scenes`)).body).toHaveLength(2);

    const narration = 'Lighthouse keepers once trimmed the wick every few hours.';
    await page.getByLabel('Narration (scene 1)').fill(narration);
    await page.getByRole('button', { name: 'Save scene 1' }).click();
    await eventually(async () => {
      const scenes = (await owner.api.get(`/videos/${videoId}/scenes`)).body;
      return scenes[0]?.narration === narration ? true : undefined;
    }, 'the edited narration to be saved');
    await expect(page.getByLabel('Narration (scene 1)').inputValue()).resolves.toBe(narration);

    // An image of the client's own for scene 2: uploaded as an asset, then named by the scene.
    const estimate = async () =>
      Number((await page.getByTestId('estimated-credits').textContent())!.split(' ')[0]);
    const before = await estimate();
    await page.getByLabel('Upload an image or a clip for scene 2').setInputFiles({
      name: 'harbour.png',
      mimeType: 'image/png',
      buffer: picture(640, 360),
    });
    await page.getByRole('img', { name: 'Chosen for scene 2' }).waitFor();
    const scenes = (await owner.api.get(`/videos/${videoId}/scenes`)).body;
    expect(scenes[1].image_asset_id).toMatch(/^[0-9a-f-]{36}$/);
    // A scene with the client's image costs no image credit.
    await eventually(
      async () => ((await estimate()) === before - 1 ? true : undefined),
      'the estimate to drop',
    );
    // A clip of the client's own for scene 1: it plays in the editor and costs no image credit either.
    await page.getByLabel('Upload an image or a clip for scene 1').setInputFiles({
      name: 'waves.mp4',
      mimeType: 'video/mp4',
      buffer: clip(),
    });
    await page.getByLabel('Clip of scene 1').waitFor();
    const withClip = (await owner.api.get(`/videos/${videoId}/scenes`)).body;
    expect(withClip[0].video_asset_id).toMatch(/^[0-9a-f-]{36}$/);
    await eventually(
      async () => ((await estimate()) === before - 2 ? true : undefined),
      'the estimate to drop again',
    );
    // Back to a drawn picture for scene 1, which the finished video's checks below expect.
    const reverted = await owner.api.patch(`/videos/${videoId}/scenes/${withClip[0].id}`, {
      video_asset_id: null,
    });
    expect(reverted.body).toMatchObject({ video_asset_id: null, image_asset_id: null });
    await shot('video-review');

    await approve.click();
    await page
      .getByTestId('video-status')
      .filter({ hasText: /^completed$/ })
      .waitFor({ state: 'attached', timeout: 240_000 });
    const player = page.getByTestId('player');
    await player.waitFor();
    const media = await player.evaluate(
      (v: any) =>
        new Promise<{ readyState: number; duration: number; error: number | null }>((resolve) => {
          const done = () =>
            resolve({ readyState: v.readyState, duration: v.duration, error: v.error?.code ?? null });
          if (v.readyState >= 1) done();
          else {
            v.addEventListener('loadedmetadata', done, { once: true });
            v.addEventListener('error', done, { once: true });
          }
        }),
    );
    expect(media.error).toBeNull();
    expect(media.readyState).toBeGreaterThanOrEqual(1);
    expect(media.duration).toBeGreaterThan(1);
    // It plays: the clock moves.
    const played = await player.evaluate(async (v: any) => {
      v.muted = true;
      await v.play();
      await new Promise((r) => setTimeout(r, 700));
      v.pause();
      return v.currentTime;
    });
    expect(played).toBeGreaterThan(0);
    const downloads = page.getByRole('list').filter({ has: page.getByRole('link', { name: 'Video (MP4)' }) });
    await expect(downloads.getByRole('link').count()).resolves.toBeGreaterThanOrEqual(3);
    await page.getByRole('img', { name: 'Thumbnail of the video' }).waitFor();
    // Each scene's picture and what it shows: scene 1 drawn, scene 2 the client's own.
    const pictures = page.getByTestId('scene-picture');
    await expect(pictures.count()).resolves.toBe(2);
    const drawn = (await owner.api.get(`/videos/${videoId}/scenes`)).body[0];
    expect(drawn.image_depicts).toEqual(expect.any(Array));
    await expect(pictures.nth(0).getByTestId('scene-depicts').textContent()).resolves.toBe(
      drawn.image_depicts.length > 0
        ? `Shows ${drawn.image_depicts.join(', ')}`
        : 'A backdrop, nothing in particular',
    );
    await pictures.nth(0).getByRole('img').waitFor();
    await expect(pictures.nth(1).getByTestId('scene-depicts').textContent()).resolves.toBe('Your own image');
    await expect(page.getByRole('table').last().textContent()).resolves.toContain('completed');
    // The transcript: the words as spoken, scene by scene.
    const transcript = page.getByTestId('transcript');
    await transcript.waitFor();
    await expect(transcript.textContent()).resolves.toContain(narration);
    await expectNoSeriousViolations('completed video');
    await shot('video-completed');

    const video = (await owner.api.get(`/videos/${videoId}`)).body;
    expect(video.status).toBe('completed');

    await page.getByRole('link', { name: 'Videos', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: 'How lighthouses guide ships' });
    await row.getByText('completed').waitFor();
    await expectNoSeriousViolations('videos');
  });

  it("shows a failed video's failure reason and retries it from its page", { timeout: 300_000 }, async () => {
    const failing = await owner.api.post('/videos', {
      prompt: 'Why tides rise and fall twice a day.',
      scene_count: 1,
      auto_approve: true,
      faults: { narrating: { fail: true } },
    });
    expect(failing.status, failing.text).toBe(201);
    await page.getByRole('link', { name: 'Videos', exact: true }).click();
    // The list follows the new video live until it fails.
    const row = page.getByRole('row').filter({ hasText: 'Why tides rise' });
    await row.getByText('failed').waitFor({ timeout: 120_000 });
    await shot('videos');
    await row.getByRole('link').click();
    const failure = page.getByRole('region', { name: 'Failure' });
    await failure.getByText('AUDIO_GENERATION_ERROR').waitFor();
    await expect(failure.textContent()).resolves.toContain('during narrating');
    await expectNoSeriousViolations('failed video');
    await failure.getByRole('button', { name: 'Retry' }).click();
    await page
      .getByTestId('video-status')
      .filter({ hasText: /^completed$/ })
      .waitFor({ state: 'attached', timeout: 240_000 });
    await page.getByTestId('player').waitFor();
  });

  it('shows the delivery of video.completed to the webhook with its attempts, redelivers it, and deletes the webhook', {
    timeout: 300_000,
  }, async () => {
    await eventually(
      () => (hookRoute.received.length >= 1 ? true : undefined),
      'the delivery to arrive',
      60_000,
    );
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    const item = page.getByRole('listitem').filter({ hasText: hookRoute.url });
    await item.getByRole('button', { name: 'Deliveries' }).click();
    // The delivery for the video made at the gate (the retried video has one too).
    const delivery = item.getByTestId('delivery').filter({ hasText: videoId.slice(0, 8) });
    await delivery.waitFor();
    await eventually(async () => {
      if ((await delivery.textContent())?.includes('succeeded')) return true;
      await item.getByRole('button', { name: 'Refresh' }).click();
      return undefined;
    }, 'the delivery to show as succeeded');
    await expect(delivery.textContent()).resolves.toContain('run 1, attempt 1: succeeded (HTTP 200)');
    await expectNoSeriousViolations('webhook deliveries');
    await shot('webhooks');

    const received = hookRoute.received.length;
    await delivery.getByRole('button', { name: 'Redeliver' }).click();
    await eventually(
      () => (hookRoute.received.length > received ? true : undefined),
      'the redelivery to arrive',
    );
    await eventually(async () => {
      await item.getByRole('button', { name: 'Refresh' }).click();
      return (await delivery.textContent())?.includes('run 2, attempt 1: succeeded') ? true : undefined;
    }, 'the redelivery to be listed');

    // Deleting the webhook (after a confirmation) removes it.
    page.once('dialog', (d) => void d.accept());
    await item.getByRole('button', { name: 'Delete', exact: true }).click();
    await item.waitFor({ state: 'detached' });
    expect((await owner.api.get('/callbacks')).body).toEqual([]);
  });

  it('shows the balance and ledger, and buys a plan', async () => {
    await page.getByRole('link', { name: 'Credits', exact: true }).click();
    await page.getByRole('heading', { name: 'Credits', level: 1 }).waitFor();
    const before = Number((await page.getByTestId('credit-balance').textContent())!.replace(/\D+/g, ''));
    expect(before).toBeLessThan(60); // the approved video was charged
    await page.getByRole('radio', { name: /starter/i }).check();
    await page.getByLabel('Payment token').fill(`tok_test_ok_${Date.now()}`);
    await page.getByRole('button', { name: 'Buy plan' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `New balance: ${before + 100} credits` })
      .waitFor();
    await page
      .getByTestId('credit-balance')
      .filter({ hasText: String(before + 100) })
      .waitFor();
    await page.getByRole('cell', { name: 'purchased' }).waitFor();
    await expectNoSeriousViolations('credits');
    await shot('credits');
  });

  it('uploads an asset and lists it with the generated ones', async () => {
    await page.getByRole('link', { name: 'Assets', exact: true }).click();
    await page.getByRole('heading', { name: 'Assets', level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'video', exact: true }).first().waitFor();
    await page
      .getByLabel(/^File/)
      .setInputFiles({ name: 'backdrop.png', mimeType: 'image/png', buffer: picture(320, 180) });
    await page.getByLabel('Asset name').fill('Brand backdrop');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByRole('link', { name: 'Brand backdrop' }).waitFor();
    const listed = (await owner.api.get('/assets?source=upload')).body.data;
    expect(listed.map((a: any) => a.name)).toContain('Brand backdrop');
    await expectNoSeriousViolations('assets');
    await shot('assets');
  });
});
