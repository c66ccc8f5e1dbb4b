import { type Browser, expect, test } from '@playwright/test';
import { E2E } from './e2e-env';
import { LANDING, LoginPage, signIn } from './pages/session';

async function otherDevice(browser: Browser) {
  const context = await browser.newContext({ baseURL: E2E.baseUrl, locale: 'en-US' });
  return { page: await context.newPage(), close: () => context.close() };
}

test('an administrator creates a user, who must choose their own password, sees only their menu, and is signed out when disabled', async ({
  page,
  browser,
}) => {
  await signIn(page);
  await page.goto('/api/system/user');
  await page.getByRole('button', { name: 'New user' }).click();
  const drawer = page.getByRole('dialog', { name: 'Create a user' });
  await drawer.getByLabel('Account').fill('e2e_reporter');
  await drawer.getByLabel('Name').fill('Rita Reporter');
  // The department tree fills its dropdown while the search filters it: a click that lands in
  // that re-render is lost (seen once in CI), so the pick is made again until the choice shows.
  await expect(async () => {
    await drawer.getByLabel('Department').fill('Social');
    await page.getByTitle('Social desk').click({ timeout: 2_000 });
    await expect(drawer.getByTitle('Social desk')).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await drawer.getByLabel('Roles').click();
  await page.getByTitle('Viewer', { exact: true }).click();
  // Moving on to the next field closes the roles' dropdown. An Escape did too, unless the dropdown
  // had closed already: then it closed the drawer, and the form was filled as it went (seen once in CI).
  await drawer.getByLabel('First password').fill('First!pw1');
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('User e2e_reporter created.')).toBeVisible();
  const row = page.getByRole('row', { name: /e2e_reporter/ });
  await expect(row).toContainText('Must change password');

  // First sign-in: only the password page until they choose their own.
  const newcomer = await otherDevice(browser);
  await newcomer.page.goto('/login');
  await new LoginPage(newcomer.page).signIn('e2e_reporter', 'First!pw1');
  await expect(newcomer.page).toHaveURL('/api/me/changePass');
  await expect(newcomer.page.getByText('Your password was set by an administrator.')).toBeVisible();
  // The release notes wait: nothing opens over the forced password change.
  await expect(newcomer.page.getByRole('button', { name: 'Got it' })).toHaveCount(0);
  await newcomer.page.goto(LANDING);
  await expect(newcomer.page).toHaveURL('/api/me/changePass');
  await newcomer.page.getByLabel('Current password').fill('First!pw1');
  await newcomer.page.getByLabel('New password', { exact: true }).fill('Mine!pw22');
  await newcomer.page.getByLabel('Confirm new password').fill('Mine!pw22');
  await newcomer.page.getByRole('button', { name: 'Change password' }).click();
  await expect(newcomer.page).toHaveURL(LANDING);
  // Then the release notes of a first sign-in.
  await newcomer.page.getByRole('button', { name: 'Got it' }).click();

  // The viewer role's menu: content to read, no composer, no administration.
  const menu = newcomer.page.getByTestId('side-menu');
  await expect(menu.getByText('Department content')).toBeVisible();
  await expect(menu.getByText('New content')).toHaveCount(0);
  await expect(menu.getByText('Users')).toHaveCount(0);

  // Disabled while signed in: their next call (the bell polls every 5 s) ends the session.
  await page.reload();
  await page
    .getByRole('row', { name: /e2e_reporter/ })
    .getByRole('button', { name: 'Disable' })
    .click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('Rita Reporter is disabled.')).toBeVisible();
  const dialog = newcomer.page.getByRole('dialog');
  await expect(dialog).toContainText('confirm logout');
  await dialog.getByRole('button', { name: 're-login' }).click();
  await expect(newcomer.page).toHaveURL(/\/login/);
  await new LoginPage(newcomer.page).signIn('e2e_reporter', 'Mine!pw22');
  await expect(
    newcomer.page.getByText('This account is disabled, please contact the administrator'),
  ).toBeVisible();
  await newcomer.close();
});
