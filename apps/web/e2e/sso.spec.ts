import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { ERRORS } from '@postdeck/contract/errors';
import { E2E_SSO } from './e2e-env';
import { LANDING, readJwtCookie, watchCsp } from './pages/session';

/**
 * OpenID Connect single sign-on against a real provider (oidc-provider) on loopback, on the
 * server configured for it (e2e-env.ts E2E_SSO).
 */
test.use({ baseURL: E2E_SSO.baseUrl });

const atProvider = (path: string) => new RegExp(`^${E2E_SSO.issuer.replaceAll('.', '\\.')}${path}`);

/** Signs in on the provider's own page. */
async function signInAtProvider(page: Page, login: keyof typeof E2E_SSO.accounts) {
  await expect(page).toHaveURL(atProvider('/interaction/'));
  await expect(page.getByRole('heading', { name: 'Test provider sign-in' })).toBeVisible();
  await page.getByLabel('Username').fill(login);
  await page.getByLabel('Password').fill(E2E_SSO.providerPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a new user signs on through the provider, gets the console, and logs out at the provider', async ({
  page,
  context,
}) => {
  const csp = await watchCsp(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  // The password form stays; single sign-on is offered beside it.
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await page.getByTestId('login-sso').click();

  await signInAtProvider(page, 'nora');

  // Provisioned as a viewer of the default department, with the menu that role grants.
  await expect(page).toHaveURL(LANDING);
  await expect(page.getByTestId('navbar-user-name')).toHaveText('Nora Single');
  await expect(page.getByTestId('side-menu')).toContainText('Department content');
  const cookie = await readJwtCookie(context);
  expect(cookie?.accessToken).toBeTruthy();
  // A first sign-in brings the release notes, as for any new user.
  await page.getByRole('button', { name: 'Got it' }).click();
  await csp.assertNone();

  // Log out: the session ends here, then the provider asks about its own.
  await page.getByTestId('navbar-user').click();
  await page.getByTestId('navbar-logout').click();
  await expect(page).toHaveURL(atProvider('/session/end'));
  expect(new URL(page.url()).searchParams.get('post_logout_redirect_uri')).toBe(`${E2E_SSO.baseUrl}/login`);
  expect(await readJwtCookie(context)).toBeUndefined();
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${E2E_SSO.baseUrl}/login`);

  // Signed out at the provider too: signing on again asks for the password.
  await page.getByTestId('login-sso').click();
  await signInAtProvider(page, 'nora');
  await expect(page.getByTestId('navbar-user-name')).toHaveText('Nora Single');
});

test('an existing user signs on into their own account and lands on the page they asked for', async ({
  page,
}) => {
  const target = `${LANDING}?title=sso`;
  await page.goto(target);
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(target)}`);
  await page.getByTestId('login-sso').click();
  // The provider says Demo_Editor: Postdeck's demo_editor, whatever the case.
  await signInAtProvider(page, 'eli');
  await expect(page).toHaveURL(target);
  await expect(page.getByTestId('navbar-user-name')).toHaveText('Eli Editor');
});

test('an account name Postdeck cannot take is refused on the login page', async ({ page, context }) => {
  await page.goto('/login');
  await page.getByTestId('login-sso').click();
  await signInAtProvider(page, 'odd');
  await expect(page).toHaveURL(/\/login\?ssoError=/);
  await expect(page.getByTestId('sso-error')).toHaveText(ERRORS.ssoAccountInvalid.msg.en);
  expect(await readJwtCookie(context)).toBeUndefined();

  // The login page with single sign-on and its error stays accessible (as a11y.spec checks it without).
  await expect(page.getByTestId('login-sso')).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  const grave = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(grave, grave.join('\n')).toEqual([]);
});
