import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { CHANNELS, apiData, openConnect } from './channel-connect';

/**
 * Publishing on the sandbox, as the specs do it (publishing.spec.ts, publish-history.spec.ts): the
 * e2e server has no platform credentials, so Telegram, Mastodon and Bluesky run on their local
 * servers (packages/platform-fakes, Bluesky's own PDS) and the publishing worker runs in the
 * server's process. Each fake takes fault switches (POST <fake>/__fake/faults), which is how a
 * platform refuses a post or loses an answer, and lists its posts (GET <fake>/__fake/posts).
 */

export const COMPOSER = '/api/content/publish/pubContent';
export const DEPARTMENT = 'Social desk';
export const PLATFORMS = ['Telegram', 'Mastodon', 'Bluesky'] as const;
/** Facebook too, through its consent page on the local Graph server (its two sandbox pages). */
export type Platform = (typeof PLATFORMS)[number] | 'Facebook';

export interface Account {
  id: number;
  platform: string;
  name: string;
  profileUrl: string | null;
  status: string;
}

export interface Created {
  publications: { id: number; account: { id: number; platform: string; name: string } }[];
}

/** The console's active accounts of a platform in the department (the e2e server is shared by the specs). */
export async function accountsOf(page: Page, platform: Platform): Promise<Account[]> {
  const list = await apiData<{ items: Account[] }>(
    page,
    `/channel/account/list?platform=${platform.toLowerCase()}&pageSize=50`,
  );
  return list.items.filter((a) => a.status === 'active');
}

/** The fake's origin, from the account's profile link (the fake serves the profile page). */
export async function fakeOrigin(page: Page, platform: Platform): Promise<string> {
  const [account] = await accountsOf(page, platform);
  if (!account?.profileUrl) throw new Error(`no ${platform} account with a profile link`);
  return new URL(account.profileUrl).origin;
}

export async function setFault(page: Page, origin: string, fault: Record<string, unknown>) {
  const answer = await page.request.post(`${origin}/__fake/faults`, { data: fault });
  expect(answer.status()).toBe(204);
}

export async function connectTelegram(page: Page) {
  const dialog = await openConnect(page, 'Telegram', DEPARTMENT);
  await dialog.getByRole('button', { name: "Use the sandbox's test bot" }).click();
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByText(/^Accounts connected: 1$/)).toBeVisible();
}

export async function connectMastodon(page: Page) {
  const dialog = await openConnect(page, 'Mastodon', DEPARTMENT);
  await dialog.getByRole('button', { name: "Use the sandbox's test server" }).click();
  await dialog.getByRole('button', { name: 'Continue to Mastodon' }).click();
  await page.getByRole('button', { name: 'Authorize', exact: true }).click();
  await expect(page).toHaveURL(/\/authOpen$/);
  await page.getByRole('button', { name: 'Connect selected' }).click();
  await expect(page).toHaveURL(`${CHANNELS}?platform=mastodon`);
}

export async function connectFacebook(page: Page) {
  const dialog = await openConnect(page, 'Facebook', DEPARTMENT);
  await dialog.getByRole('button', { name: 'Continue to Facebook' }).click();
  await page.getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(page).toHaveURL(/\/authOpen$/);
  await page.getByRole('button', { name: 'Connect selected' }).click();
  await expect(page).toHaveURL(`${CHANNELS}?platform=facebook`);
}

export async function connectBluesky(page: Page) {
  const dialog = await openConnect(page, 'Bluesky', DEPARTMENT);
  await dialog.getByRole('button', { name: "Use the sandbox's test account" }).click();
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  // The sandbox starts Bluesky's PDS the first time: a few seconds on a quiet machine.
  await expect(page.getByText(/^Accounts connected: 1$/)).toBeVisible({ timeout: 120_000 });
}

