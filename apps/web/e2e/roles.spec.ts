import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E } from './e2e-env';
import { LANDING, signIn, signInAsDemo } from './pages/session';

async function otherDevice(browser: Browser) {
  const context = await browser.newContext({ baseURL: E2E.baseUrl, locale: 'en-US' });
  return { page: await context.newPage(), close: () => context.close() };
}

/** Ticks or unticks one entry of the Viewer role's menu tree and saves. */
async function setViewerGrant(page: Page, entry: string, granted: boolean) {
  await page.goto('/api/system/role');
  await page
    .getByRole('row', { name: /viewer/ })
    .getByRole('button', { name: 'Edit' })
    .click();
  const drawer = page.getByRole('dialog', { name: 'Edit Viewer' });
  const node = drawer.locator('.ant-tree-treenode', { hasText: entry });
  const box = node.locator('.ant-tree-checkbox');
  const ticked = /ant-tree-checkbox-checked/;
  await (granted ? expect(box).not : expect(box)).toHaveClass(ticked);
  await box.click();
  await (granted ? expect(box) : expect(box).not).toHaveClass(ticked);
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changes to Viewer saved.')).toBeVisible();
}

test("editing a role's menus changes its holders' side menu on their next request", async ({
  page,
  browser,
}) => {
  const viewer = await otherDevice(browser);
  await signInAsDemo(viewer.page, 'demo_viewer');
  const sideMenu = viewer.page.getByTestId('side-menu');
  await expect(sideMenu.getByText('Department content')).toBeVisible();
  await expect(sideMenu.getByText('Audit log')).toHaveCount(0);

  await signIn(page);
  await setViewerGrant(page, 'Audit log', true);

  // The viewer's next load of the console brings the new menu, and the page opens.
  await viewer.page.reload();
  // A group with one page shows as that page (spec §2), so 'Logs' is just 'Audit log'.
  await sideMenu.getByText('Audit log').click();
  await expect(viewer.page).toHaveURL('/api/log/audit');
  await expect(viewer.page.getByRole('table')).toBeVisible();

  // And taken back: gone from the menu, and the page's call is refused again.
  await setViewerGrant(page, 'Audit log', false);
  await viewer.page.goto(LANDING);
  await expect(sideMenu.getByText('Department content')).toBeVisible();
  await expect(sideMenu.getByText('Audit log')).toHaveCount(0);
  await viewer.close();
});
