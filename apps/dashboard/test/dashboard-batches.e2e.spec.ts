import { eventually } from '@vidgen/stack-harness';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestAccount } from '../../../test/support/api';
import { atGate, waitForVideo } from '../../../test/support/videos';
import { useDashboard } from './support/dashboard-stack';

describe('the web dashboard in a real browser: templates and batches', () => {
  const dashboard = useDashboard('dashboard-batches', { signedIn: true });
  let owner: TestAccount, page: Page;
  beforeAll(() => {
    ({ owner, page } = dashboard.state());
  });
  let templateId: string;

  it('makes a template from a video, fills its field and makes a video from it', async () => {
    const source = await owner.api.post('/videos', {
      prompt: 'A greeting for a friend',
      scenes: [{ narration: 'Hello friend.' }],
    });
    expect(source.status, source.text).toBe(201);
    await waitForVideo(owner.api, source.body.id, atGate);
    await page.getByRole('link', { name: 'Templates', exact: true }).click();
    await page.getByRole('heading', { name: 'Templates', level: 1 }).waitFor();
    await page.getByLabel('Source video').selectOption(source.body.id);
    await page.getByLabel('Template name').fill('Greeting');
    await page.getByRole('button', { name: 'Make template' }).click();
    await page.getByText('no fields').waitFor();
    const [template] = (await owner.api.get('/templates')).body.data;
    expect(template.request.scenes.map((s: any) => s.narration)).toEqual(['Hello friend.']);
    templateId = template.id;
    // Fields are put in by editing the request (PATCH /templates/{id}); the page then asks for them.
    await owner.api.patch(`/templates/${templateId}`, {
      request: { prompt: 'A greeting for {{name}}', scenes: [{ narration: 'Hello {{name}}.' }] },
    });
    await page.getByRole('link', { name: 'Templates', exact: true }).click();
    await page.getByLabel('name', { exact: true }).fill('Ada');
    await page.getByRole('button', { name: 'Make video' }).click();
    await page.waitForURL(/\/dashboard\/videos\/[0-9a-f-]{36}$/);
    const videoId = page.url().split('/').at(-1)!;
    expect((await owner.api.get(`/videos/${videoId}`)).body.prompt).toBe('A greeting for Ada');
    // Both videos wait at the review gate; they are removed so the batch below has the slots.
    await waitForVideo(owner.api, videoId, atGate);
    for (const id of [source.body.id, videoId])
      expect((await owner.api.delete(`/videos/${id}`)).status).toBe(204);
  });

  it('uploads a CSV for the template, watches the counts, opens a row’s video and cancels the rest', async () => {
    await page.getByRole('link', { name: 'Batches', exact: true }).click();
    await page.getByRole('heading', { name: 'Batches', level: 1 }).waitFor();
    await page.getByLabel('Template', { exact: false }).first().selectOption(templateId);
    await page.getByLabel('CSV file').setInputFiles({
      name: 'rows.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name\nBen\nCleo\nDev\nEve\nFay\n'),
    });
    await page.getByRole('button', { name: 'Start batch' }).click();
    await page.getByText(/^5 rows:/).waitFor();
    const [batch] = (await owner.api.get('/batches')).body.data;
    await eventually(
      async () => {
        await page.getByRole('button', { name: 'Show rows' }).click();
        await page.getByRole('link', { name: 'Open video' }).first().waitFor({ timeout: 2000 });
        return true;
      },
      'a started row with its video link',
      60_000,
    );
    await page.getByRole('button', { name: 'Cancel batch' }).click();
    await page.getByText('cancelled', { exact: true }).waitFor();
    const after = (await owner.api.get(`/batches/${batch.id}`)).body;
    expect(after.status).toBe('cancelled');
    expect(after.cancelled).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Open video' }).first().click();
    await page.waitForURL(/\/dashboard\/videos\/[0-9a-f-]{36}$/);
    const rows = (await owner.api.get(`/batches/${batch.id}/rows`)).body.data;
    expect(rows.map((r: any) => r.video_id)).toContain(page.url().split('/').at(-1));
  });
});
