import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { CHANNELS, apiData, openConnect } from './pages/channel-connect';
import { signIn } from './pages/session';

/**
 * Issue 20 item 12, end to end on the sandbox: the e2e server has no platform credentials, so
 * Telegram, Mastodon and Bluesky run on their local servers (packages/platform-fakes, Bluesky's
 * own PDS) and the publishing worker runs in the server's process. Each fake takes fault
 * switches (POST <fake>/__fake/faults), which is how a platform refuses a post or loses an answer.
 */

const COMPOSER = '/api/content/publish/pubContent';
const DEPARTMENT = 'Social desk';
const PLATFORMS = ['Telegram', 'Mastodon', 'Bluesky'] as const;
type Platform = (typeof PLATFORMS)[number];

interface Account {
  id: number;
  platform: string;
  name: string;
  profileUrl: string | null;
  status: string;
}

interface Created {
  publications: { id: number; account: { id: number; platform: string; name: string } }[];
}

// The accounts are connected once and the later tests publish to them.
test.describe.configure({ mode: 'serial' });

/** The console's active accounts of a platform in the department (the e2e server is shared by the specs). */
async function accountsOf(page: Page, platform: Platform): Promise<Account[]> {
  const list = await apiData<{ items: Account[] }>(
    page,
    `/channel/account/list?platform=${platform.toLowerCase()}&pageSize=50`,
  );
  return list.items.filter((a) => a.status === 'active');
}

/** The fake's origin, from the account's profile link (the fake serves the profile page). */
async function fakeOrigin(page: Page, platform: Platform): Promise<string> {
  const [account] = await accountsOf(page, platform);
  if (!account?.profileUrl) throw new Error(`no ${platform} account with a profile link`);
  return new URL(account.profileUrl).origin;
}

async function setFault(page: Page, origin: string, fault: Record<string, unknown>) {
  const answer = await page.request.post(`${origin}/__fake/faults`, { data: fault });
  expect(answer.status()).toBe(204);
}

async function connectTelegram(page: Page) {
  const dialog = await openConnect(page, 'Telegram', DEPARTMENT);
  await dialog.getByRole('button', { name: "Use the sandbox's test bot" }).click();
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByText(/^Accounts connected: 1$/)).toBeVisible();
}

async function connectMastodon(page: Page) {
  const dialog = await openConnect(page, 'Mastodon', DEPARTMENT);
  await dialog.getByRole('button', { name: "Use the sandbox's test server" }).click();
  await dialog.getByRole('button', { name: 'Continue to Mastodon' }).click();
  await page.getByRole('button', { name: 'Authorize', exact: true }).click();
  await expect(page).toHaveURL(/\/authOpen$/);
  await page.getByRole('button', { name: 'Connect selected' }).click();
  await expect(page).toHaveURL(`${CHANNELS}?platform=mastodon`);
}

async function connectBluesky(page: Page) {
  const dialog = await openConnect(page, 'Bluesky', DEPARTMENT);
  await dialog.getByRole('button', { name: "Use the sandbox's test account" }).click();
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  // The sandbox starts Bluesky's PDS the first time: a few seconds on a quiet machine.
  await expect(page.getByText(/^Accounts connected: 1$/)).toBeVisible({ timeout: 120_000 });
}

/** A PNG of its own colour, so each upload is a new file rather than the library's duplicate. */
async function png(name: string, seed: number) {
  const background = { r: (seed * 53) % 256, g: (seed * 97) % 256, b: 200 };
  const image = sharp({ create: { width: 120, height: 120, channels: 3, background } });
  return { name, mimeType: 'image/png', buffer: await image.png().toBuffer() };
}

let uploads = 0;

