import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestAccount } from '../../../test/support/api';
import { atGate, waitForVideo } from '../../../test/support/videos';
import { useDashboard } from './support/dashboard-stack';

describe('the web dashboard in a real browser: a running video’s live progress bar', () => {
  const dashboard = useDashboard('dashboard-progress', { signedIn: true });
  let owner: TestAccount, page: Page;
  beforeAll(() => {
    ({ owner, page } = dashboard.state());
  });

  it('shows the bar fed by the event stream move while the video is made, until it completes', {
    timeout: 300_000,
  }, async () => {
    const created = await owner.api.post('/videos', {
      prompt: 'How lighthouses guide ships. Their beams sweep the sea. Keepers tend the lamps.',
      scene_count: 3,
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    await waitForVideo(owner.api, id, atGate);

    await page.goto(`${dashboard.state().origin}/dashboard/videos/${id}`);
    const approve = page.getByRole('button', { name: 'Approve and make the video' });
    await approve.waitFor();
    // Every value the bar shows, as the browser draws it (sampled every 50 ms from now on).
    await page.evaluate(`(() => {
      const seen = [];
      window.seenProgress = seen;
      setInterval(() => {
        const bar = document.querySelector('[data-testid="video-progress"]');
        const now = bar && Number(bar.getAttribute('aria-valuenow'));
        if (bar && seen.at(-1) !== now) seen.push(now);
      }, 50);
    })()`);
    await approve.click();
    await page.getByTestId('video-progress').waitFor({ timeout: 60_000 });
    await dashboard.shot('video-progress');
    await dashboard.expectNoSeriousViolations('a running video with its progress bar');

    // The page follows the stream to the end: completed, the player, and no bar any more.
    await page.getByTestId('video-status').filter({ hasText: 'completed' }).waitFor({ timeout: 240_000 });
    await page.locator('video').first().waitFor();
    expect(await page.getByTestId('video-progress').count()).toBe(0);

    const seen = (await page.evaluate('window.seenProgress')) as number[];
    expect(new Set(seen).size, `bar values ${seen.join(', ')}`).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]!);
    expect(Math.max(...seen)).toBeGreaterThan(12);
    expect((await owner.api.get(`/videos/${id}`)).body).toMatchObject({
      status: 'completed',
      progress: null,
    });
  });
});
