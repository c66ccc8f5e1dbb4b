import { expect, type Page, test } from '@playwright/test';
import { signIn } from './pages/session';

/**
 * Issue 12 item 9, end to end on the sandbox: the e2e server starts without platform credentials,
 * so every platform runs on its local fake (packages/platform-fakes), consent pages included.
 * The fakes send the browser back to PUBLIC_URL/authOpen, the specs' origin (e2e-env.ts).
 */

const CHANNELS = '/api/channel/account/list';
const DEPARTMENT = 'Social desk';
/** The sandbox's Facebook pages (packages/platform-fakes/src/graph/sandbox.ts). */
const FACEBOOK_PAGES = ['Postdeck Sandbox News', 'Postdeck Sandbox Events'];

/** Opens the connect dialog and chooses the platform and the department. */
async function openConnect(page: Page, platform: string) {
  await page.goto(CHANNELS);
  await expect(page.getByText('Sandbox').first()).toBeVisible();
  await page.getByRole('button', { name: 'Connect account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect an account' });
  // The drop-downs open and filter with animations that can move an option between press and
  // release, losing the click: choose until the field shows the choice.
  const options = page.locator('.ant-select-dropdown:visible');
  await expect(async () => {
    if (!(await options.isVisible())) await dialog.getByLabel('Platform').click();
    await options.getByTitle(platform, { exact: true }).click({ timeout: 2_000 });
    await expect(dialog.getByTitle(platform, { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await dialog.getByLabel('Department').fill('Social');
  await expect(async () => {
    await page.getByRole('tree').getByTitle(DEPARTMENT).click({ timeout: 2_000 });
    await expect(dialog.getByTitle(DEPARTMENT)).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(page.getByRole('tree')).toBeHidden();
  return dialog;
}

/**
 * From the connect dialog to the platform's (fake) consent page, outside the console, which names
 * its own company (`signInOn`: Google for YouTube).
 */
async function toConsent(page: Page, platform: string, signInOn = platform) {
  const dialog = await openConnect(page, platform);
  await dialog.getByRole('button', { name: `Continue to ${platform}` }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`your ${signInOn} account`) })).toBeVisible();
}

/** Answers the consent page; the platform sends the browser back to /authOpen, which drops its answer from the address. */
async function decide(page: Page, decision: 'Allow' | 'Deny') {
  await page.getByRole('button', { name: decision, exact: true }).click();
  await expect(page).toHaveURL(/\/authOpen$/);
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('connects two Facebook pages through the consent page and lists them with their department', async ({
  page,
}) => {
  await toConsent(page, 'Facebook');
  // Facebook's dialog: the permissions and the pages Postdeck may use, all ticked; keep them.
  for (const name of FACEBOOK_PAGES) {
    await expect(page.getByRole('checkbox', { name: new RegExp(`^${name}`) })).toBeChecked();
  }
  await decide(page, 'Allow');
  await expect(page.getByText('Choose what to connect on Facebook')).toBeVisible();
  await expect(page.getByText(`Those ticked will belong to the department ${DEPARTMENT}`)).toBeVisible();
  // The picker lists both pages, ticked.
  const boxes = page.getByRole('listitem').getByRole('checkbox');
  await expect(boxes).toHaveCount(FACEBOOK_PAGES.length);
  for (const name of FACEBOOK_PAGES) {
    await expect(page.getByRole('checkbox', { name, exact: true })).toBeChecked();
  }
  await page.getByRole('button', { name: 'Connect selected' }).click();

  await expect(page).toHaveURL(`${CHANNELS}?platform=facebook`);
  await expect(page.getByText('Accounts connected: 2')).toBeVisible();
  for (const name of FACEBOOK_PAGES) {
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Facebook');
    await expect(row).toContainText(DEPARTMENT);
    await expect(row).toContainText('Active');
  }
  await expect(page.getByRole('row').filter({ hasText: 'Facebook' })).toHaveCount(FACEBOOK_PAGES.length);
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
  await toConsent(page, 'YouTube', 'Google');
  await decide(page, 'Deny');
  await expect(page.getByText('Nothing was connected', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'YouTube access was not granted, so nothing was connected',
  );
  await page.getByRole('button', { name: 'Back to channel accounts' }).click();
  await expect(page).toHaveURL(CHANNELS);
});

test('releases a YouTube channel from its release page and shows it released', async ({ page }) => {
  await toConsent(page, 'YouTube', 'Google');
  await decide(page, 'Allow');
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