/** A PNG of its own colour, so each upload is a new file rather than the library's duplicate. */
export async function png(name: string, seed: number) {
  const background = { r: (seed * 53) % 256, g: (seed * 97) % 256, b: 200 };
  const image = sharp({ create: { width: 120, height: 120, channels: 3, background } });
  return { name, mimeType: 'image/png', buffer: await image.png().toBuffer() };
}

// Where the colours start differs per run of a spec file, so two specs never upload the same picture.
let uploads = Date.now() % 65_536;

/** Writes a content with an image and opens its Publish panel (which saves it first). */
export async function compose(page: Page, title: string, text: string) {
  await page.goto(COMPOSER);
  await page.getByLabel('Title').fill(title);
  await page.locator('.ProseMirror').click();
  await page.keyboard.type(text);
  await page.getByRole('button', { name: /Add images or video/ }).click();
  const picker = page.getByRole('dialog');
  await picker.getByRole('tab', { name: 'Upload' }).click();
  uploads += 1;
  await picker.locator('input[type=file]').setInputFiles([await png(`harbour-${uploads}.png`, uploads)]);
  await expect(picker.getByText('Done')).toBeVisible();
  await picker.getByRole('button', { name: 'Use selected' }).click();
  await expect(page.getByTestId('attached-material')).toHaveCount(1);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: `Publish “${title}”` });
  await expect(drawer.getByRole('region', { name: 'Accounts' })).toBeVisible();
  return drawer;
}

/** Ticks exactly one account (the first) of each platform named. */
export async function chooseAccounts(drawer: Locator, platforms: readonly Platform[]) {
  const accounts = drawer.getByRole('region', { name: 'Accounts' });
  // The panel ticks the last choice at first.
  for (const box of await accounts.getByRole('checkbox').all()) await box.uncheck();
  for (const platform of platforms) {
    await accounts
      .getByRole('group', { name: `${platform} · ${DEPARTMENT}` })
      .getByRole('checkbox')
      .first()
      .check();
  }
  await expect(accounts.getByText(`Selected: ${platforms.length}`)).toBeVisible();
}

/** Confirms the publish and answers the publications the server created. */
export async function confirmPublish(
  page: Page,
  drawer: Locator,
  action: 'Publish' | 'Schedule',
): Promise<Created> {
  await drawer.getByRole('button', { name: action, exact: true }).click();
  const created = page.waitForResponse(
    (response) => response.url().includes('/prod-api/content/publish/create') && response.ok(),
  );
  await page.locator('.ant-modal-confirm').getByRole('button', { name: action, exact: true }).click();
  return ((await (await created).json()) as { data: Created }).data;
}

/** The summary's line for the account on this platform. */
export const rowOf = (drawer: Locator, platform: Platform) =>
  drawer
    .getByRole('list', { name: 'Accounts' })
    .getByRole('listitem')
    .filter({ hasText: `· ${platform}` });

export const statusWord = (row: Locator, word: string) =>
  row.locator('.ant-tag').filter({ hasText: new RegExp(`^${word}$`) });

/** The summary's own Close (the drawer's corner × has the same name, and no text). */
export async function closeDrawer(drawer: Locator) {
  await drawer.getByRole('button', { name: 'Close', exact: true }).filter({ hasText: 'Close' }).click();
  await expect(drawer).toBeHidden();
}

/** Closes the failure banner (the failure is then read), so the next specs start without it. */
export async function closeFailureBanner(page: Page) {
  const banner = page.getByTestId('publish-failure-banner');
  await banner.getByRole('button', { name: 'Close reminder' }).click();
  await expect(banner).toHaveCount(0);
}

/** Connects one account of each platform named, unless the department has one already. */
export async function connectSandbox(page: Page, platforms: readonly Platform[] = PLATFORMS) {
  const connect = {
    Telegram: connectTelegram,
    Mastodon: connectMastodon,
    Bluesky: connectBluesky,
    Facebook: connectFacebook,
  };
  for (const platform of platforms)
    if ((await accountsOf(page, platform)).length === 0) await connect[platform](page);
  for (const platform of platforms) expect(await accountsOf(page, platform)).not.toHaveLength(0);
}
