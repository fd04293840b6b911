import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestAccount } from '../../../test/support/api';
import { insetLogo } from '../../../test/support/png';
import { useDashboard } from './support/dashboard-stack';

describe('the web dashboard in a real browser: Settings → Brand', () => {
  const dashboard = useDashboard('dashboard-brand', { apiOnly: true, signedIn: true });
  const { shot, expectNoSeriousViolations } = dashboard;
  let owner: TestAccount, page: Page;
  beforeAll(() => {
    ({ owner, page } = dashboard.state());
  });

  /** The preview image's loaded width (0 until it has loaded). */
  const previewWidth = () =>
    page
      .getByTestId('brand-preview')
      .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth);

  it('creates a brand with a logo, a font and an intro, and shows the preview frame the api draws', async () => {
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { name: 'Brand' }).waitFor();
    const form = page.getByTestId('brand-form');
    await form.getByLabel('Name').fill('Northwind');
    await form.getByLabel(/^Logo/).setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: insetLogo(200, 100, [255, 0, 0]),
    });
    await form.getByLabel('Font').selectOption('inter');
    await form.getByLabel('Intro title (empty: none)').fill('Northwind presents');
    await form.getByLabel('Default for new videos').check();
    await form.getByRole('button', { name: 'Create brand' }).click();
    const preview = page.getByTestId('brand-preview');
    await preview.waitFor();
    await expect.poll(previewWidth).toBe(1280);
    const [brand] = (await owner.api.get('/brands')).body.data;
    expect(brand).toMatchObject({
      name: 'Northwind',
      font: 'inter',
      default: true,
      intro: { title: 'Northwind presents', seconds: 2 },
      logo: { position: 'top-right' },
    });
    await form.getByLabel('Preview').selectOption('9:16');
    await expect.poll(previewWidth).toBe(720);
    await expectNoSeriousViolations('brand settings');
    await shot('settings-brand');
  });
});
