import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E } from './e2e-env';
import { LoginPage, signIn, signInAsDemo } from './pages/session';

const bell = (page: Page) => page.getByTestId('message-bell');

/** A second, separate browser session (its own cookies), as another device would be. */
async function otherDevice(browser: Browser) {
  const context = await browser.newContext({ baseURL: E2E.baseUrl, locale: 'en-US' });
  return { page: await context.newPage(), close: () => context.close() };
}

test('bell count and failure banner: closing the banner records it and marks the failure read', async ({
  page,
  context,
}) => {
  await signInAsDemo(page, 'demo_editor');
  const banner = page.getByTestId('publish-failure-banner');
  // Spec §2: the reminder text is Chinese whatever the interface language.
  await expect(banner).toContainText('"Spring launch teaser" 发布到 "YouTube" 失败');
  await expect(bell(page)).toHaveAccessibleName('Messages, 3 unread');

  const read = page.waitForRequest((r) => r.url().includes('/prod-api/infor/read'));
  await banner.getByRole('button', { name: 'Close reminder' }).click();
  expect(new URL((await read).url()).searchParams.get('id')).toMatch(/^\d+$/);
  await expect(banner).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName('Messages, 2 unread');
  const errclose = (await context.cookies()).find((c) => c.name === 'errclose');
  expect(JSON.parse(decodeURIComponent(errclose?.value ?? '{}'))).toMatchObject({ errclose: false });

  // A reload keeps it closed: the failure is read now.
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Messages, 2 unread');
  await expect(banner).toHaveCount(0);
});

test('my messages: the bell opens the unread tab, the all tab lists read ones, mark all read empties the badge', async ({
  page,
}) => {
  await signInAsDemo(page, 'demo_deptadmin');
  await bell(page).click();
  const popover = page.getByTestId('bell-popover');
  await expect(popover).toContainText('Newsroom weekly recap');
  await popover.getByRole('link', { name: 'See more messages' }).click();
  await expect(page).toHaveURL('/api/infor/myInfor?navLink=1');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);

  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell(page)).toHaveAccessibleName('Messages, 0 unread');
  await expect(page.getByText('No messages')).toBeVisible();
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(page).toHaveURL(/navLink=2/);
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId('publish-failure-banner')).toHaveCount(0);
});

test('an administrator sends a tip to one department and only its members receive it', async ({
  page,
  browser,
}) => {
  await signIn(page);
  await page.goto('/api/tip/messagetip');
  await page.getByLabel('Title').fill('Stand-up moved');
  await page.getByLabel('Content').fill('Tomorrow at 10:30 in the studio.');
  await page.getByRole('switch', { name: 'Everyone' }).click();
  await page.getByLabel('Departments').fill('Social');
  await page.getByTitle('Social desk').click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Tip sent to 1 people.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Stand-up moved/ })).toContainText('Social desk');

  const viewer = await otherDevice(browser);
  await signInAsDemo(viewer.page, 'demo_viewer');
  await bell(viewer.page).click();
  await expect(viewer.page.getByTestId('bell-popover')).toContainText('Stand-up moved');
  await viewer.close();
});

test('profile: the display name edited shows in the top bar', async ({ page }) => {
  await signInAsDemo(page, 'demo_viewer');
  await page.getByTestId('navbar-user').click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL('/profile/index');
  await page.getByLabel('Display name').fill('Victoria Viewer');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  await expect(page.getByTestId('navbar-user-name')).toHaveText('Victoria Viewer');
});

test('changing the password signs out the other sessions and the new one works', async ({
  page,
  browser,
}) => {
  const elsewhere = await otherDevice(browser);
  await signInAsDemo(elsewhere.page, 'demo_admin');
  await signInAsDemo(page, 'demo_admin');

  await page.getByTestId('navbar-user').click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  await expect(page).toHaveURL('/api/me/changePass');
  await page.getByLabel('Current password').fill(E2E.demoPassword);
  await page.getByLabel('New password', { exact: true }).fill('weak');
  await expect(page.getByLabel('Password rules')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('N3w!Demo2026');
  await page.getByLabel('Confirm new password').fill('N3w!Demo2026');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Your other sessions were signed out.')).toBeVisible();

  // The other device's next call (the bell polls every 5 s) finds its session ended.
  const dialog = elsewhere.page.getByRole('dialog');
  await expect(dialog).toContainText('confirm logout');
  await dialog.getByRole('button', { name: 're-login' }).click();
  await expect(elsewhere.page).toHaveURL(/\/login/);
  await new LoginPage(elsewhere.page).signIn('demo_admin', 'N3w!Demo2026');
  await expect(elsewhere.page.getByTestId('navbar-user-name')).toHaveText('Ada Admin');
  await elsewhere.close();
});
