import { type BrowserContext, expect, type Page } from '@playwright/test';
import { E2E, E2E_SSO } from '../e2e-env';

export interface JwtCookie {
  accessToken: string;
  refreshToken: string;
  expireIn: number;
}

/** The login page as a user sees it. */
export class LoginPage {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  async signIn(username: string, password: string) {
    await this.page.getByTestId('login-username').fill(username);
    await this.page.getByTestId('login-password').fill(password);
    await this.page.getByTestId('login-submit').click();
  }

  async signInAsAdmin() {
    await this.signIn('admin', E2E.adminPassword);
  }
}

export const LANDING = '/api/content/contentList/deplist';

/** Signs in from the login page (admin by default) and waits for the landing page. */
export async function signIn(page: Page, account = 'admin', password = E2E.adminPassword) {
  await page.goto('/login');
  await new LoginPage(page).signIn(account, password);
  await expect(page).toHaveURL(LANDING);
}

export const signInAsDemo = (page: Page, account: string) => signIn(page, account, E2E.demoPassword);

export async function readJwtCookie(context: BrowserContext): Promise<JwtCookie | undefined> {
  const cookie = (await context.cookies()).find((c) => c.name === 'HY-JWT');
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as JwtCookie) : undefined;
}

/** Rewrites HY-JWT so the app believes its access token expired a minute ago. */
export async function expireAccessTokenInBrowser(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === 'HY-JWT');
  if (!cookie) throw new Error('no HY-JWT cookie');
  const value = JSON.parse(decodeURIComponent(cookie.value)) as JwtCookie;
  value.expireIn = Date.now() - 60_000;
  await context.addCookies([{ ...cookie, value: encodeURIComponent(JSON.stringify(value)) }]);
}

/**
 * Collects every Content-Security-Policy violation the console's pages report, from the
 * console and from `securitypolicyviolation` events (an eval that code catches, such as a
 * library's feature probe, shows only there), across full page loads. Pages of other origins
 * (the test sign-on provider) are not ours to judge. Call before the first navigation.
 */
export async function watchCsp(page: Page) {
  const violations: string[] = [];
  const ours = (address: string) => !address.startsWith(E2E_SSO.issuer);
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text()) && ours(page.url())) violations.push(msg.text());
  });
  await page.exposeBinding('__postdeckCspViolation', (_source, report: string, documentUri: string) => {
    if (ours(documentUri)) violations.push(report);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`;
      const send = (window as unknown as { __postdeckCspViolation: (report: string, uri: string) => void })
        .__postdeckCspViolation;
      void send(report, event.documentURI);
    });
  });
  return {
    assertNone: async () => {
      // Violation events are queued tasks: let those already raised arrive first.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
      expect(violations, violations.join('\n')).toEqual([]);
    },
  };
}
