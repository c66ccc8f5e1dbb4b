import { expect, type Page, test } from '@playwright/test';
import { FastColor } from '@ant-design/fast-color';
import { appliedPrimary } from '../src/app/theme-colors';
import { LANDING, signIn, watchCsp } from './pages/session';

const tags = (page: Page) => page.getByTestId('tags-view-item');

/**
 * Opens a tag's context menu and waits for it to settle: a click that lands while the menu is
 * still sliding in reaches the page under it instead, which closes the menu.
 */
async function openTagMenu(page: Page, title: string) {
  await tags(page).filter({ hasText: title }).click({ button: 'right' });
  // antd keeps a closed menu in the page (hidden), and a reopened one slides in with -enter
  // classes rather than -appear: wait for a shown menu with no motion class on any menu.
  await page.waitForFunction(
    () =>
      document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden)') &&
      !document.querySelector(
        '.ant-dropdown[class*="-appear"], .ant-dropdown[class*="-enter"], .ant-dropdown[class*="-leave"]',
      ),
  );
}

test('tags view: visited pages, close, middle click, close others, close all keep the pinned tag', async ({
  page,
}) => {
  await signIn(page);
  const menu = page.getByTestId('side-menu');
  await menu.getByText('New content').click();
  await expect(page).toHaveURL('/api/content/publish/pubContent');
  // A page gets its tag once it has rendered (the composer loads the editor first).
  await expect(tags(page)).toHaveText(['Department content', 'New content']);
  await menu.getByText('Admin content').click();
  await expect(tags(page)).toHaveCount(3);
  await menu.getByText('Publishing').click();
  await menu.getByText('Publish list').click();
  await expect(page).toHaveURL('/api/content/publish/pubHistory');
  await expect(tags(page)).toHaveText(['Department content', 'New content', 'Admin content', 'Publish list']);

  // Close the active tag: the last remaining one becomes current (TV-12, TV-13).
  await page.getByRole('img', { name: /Publish list/ }).click();
  await expect(page).toHaveURL('/api/content/contentList/admlist');
  await expect(tags(page)).toHaveCount(3);

  // Middle click closes a non-active tag (TV-11).
  await tags(page).filter({ hasText: 'New content' }).click({ button: 'middle' });
  await expect(tags(page)).toHaveText(['Department content', 'Admin content']);

  await menu.getByText('New content').click();
  await expect(tags(page)).toHaveText(['Department content', 'Admin content', 'New content']);
  await openTagMenu(page, 'Admin content');
  await page.getByRole('menuitem', { name: 'Close Others' }).click();
  await expect(page).toHaveURL('/api/content/contentList/admlist');
  await expect(tags(page)).toHaveText(['Department content', 'Admin content']);

  await openTagMenu(page, 'Admin content');
  await page.getByRole('menuitem', { name: 'Close All' }).click();
  await expect(tags(page)).toHaveText(['Department content']);
  await expect(page).toHaveURL(LANDING);
});

test('refresh through /redirect remounts the page and keeps the address', async ({ page }) => {
  await signIn(page);
  await page.goto('/api/content/contentList/admlist?tab=2');
  const heading = page.getByTestId('content-filters');
  await expect(heading).toBeVisible();
  await heading.evaluate((el) => el.setAttribute('data-marker', 'before'));
  await openTagMenu(page, 'Admin content');
  await page.getByRole('menuitem', { name: 'Refresh' }).click();
  await expect(page).toHaveURL('/api/content/contentList/admlist?tab=2');
  // A remounted page is a new element, without the marker set on the old one.
  await expect(page.getByTestId('content-filters')).toBeVisible();
  await expect(page.getByTestId('content-filters')).not.toHaveAttribute('data-marker', 'before');
});

test('at 800 px the side menu is a drawer with an overlay that closes on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 700 });
  await signIn(page);
  await expect(page.getByTestId('drawer-bg')).toHaveCount(0);
  await page.getByTestId('sidebar-toggle').click();
  await expect(page.getByTestId('drawer-bg')).toBeVisible();
  await page.getByTestId('side-menu').getByText('New content').click();
  await expect(page).toHaveURL('/api/content/publish/pubContent');
  await expect(page.getByTestId('drawer-bg')).toHaveCount(0);
  // Error log and fullscreen are desktop only.
  await expect(page.getByTestId('screenfull')).toHaveCount(0);
});

/** The preset as the page applies it, in computed-style form. */
const applied = (preset: string) => new FastColor(appliedPrimary(preset)).toRgbString().replaceAll(',', ', ');

