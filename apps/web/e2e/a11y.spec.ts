import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './pages/session';
import { SHELL_PAGES, shownPage } from './pages/shell-pages';

/** Fails on any serious or critical axe-core violation on the page as it is now. */
async function expectAccessible(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const grave = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join(', ')}`,
    );
  expect(grave, grave.join('\n')).toEqual([]);
}

test('the login page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await expectAccessible(page, '/login');
});

test('the shell pages have no serious accessibility violations, in both editions', async ({ page }) => {
  // One axe run per page, some twenty pages: more than the default minute on a busy machine.
  test.setTimeout(240_000);
  await signIn(page);
  for (const path of SHELL_PAGES) {
    await page.goto(path);
    await expect(shownPage(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, path);
  }
  await page.goto('/api/content/contentList/deplist');
  await page.getByRole('button', { name: 'switch to simple edition' }).click();
  await expect(page.getByTestId('simple-header')).toBeVisible();
  await expectAccessible(page, 'simple edition');
  await page.getByRole('button', { name: 'switch to full edition' }).click();
});
