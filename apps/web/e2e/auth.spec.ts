import { expect, test } from '@playwright/test';
import { E2E } from './e2e-env';
import { expireAccessTokenInBrowser, LANDING, LoginPage, readJwtCookie, watchCsp } from './pages/session';

test('admin signs in and lands on department content with no CSP violation', async ({ page, context }) => {
  const csp = await watchCsp(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await new LoginPage(page).signInAsAdmin();

  await expect(page).toHaveURL(LANDING);
  await expect(page.getByTestId('navbar-user-name')).toHaveText('Administrator');
  await expect(page.getByTestId('side-menu')).toContainText('Department content');
  const cookie = await readJwtCookie(context);
  expect(cookie?.accessToken).toBeTruthy();
  expect(cookie?.expireIn).toBeGreaterThan(Date.now());
  // The README's picture shows the list loaded, not its spinner.
  await expect(page.getByRole('row').filter({ hasText: 'Spring launch teaser' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.screenshot({ path: `${E2E.screenshotDir}/console.png` });
  // The list has parsed its filters with the contract's zod schemas: zod's eval probe would
  // have been reported by now.
  await expect(page.getByRole('table').first()).toBeVisible();
  await csp.assertNone();
});

test('a wrong password shows the server message', async ({ page }) => {
  await page.goto('/login');
  await new LoginPage(page).signIn('admin', 'not-the-password');
  await expect(page.getByTestId('login-error')).toContainText('Incorrect account or password');
  await expect(page).toHaveURL(/\/login/);
});

test('the guard keeps the whole path and query through sign-in', async ({ page }) => {
  const target = '/api/system/user?status=active&q=ann%20lee';
  await page.goto(target);
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(target)}`);
  await new LoginPage(page).signInAsAdmin();
  await expect(page).toHaveURL(target);
});

test('an expired access token is refreshed once for several parallel calls', async ({ page, context }) => {
  await page.goto('/login');
  await new LoginPage(page).signInAsAdmin();
  await expect(page).toHaveURL(LANDING);
  const before = await readJwtCookie(context);

  await expireAccessTokenInBrowser(context);
  const refreshes: string[] = [];
  const apiCalls: { url: string; auth: string | null }[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/control/user/refreshToken')) refreshes.push(request.url());
    else if (request.url().includes('/prod-api/control/user/')) {
      apiCalls.push({ url: request.url(), auth: request.headers()['authorization'] ?? null });
    }
  });
  // A reload loads user info and the menu in parallel, both with the expired token.
  await page.reload();
  await expect(page.getByTestId('navbar-user-name')).toHaveText('Administrator');

  expect(refreshes).toHaveLength(1);
  const after = await readJwtCookie(context);
  expect(after?.refreshToken).not.toBe(before?.refreshToken);
  expect(apiCalls.length).toBeGreaterThanOrEqual(2);
  for (const call of apiCalls) expect(call.auth).toBe(`Bearer ${after?.accessToken}`);
});

test('a reused refresh token brings the re-login confirm', async ({ page, context, request }) => {
  await page.goto('/login');
  await new LoginPage(page).signInAsAdmin();
  await expect(page).toHaveURL(LANDING);
  const cookie = await readJwtCookie(context);
  // Someone else exchanges this session's refresh token first…
  const stolen = await request.post(
    `/prod-api/control/user/refreshToken?refreshToken=${cookie?.refreshToken}`,
  );
  expect(stolen.ok()).toBe(true);

  // …so when the browser presents it, the server revokes the family and answers 1012xx.
  await expireAccessTokenInBrowser(context);
  await page.reload();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('confirm logout');
  await expect(dialog).toContainText(
    'you have been logged out, you can cancel to stay on this page or log in again',
  );
  await dialog.getByRole('button', { name: 're-login' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await readJwtCookie(context)).toBeUndefined();
});

test('log out clears the cookie and returns to the login page', async ({ page, context }) => {
  await page.goto('/login');
  await new LoginPage(page).signInAsAdmin();
  await expect(page).toHaveURL(LANDING);
  await page.getByTestId('navbar-user').click();
  await page.getByTestId('navbar-logout').click();
  await expect(page).toHaveURL(/\/login/);
  expect(await readJwtCookie(context)).toBeUndefined();
  // The session is over on the server too: the old page is not reachable.
  await page.goto(LANDING);
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

// The viewer runs under @fastify/swagger-ui's own static policy (one inline style of its
// bundle is refused there, harmlessly), so this checks that it renders, not the app's CSP.
test('the OpenAPI viewer renders at /prod-api/docs', async ({ page }) => {
  await page.goto('/prod-api/docs');
  await expect(page.getByText('Postdeck API', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('/control/user/login').first()).toBeVisible();
});