/** Writes a content with an image and opens its Publish panel (which saves it first). */
async function compose(page: Page, title: string, text: string) {
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
async function chooseAccounts(drawer: Locator, platforms: readonly Platform[]) {
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
async function confirmPublish(page: Page, drawer: Locator, action: 'Publish' | 'Schedule'): Promise<Created> {
  await drawer.getByRole('button', { name: action, exact: true }).click();
  const created = page.waitForResponse(
    (response) => response.url().includes('/prod-api/content/publish/create') && response.ok(),
  );
  await page.locator('.ant-modal-confirm').getByRole('button', { name: action, exact: true }).click();
  return ((await (await created).json()) as { data: Created }).data;
}

/** The summary's line for the account on this platform. */
const rowOf = (drawer: Locator, platform: Platform) =>
  drawer
    .getByRole('list', { name: 'Accounts' })
    .getByRole('listitem')
    .filter({ hasText: `· ${platform}` });

const statusWord = (row: Locator, word: string) =>
  row.locator('.ant-tag').filter({ hasText: new RegExp(`^${word}$`) });

/** The summary's own Close (the drawer's corner × has the same name, and no text). */
async function closeDrawer(drawer: Locator) {
  await drawer.getByRole('button', { name: 'Close', exact: true }).filter({ hasText: 'Close' }).click();
  await expect(drawer).toBeHidden();
}

/** Closes the failure banner (the failure is then read), so the next specs start without it. */
async function closeFailureBanner(page: Page) {
  const banner = page.getByTestId('publish-failure-banner');
  await banner.getByRole('button', { name: 'Close reminder' }).click();
  await expect(banner).toHaveCount(0);
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('connects a Telegram, a Mastodon and a Bluesky account on the sandbox', async ({ page }) => {
  test.setTimeout(180_000);
  if ((await accountsOf(page, 'Telegram')).length === 0) await connectTelegram(page);
  if ((await accountsOf(page, 'Mastodon')).length === 0) await connectMastodon(page);
  if ((await accountsOf(page, 'Bluesky')).length === 0) await connectBluesky(page);
  for (const platform of PLATFORMS) expect(await accountsOf(page, platform)).not.toHaveLength(0);
});

test('publishes now to three platforms, each reaches published with its link and a screenshot', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const drawer = await compose(page, 'Harbour at dawn, live', 'The first boats leave at five. #harbour');
  await chooseAccounts(drawer, PLATFORMS);
  const created = await confirmPublish(page, drawer, 'Publish');
  expect(created.publications).toHaveLength(3);

  for (const platform of PLATFORMS) {
    const row = rowOf(drawer, platform);
    await expect(statusWord(row, 'Published')).toBeVisible({ timeout: 60_000 });
    // The post's link is on the account's own site (the fake serves the post's page there).
    const href = await row.getByRole('link', { name: /^https?:\/\// }).getAttribute('href');
    const [account] = await accountsOf(page, platform);
    expect(new URL(href ?? '').host).toBe(new URL(account?.profileUrl ?? '').host);
    const id = await row.getAttribute('data-publication-id');
    await expect(row.getByRole('link', { name: 'Screenshot' })).toHaveAttribute(
      'href',
      `/screenShort?id=${id}`,
    );
  }

  // Each screenshot page opens in a tab of its own and shows the post's picture.
  for (const platform of PLATFORMS) {
    const [shot] = await Promise.all([
      page.context().waitForEvent('page'),
      rowOf(drawer, platform).getByRole('link', { name: 'Screenshot' }).click(),
    ]);
    const image = shot.getByRole('img', { name: 'Screenshot of the post’s public page' });
    await expect(image).toBeVisible({ timeout: 90_000 });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await shot.close();
  }
});

test('schedules a publication about a minute ahead and sees it go out', async ({ page }) => {
  // The picker takes minutes: the time chosen is 60 to 120 s ahead, then the worker's poll.
  test.setTimeout(300_000);
  const drawer = await compose(page, 'Harbour at noon, scheduled', 'The ferry is on time. #harbour');
  await chooseAccounts(drawer, ['Telegram']);
  await drawer.getByRole('radio', { name: 'Schedule' }).check();
  const at = await page.evaluate(() => {
    const when = new Date(Date.now() + 120_000);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${when.getFullYear()}-${two(when.getMonth() + 1)}-${two(when.getDate())} ${two(when.getHours())}:${two(when.getMinutes())}`;
  });
  const field = drawer.getByLabel('Publication time');
  await field.click();
  await field.fill(at);
  await field.press('Enter');
  await expect(field).toHaveValue(at);
  const created = await confirmPublish(page, drawer, 'Schedule');
  expect(created.publications).toHaveLength(1);

  const row = rowOf(drawer, 'Telegram');
  await expect(statusWord(row, 'Scheduled')).toBeVisible();
  await expect(statusWord(row, 'Published')).toBeVisible({ timeout: 200_000 });
  await expect(row.getByRole('link', { name: /^https?:\/\// })).toBeVisible();
});

test('a platform that refuses the post: the summary says why, the failure banner links to the publication', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const title = 'Harbour at dusk, refused';
  const [mastodon] = await accountsOf(page, 'Mastodon');
  if (!mastodon) throw new Error('no Mastodon account');
  await setFault(page, await fakeOrigin(page, 'Mastodon'), {
    kind: 'contentRejected',
    message: 'Posts about harbours are not allowed here',
    call: 'POST /api/v1/statuses',
    times: 1,
  });
  const drawer = await compose(page, title, 'The lighthouse is lit. #harbour');
  await chooseAccounts(drawer, ['Mastodon']);
  const created = await confirmPublish(page, drawer, 'Publish');
  const id = created.publications[0]?.id;

  const row = rowOf(drawer, 'Mastodon');
  await expect(statusWord(row, 'Failed')).toBeVisible({ timeout: 60_000 });
  await expect(row.getByText('Mastodon refused this post.')).toBeVisible();
  await expect(
    row.getByText(/^Mastodon said: “.*Posts about harbours are not allowed here.*”$/),
  ).toBeVisible();

  // Spec §2: the banner (in Chinese) names the content and the account; "view details" opens
  // the publish list on that publication (oppId).
  await closeDrawer(drawer);
  const banner = page.getByTestId('publish-failure-banner');
  await expect(banner).toContainText(`"${title}" 发布到 "${mastodon.name}" 失败`, { timeout: 15_000 });
  await banner.getByRole('link', { name: 'View details' }).click();
  await expect(page).toHaveURL(`/api/content/publish/pubHistory?pageSize=10&oppId=${id}&queryType=1`);
  await closeFailureBanner(page);
});

test('a lost answer: Telegram is unconfirmed and settled with the post’s link; Mastodon resends with its key', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const telegramOrigin = await fakeOrigin(page, 'Telegram');
  const mastodonOrigin = await fakeOrigin(page, 'Mastodon');
  const [telegram] = await accountsOf(page, 'Telegram');
  if (!telegram?.profileUrl) throw new Error('no Telegram account');
  const mastodonPosts = async () =>
    ((await (await page.request.get(`${mastodonOrigin}/__fake/posts`)).json()) as unknown[]).length;
  const before = await mastodonPosts();
  // Each platform keeps the post, then answers a server error.
  await setFault(page, telegramOrigin, { kind: 'acceptThenServerError', call: 'sendPhoto', times: 1 });
  await setFault(page, mastodonOrigin, {
    kind: 'acceptThenServerError',
    call: 'POST /api/v1/statuses',
    times: 1,
  });
  const text = 'Fog over the harbour this morning. #harbour';
  const drawer = await compose(page, 'Harbour in fog, answer lost', text);
  await chooseAccounts(drawer, ['Telegram', 'Mastodon']);
  await confirmPublish(page, drawer, 'Publish');

  // Mastodon dedupes by the Idempotency-Key: the resend finds the same status, and no second one.
  const mastodon = rowOf(drawer, 'Mastodon');
  await expect(statusWord(mastodon, 'Published')).toBeVisible({ timeout: 60_000 });
  expect(await mastodonPosts()).toBe(before + 1);
  const mastodonLink = await mastodon.getByRole('link', { name: /^https?:\/\// }).getAttribute('href');

  // Telegram can neither dedupe nor look: the author says what happened.
  const row = rowOf(drawer, 'Telegram');
  await expect(statusWord(row, 'Unconfirmed')).toBeVisible({ timeout: 60_000 });
  await expect(row.getByText(/its answer was lost: the post may or may not be there/)).toBeVisible();

  // The author finds the post on the channel's page and copies its link.
  const channel = await page.context().newPage();
  await channel.goto(telegram.profileUrl);
  const postLink = channel.getByRole('link', { name: text });
  await expect(postLink).toHaveCount(1);
  const url = new URL((await postLink.getAttribute('href')) ?? '', telegram.profileUrl).href;
  await channel.close();

  await row.getByRole('button', { name: 'It is there' }).click();
  const field = row.getByRole('textbox', { name: 'The post’s link' });
  // Another account's post is refused by the server (103006), on the field.
  await field.fill(mastodonLink ?? '');
  await row.getByRole('button', { name: 'Mark as published' }).click();
  await expect(row.getByText(`This link is not a post of ${telegram.name} on Telegram`)).toBeVisible();
  await field.fill(url);
  await row.getByRole('button', { name: 'Mark as published' }).click();
  await expect(statusWord(row, 'Published')).toBeVisible();
  await expect(row.getByRole('link', { name: url })).toHaveAttribute('href', url);

  await closeDrawer(drawer);
  // The lost answer told the author too; read now.
  await closeFailureBanner(page);
});
