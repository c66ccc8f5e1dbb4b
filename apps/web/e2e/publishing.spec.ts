import { expect, test } from '@playwright/test';
import {
  PLATFORMS,
  accountsOf,
  chooseAccounts,
  closeDrawer,
  closeFailureBanner,
  compose,
  confirmPublish,
  connectSandbox,
  fakeOrigin,
  rowOf,
  setFault,
  statusWord,
} from './pages/publishing';
import { signIn } from './pages/session';

/** Issue 20 item 12, end to end on the sandbox (pages/publishing.ts: how the sandbox is used). */

// The accounts are connected once and the later tests publish to them.
test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('connects a Telegram, a Mastodon and a Bluesky account on the sandbox', async ({ page }) => {
  test.setTimeout(180_000);
  await connectSandbox(page);
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
  // The publish list opens on the publication's detail (publish-history.spec.ts); closed first.
  const detail = page.getByRole('dialog', { name: `${mastodon.name} on Mastodon` });
  await expect(detail.getByText('Mastodon refused this post.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
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
