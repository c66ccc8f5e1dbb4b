import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { signInAsDemo } from './pages/session';

const COMPOSER = '/api/content/publish/pubContent';
const LIBRARY = '/api/material/list';

/** A PNG of flat colour (small) or of noise (large: it does not compress). */
async function png(name: string, options: { size?: number; noise?: boolean } = {}) {
  const size = options.size ?? 64;
  const noise = options.noise ? { noise: { type: 'gaussian' as const, mean: 128, sigma: 60 } } : {};
  const background = { r: 30, g: 120, b: 200 };
  const image = sharp({ create: { width: size, height: size, channels: 3, background, ...noise } });
  return { name, mimeType: 'image/png', buffer: await image.png({ compressionLevel: 0 }).toBuffer() };
}

const uploads = (page: Page) => page.getByRole('list', { name: 'Uploads' });

async function openUploadDialog(page: Page) {
  await page.goto(LIBRARY);
  await page
    .getByRole('button', { name: /Upload/ })
    .first()
    .click();
  return page.getByRole('dialog');
}

test('uploads two files at once with a progress bar each, then shows them in the library', async ({
  page,
}) => {
  await signInAsDemo(page, 'demo_editor');
  const dialog = await openUploadDialog(page);
  await dialog
    .locator('input[type=file]')
    .setInputFiles([await png('sunrise.png'), await png('harbour.png', { size: 80 })]);
  const list = uploads(page);
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('progressbar')).toHaveCount(2);
  await expect(list.getByText('Done')).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('checkbox', { name: 'sunrise.png' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'harbour.png' })).toBeVisible();
});

test('an upload survives a dropped connection and finishes', async ({ page }) => {
  await signInAsDemo(page, 'demo_editor');
  const dialog = await openUploadDialog(page);
  // 12 MB of noise: three 5 MB chunks. The connection drops for two attempts after the first chunk.
  let patches = 0;
  await page.route('**/prod-api/material/upload/**', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    patches += 1;
    if (patches === 2 || patches === 3) return route.abort('connectionreset');
    return route.continue();
  });
  await dialog
    .locator('input[type=file]')
    .setInputFiles([await png('noise.png', { size: 2000, noise: true })]);
  const list = uploads(page);
  await expect(list.getByText('Connection lost, reconnecting…')).toBeVisible({ timeout: 20_000 });
  await expect(list.getByText('Done')).toBeVisible({ timeout: 30_000 });
  expect(patches).toBeGreaterThanOrEqual(4);
});

test('compose with an image, reload mid-edit, recover the draft and save', async ({ page }) => {
  await signInAsDemo(page, 'demo_editor');
  await page.goto(COMPOSER);
  await page.getByLabel('Title').fill('Harbour at dawn');
  await page.locator('.ProseMirror').click();
  await page.keyboard.type('The first boats leave at five.');

  await page.getByRole('button', { name: /Add images or video/ }).click();
  const picker = page.getByRole('dialog');
  await picker.getByRole('tab', { name: 'Upload' }).click();
  await picker.locator('input[type=file]').setInputFiles([await png('dawn-cover.png', { size: 120 })]);
  await expect(picker.getByText('Done')).toBeVisible();
  await picker.getByRole('button', { name: 'Use selected' }).click();
  await expect(page.getByTestId('attached-material')).toHaveCount(1);

  // The local draft is written within a few seconds of the last change.
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('postdeck.composer-draft:'))),
    )
    .toBe(true);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByText('Unsaved draft found')).toBeVisible();
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByLabel('Title')).toHaveValue('Harbour at dawn');
  await expect(page.locator('.ProseMirror')).toContainText('The first boats leave at five.');
  await expect(page.getByTestId('attached-material')).toHaveCount(1);

  await page.keyboard.press('Control+s');
  await expect(page).toHaveURL(/pubContent\?id=\d+$/);
  await expect(page.getByText(/Saved at/)).toBeVisible();
  await page.goto('/api/content/contentList/deplist?keyword=Harbour');
  await expect(page.getByRole('link', { name: 'Harbour at dawn' })).toBeVisible();
});

test('deleting a material that a content uses is refused with the list of contents', async ({ page }) => {
  await signInAsDemo(page, 'demo_editor');
  await page.goto(`${LIBRARY}?name=dawn-cover`);
  await page.getByRole('button', { name: 'Preview dawn-cover.png' }).click();
  await page
    .getByRole('button', { name: /Delete/ })
    .last()
    .click();
  const confirm = page.getByRole('dialog').last();
  await confirm
    .getByRole('button', { name: /Delete/ })
    .last()
    .click();
  await expect(confirm).toContainText('Harbour at dawn');
  await expect(confirm.getByRole('link', { name: 'Harbour at dawn' })).toHaveAttribute(
    'href',
    /pubContent\?id=\d+/,
  );
});