test('a theme preset changes the primary colour at run time and survives a reload', async ({ page }) => {
  await signIn(page);
  const activeTag = tags(page).filter({ hasText: 'Department content' });
  await expect(activeTag).toHaveCSS('background-color', applied('#1890ff'));
  await page.getByTestId('settings-handle').click();
  await page.getByTestId('theme-preset-#f5222d').click();
  await expect(activeTag).toHaveCSS('background-color', applied('#f5222d'));
  await page.reload();
  await expect(tags(page).filter({ hasText: 'Department content' })).toHaveCSS(
    'background-color',
    applied('#f5222d'),
  );
});

test('switching language retitles the menu, tags, breadcrumb and document title', async ({
  page,
  context,
}) => {
  await signIn(page);
  await expect(page).toHaveTitle(
    'Department content - Postdeck · Global social media content operations platform',
  );
  await page.getByTestId('lang-select').click();
  await page.getByRole('menuitem', { name: '中文' }).click();
  // Said in the language just chosen.
  await expect(page.getByText('切换语言成功')).toBeVisible();
  await expect(page.getByTestId('side-menu')).toContainText('部门内容');
  await expect(tags(page)).toHaveText(['部门内容']);
  await expect(page.getByTestId('breadcrumb')).toContainText('部门内容');
  await expect(page).toHaveTitle('部门内容 - Postdeck · 全球社交媒体内容运营平台');
  const language = (await context.cookies()).find((c) => c.name === 'language');
  expect(language?.value).toBe('zh');
});

test('the error log collects a client error and Clear All empties it, its dialog under the strict CSP', async ({
  page,
}) => {
  const csp = await watchCsp(page);
  await signIn(page);
  await expect(page.getByTestId('error-log-button')).toHaveCount(0);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e boom');
    });
  });
  await page.getByTestId('error-log-button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Error Log');
  await expect(dialog).toContainText('e2e boom');
  await dialog.getByRole('button', { name: 'Clear All' }).click();
  await expect(page.getByTestId('error-log-button')).toHaveCount(0);
  // An open modal locks the page scroll with a style tag, which must carry the nonce.
  await csp.assertNone();
});

test('simple edition round trip: four tabs, back to the full edition on the matching tab', async ({
  page,
}) => {
  await signIn(page);
  await page.getByTestId('side-menu').getByText('New content').click();
  await page.getByRole('button', { name: 'switch to simple edition' }).click();
  const header = page.getByTestId('simple-header');
  await expect(header.getByRole('menuitem')).toHaveText([
    'New content',
    'Department content',
    'Publish list',
    'Scheduled publishing',
  ]);
  await expect(header.getByRole('menuitem', { name: 'New content' })).toHaveClass(/selected/);
  await expect(page.getByTestId('side-menu')).toHaveCount(0);
  await expect(page.getByTestId('app-layout')).toHaveClass(/simple/);

  await header.getByRole('menuitem', { name: 'Publish list' }).click();
  await expect(page).toHaveURL('/api/content/publish/pubHistory');
  // The choice is kept across a reload.
  await page.reload();
  await expect(page.getByTestId('simple-header')).toBeVisible();

  await page.getByRole('button', { name: 'switch to full edition' }).click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(page).toHaveURL('/api/content/publish/pubHistory');
});

test('full screen warns when the browser cannot go full screen', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false });
  });
  await signIn(page);
  await page.getByTestId('screenfull').click();
  await expect(page.getByText('you browser can not work')).toBeVisible();
});

test('the hidden channel routes are registered outside the menu', async ({ page }) => {
  await signIn(page);
  await page.goto('/youtubeRelieve');
  // Without an account in the address the page asks for one, and calls nothing.
  await expect(page.getByText('This page needs the account in its address (?id=).')).toBeVisible();
  await expect(page.getByText('Release YouTube connection').first()).toBeVisible();
  await expect(page.getByTestId('side-menu')).not.toContainText('Release YouTube connection');
  await page.goto('/vk');
  await expect(page).toHaveTitle(/VK connection/);
});

test("the avatar menu's Operation manual opens the manual's PDF in the reader's language in a new tab", async ({
  page,
}) => {
  await signIn(page);
  await page.getByTestId('navbar-user').click();
  // Headless Chromium has no PDF viewer: the new tab's response is what there is to check.
  const pdf = page
    .context()
    .waitForEvent('response', (res) => new URL(res.url()).pathname === '/manual/en.pdf');
  await page.getByRole('menuitem', { name: 'Operation manual' }).click();
  const response = await pdf;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
});
