import { expect, type Page, test } from '@playwright/test';
import { signIn } from './pages/session';

/**
 * Issue 12 item 9, end to end on the sandbox: the e2e server starts without platform credentials,
 * so every platform runs on its local fake (packages/platform-fakes), consent pages included.
 *
 * A draft written before the server's channel routes: it cannot pass until they exist. Remove
 * this fixme when /channel/* answers.
 */
test.fixme();

const CHANNELS = '/api/channel/account/list';
const DEPARTMENT = 'Social desk';

/** Opens the connect dialog and chooses the platform and the department. */
async function openConnect(page: Page, platform: string) {
  await page.goto(CHANNELS);
  await expect(page.getByText('Sandbox').first()).toBeVisible();
  await page.getByRole('button', { name: 'Connect account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect an account' });
  await dialog.getByLabel('Platform').click();
  await page.getByTitle(platform, { exact: true }).click();
  await dialog.getByLabel('Department').fill('Social');
  await page.getByTitle(DEPARTMENT).click();
  return dialog;
}

/** From the connect dialog through the platform's (fake) consent page, with Allow or Deny. */
async function throughConsent(page: Page, platform: string, decision: 'Allow' | 'Deny') {
  const dialog = await openConnect(page, platform);
  await dialog.getByRole('button', { name: `Continue to ${platform}` }).click();
  // The fake's own consent page, outside the console.
  await expect(page.getByRole('heading', { name: new RegExp(`your ${platform} account`) })).toBeVisible();
  await page.getByRole('button', { name: decision }).click();
  await expect(page).toHaveURL(/\/authOpen$/);
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('connects two Facebook pages through the consent page and lists them with their department', async ({
  page,
}) => {
  await throughConsent(page, 'Facebook', 'Allow');
  await expect(page.getByText('Choose what to connect on Facebook')).toBeVisible();
  // Every target ticked by default; keep the first two.
  const boxes = page.getByRole('listitem').getByRole('checkbox');
  await expect(boxes.first()).toBeChecked();
  const count = await boxes.count();
  for (let i = 2; i < count; i++) await boxes.nth(i).uncheck();
  expect(count).toBeGreaterThanOrEqual(2);
  await page.getByRole('button', { name: 'Connect selected' }).click();

  await expect(page).toHaveURL(`${CHANNELS}?platform=facebook`);
  await expect(page.getByText('Accounts connected: 2')).toBeVisible();
  const rows = page.getByRole('row').filter({ hasText: 'Facebook' });
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) {
    await expect(row).toContainText(DEPARTMENT);
    await expect(row).toContainText('Active');
  }
});

test("connects a Telegram channel with the sandbox's test bot", async ({ page }) => {
  const dialog = await openConnect(page, 'Telegram');
  await dialog.getByRole('button', { name: "Use the sandbox's test bot" }).click();
  await expect(dialog.getByLabel('Bot token')).not.toHaveValue('');
  await expect(dialog.getByLabel('Channel')).not.toHaveValue('');
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByText('Accounts connected: 1')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Telegram' }).first()).toContainText(DEPARTMENT);
});

test('denying consent says nothing was connected, and why', async ({ page }) => {
  await throughConsent(page, 'Facebook', 'Deny');
  await expect(page.getByText('Nothing was connected')).toBeVisible();
  await expect(page.getByText('Facebook access was not granted, so nothing was connected')).toBeVisible();
  await page.getByRole('button', { name: 'Back to channel accounts' }).click();
  await expect(page).toHaveURL(CHANNELS);
});

test('releases a YouTube channel from its release page and shows it released', async ({ page }) => {
  await throughConsent(page, 'YouTube', 'Allow');
  await page.getByRole('button', { name: 'Connect selected' }).click();
  await expect(page).toHaveURL(`${CHANNELS}?platform=youtube`);
  const row = page.getByRole('row').filter({ hasText: 'YouTube' }).first();
  const name = (await row.locator('strong').first().textContent()) ?? '';

  await row.getByRole('link', { name: 'Release' }).click();
  await expect(page).toHaveURL(/\/youtubeRelieve\?id=\d+$/);
  await expect(page.getByText('What releasing does')).toBeVisible();
  await page.getByRole('checkbox', { name: /I understand/ }).check();
  await page.getByRole('button', { name: 'Release' }).click();
  await expect(page.getByText(`${name} is released.`)).toBeVisible();

  // Opened again directly, the page knows it is released and offers nothing to do.
  await page.reload();
  await expect(page.getByText('This account is released.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Release' })).toHaveCount(0);
  await page.goto(`${CHANNELS}?platform=youtube&status=released`);
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Released');
});
