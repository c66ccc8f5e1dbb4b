import { ERRORS } from '@postdeck/contract/errors';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { type App, buildApp } from '../../app.ts';
import { type Config, loadConfig } from '../../config.ts';
import { auditLog, users } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { startOidcProvider, type TestOidcProvider } from '../../test/oidc-test-provider.ts';
import { call, createTestApp, type TestApp, testConfig } from '../../test/test-app.ts';
import { createDepartment, rootDepartment } from '../departments/department-repo.ts';
import { createUser, setUserStatus } from '../users/user-repo.ts';
import { safeRedirect, SSO_CODE_TTL_SECONDS, STATE_COOKIE_PREFIX, STATE_TTL_SECONDS } from './oidc.ts';

/**
 * OpenID Connect single sign-on end to end against a real provider (oidc-provider) on loopback:
 * the app runs through inject under the made-up origin below, the provider over HTTP, and a
 * small "browser" follows the redirects between them and keeps each side's cookies.
 */

const APP_ORIGIN = 'http://postdeck.test';
const CLIENT = { id: 'postdeck', secret: 'a-client-secret-for-the-tests' };
const PROVIDER_PASSWORD = 'provider-pw';
const DEPARTMENT = 'Newsroom';

const ACCOUNTS = {
  newcomer: { preferred_username: 'Newcomer1', name: 'Nia Newcomer', email: 'nia@example.test' },
  ann: { preferred_username: 'ANN_lee', name: 'Ann at the provider', email: 'ann@example.test' },
  mallory: { preferred_username: 'mallory', name: 'Mallory' },
  deleted: { preferred_username: 'gone_user', name: 'Gone' },
  badname: { preferred_username: 'not valid!', name: 'Bad Name' },
  nameless: { name: 'No Username' },
  racer: { preferred_username: 'racer01', name: 'Racer' },
  late: { preferred_username: 'late_one', name: 'Late' },
  stranger: { preferred_username: 'stranger', name: 'Stranger' },
  outsider: { preferred_username: 'outsider', name: 'Outsider' },
} as const;
type Login = keyof typeof ACCOUNTS;

const clock = manualClock(new Date('2026-06-01T08:00:00Z'));
let provider: TestOidcProvider;
let t: TestApp;
/** The app the browser talks to: t.app, or one built on its database with other settings. */
let app: App;
let departmentId: number;

function oidcConfig(env: Record<string, string> = {}) {
  const config = loadConfig({
    DATA_DIR: '/nonexistent-postdeck-test',
    PUBLIC_URL: APP_ORIGIN,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: CLIENT.id,
    OIDC_CLIENT_SECRET: CLIENT.secret,
    OIDC_DEFAULT_DEPARTMENT: DEPARTMENT,
    ...env,
  });
  return config.oidc;
}

beforeAll(async () => {
  provider = await startOidcProvider({
    clientId: CLIENT.id,
    clientSecret: CLIENT.secret,
    redirectUris: [`${APP_ORIGIN}/prod-api/auth/oidc/callback`],
    postLogoutRedirectUris: [`${APP_ORIGIN}/login`],
    accounts: Object.fromEntries(
      Object.entries(ACCOUNTS).map(([login, claims]) => [login, { password: PROVIDER_PASSWORD, claims }]),
    ),
  });
  t = await createTestApp({ clock, config: { oidc: oidcConfig() } });
  app = t.app;
  departmentId = await createDepartment(t.db, { name: DEPARTMENT, parentId: await rootDepartment(t.db) });
  // A fresh database takes a while on a busy machine (the root vitest config allows 60 s too).
}, 60_000);

afterAll(async () => {
  await t?.close();
  await provider?.close();
});

// ---------------------------------------------------------------------------------------------
// A browser of sorts: follows redirects, keeps cookies per origin.

interface Answer {
  status: number;
  location: string | undefined;
  setCookies: string[];
  text: string;
}

const asList = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat());

class Browser {
  readonly jars = new Map<string, Map<string, string>>();

  private jar(origin: string) {
    let jar = this.jars.get(origin);
    if (!jar) this.jars.set(origin, (jar = new Map()));
    return jar;
  }

  private keep(origin: string, setCookies: string[]) {
    const jar = this.jar(origin);
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const gone =
        attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a)) || value === '';
      if (gone) jar.delete(name);
      else jar.set(name, value);
    }
  }

  cookieHeader(origin: string) {
    return [...this.jar(origin)].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** One request, no redirect followed. */
  async go(
    url: string,
    init: { method?: 'GET' | 'POST'; form?: Record<string, string> } = {},
  ): Promise<Answer> {
    const target = new URL(url, APP_ORIGIN);
    const method = init.method ?? 'GET';
    const cookie = this.cookieHeader(target.origin);
    const body = init.form ? new URLSearchParams(init.form).toString() : undefined;
    const headers: Record<string, string> = {
      'user-agent': 'oidc-test-browser',
      ...(cookie ? { cookie } : {}),
      ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    };
    let answer: Answer;
    if (target.origin === APP_ORIGIN) {
      const res = await app.inject({ method, url: target.pathname + target.search, headers, payload: body });
      answer = {
        status: res.statusCode,
        location: res.headers.location as string | undefined,
        setCookies: asList(res.headers['set-cookie']),
        text: res.body,
      };
    } else {
      const res = await fetch(target, { method, headers, body, redirect: 'manual' });
      answer = {
        status: res.status,
        location: res.headers.get('location') ?? undefined,
        setCookies: res.headers.getSetCookie(),
        text: await res.text(),
      };
    }
    this.keep(target.origin, answer.setCookies);
    if (answer.location) answer.location = new URL(answer.location, target).href;
    return answer;
  }

  /** Follows redirects until a page answers or the browser is sent to the console's login page. */
  async follow(
    url: string,
    init: Parameters<Browser['go']>[1] = {},
  ): Promise<{ url: string; answer: Answer }> {
    let current = url;
    let answer = await this.go(current, init);
    for (let hops = 0; answer.location && hops < 10; hops++) {
      current = answer.location;
      if (current.startsWith(`${APP_ORIGIN}/login`)) break;
      answer = await this.go(current);
    }
    return { url: current, answer };
  }
}

/** Starts a sign-on and stops at the provider's sign-in page. */
async function atProviderSignIn(browser: Browser, redirect?: string) {
  const start = `/prod-api/auth/oidc/login${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`;
  const { url, answer } = await browser.follow(start);
  expect(answer.status, answer.text).toBe(200);
  expect(answer.text).toContain('Test provider sign-in');
  return url;
}

/** Follows the provider's redirects up to the address it sends the browser back to: the callback. */
async function untilCallback(browser: Browser, first: Answer): Promise<string> {
  let answer = first;
  for (let hops = 0; answer.location && hops < 10; hops++) {
    if (answer.location.startsWith(`${APP_ORIGIN}/prod-api/auth/oidc/callback`)) return answer.location;
    answer = await browser.go(answer.location);
  }
  throw new Error(`the provider did not come back: ${answer.status} ${answer.text.slice(0, 500)}`);
}

/** Signs in at the provider and stops where it sends the browser back: the callback address. */
async function providerSignIn(browser: Browser, login: Login, signInPage: string): Promise<string> {
  const submit = `${signInPage.replace(/\?.*$/, '')}/login`;
  return untilCallback(
    browser,
    await browser.go(submit, { method: 'POST', form: { login, password: PROVIDER_PASSWORD } }),
  );
}

/** The first form of a page: its address and hidden fields. */
function formOf(html: string) {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
  );
  return { action, fields };
}

/** An app on the test database with other settings (no second migration run). */
async function withApp(config: Partial<Config>, run: () => Promise<void>) {
  const other = await buildApp({
    config: testConfig(config),
    database: t.database,
    masterSecret: randomBytes(48),
    clock,
  });
  await other.ready();
  app = other;
  try {
    await run();
  } finally {
    app = t.app;
    await other.close();
  }
}

/** The whole round: the console's login page address the browser ends on. */
async function signOn(login: Login, options: { redirect?: string; browser?: Browser } = {}) {
  const browser = options.browser ?? new Browser();
  const signInPage = await atProviderSignIn(browser, options.redirect);
  const callback = await providerSignIn(browser, login, signInPage);
  const answer = await browser.go(callback);
  expect(answer.status).toBe(302);
  return new URL(answer.location as string);
}

const exchange = (code: string) => call(t.app, 'POST', '/auth/oidc/exchange', { body: { code } });
const info = (token: string) => call(t.app, 'GET', '/control/user/info', { token });
const ssoCode = (landing: URL) => landing.searchParams.get('sso') ?? '';

async function auditOf(action: string, account: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actorAccount, account.toLowerCase())))
    .orderBy(desc(auditLog.id));
}

// ---------------------------------------------------------------------------------------------

describe('starting a sign-on', () => {
  it('sends the browser to the provider with PKCE (S256), state and nonce, remembered in an encrypted cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/prod-api/auth/oidc/login?redirect=%2Fapi%2Fx' });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const location = new URL(res.headers.location as string);
    expect(location.origin + location.pathname).toBe(`${provider.issuer}/auth`);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: CLIENT.id,
      redirect_uri: `${APP_ORIGIN}/prod-api/auth/oidc/callback`,
      scope: 'openid profile email',
      code_challenge_method: 'S256',
    });
    expect(params['code_challenge']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params['state']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params['nonce']).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [cookie = ''] = asList(res.headers['set-cookie']);
    expect(cookie.startsWith(`${STATE_COOKIE_PREFIX}${params['state']}=`)).toBe(true);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(new RegExp(`Max-Age=${STATE_TTL_SECONDS}`));
    expect(cookie).toMatch(/Path=\/prod-api\/auth\/oidc/);
    // A compact JWE: nothing of the verifier, state or redirect in the clear.
    const value = cookie.split(';')[0]?.split('=')[1] ?? '';
    expect(value.split('.')).toHaveLength(5);
    expect(value).not.toContain(params['state']);
  });

  it('keeps only same-site paths to return to', () => {
    expect(safeRedirect('/api/content?x=1#top')).toBe('/api/content?x=1#top');
    for (const bad of ['//evil.example/x', '/\\evil.example', 'https://evil.example', 'api/x', '/a\nb', '']) {
      expect(safeRedirect(bad), bad).toBeUndefined();
    }
  });
});

describe('signing on', () => {
  it('provisions a new user into the default department and role, audited, and the code opens the console', async () => {
    const landing = await signOn('newcomer', { redirect: '/api/content/contentList/deplist?page=2' });
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('redirect')).toBe('/api/content/contentList/deplist?page=2');
    const code = ssoCode(landing);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const traded = await exchange(code);
    expect(traded.status).toBe(200);
    expect(traded.body.data).toMatchObject({ expireIn: 900, refreshExpireIn: 14 * 24 * 3600 });
    expect(traded.body.data.refreshToken).not.toBe(code);
    const me = await info(traded.body.data.accessToken);
    expect(me.body.data).toMatchObject({
      account: 'Newcomer1',
      name: 'Nia Newcomer',
      roles: ['viewer'],
      department: { id: departmentId, name: DEPARTMENT },
      mustChangePassword: false,
    });

    const [user] = await t.db.select().from(users).where(eq(users.account, 'Newcomer1'));
    expect(user).toMatchObject({ email: 'nia@example.test', departmentId, status: 'active' });
    // No local password anyone knows.
    const password = await call(t.app, 'POST', '/control/user/login', {
      body: { username: 'Newcomer1', password: PROVIDER_PASSWORD },
    });
    expect(password.body.code).toBe(ERRORS.badCredentials.code);

    const [created] = await auditOf('user.create', 'Newcomer1');
    expect(created).toMatchObject({ actorId: user?.id, target: `user:${user?.id}` });
    expect(created?.detail).toMatchObject({
      via: 'oidc',
      issuer: provider.issuer,
      subject: 'newcomer',
      departmentId,
      roleCodes: ['viewer'],
    });
    const [signedIn] = await auditOf('auth.login', 'Newcomer1');
    expect(signedIn?.detail).toMatchObject({ method: 'oidc', subject: 'newcomer' });
    expect(signedIn?.userAgent).toBe('oidc-test-browser');
  });

  it('matches an existing user by account, ignoring case, without creating one', async () => {
    const root = await rootDepartment(t.db);
    const id = await createUser(t.db, {
      account: 'ann_lee',
      name: 'Ann Lee',
      password: 'Secr3t!pw',
      departmentId: root,
      roleCodes: ['editor'],
    });
    const traded = await exchange(ssoCode(await signOn('ann')));
    const me = await info(traded.body.data.accessToken);
    expect(me.body.data).toMatchObject({ id, account: 'ann_lee', name: 'Ann Lee', roles: ['editor'] });
    expect(await auditOf('user.create', 'ANN_lee')).toHaveLength(0);
  });

  it('signs in again as the same user, and a second sign-on of a new account at once creates it once', async () => {
    const [first, second] = await Promise.all([signOn('racer'), signOn('racer')]);
    const a = await info((await exchange(ssoCode(first as URL))).body.data.accessToken);
    const b = await info((await exchange(ssoCode(second as URL))).body.data.accessToken);
    expect(a.body.data.id).toBe(b.body.data.id);
    expect(await t.db.select().from(users).where(eq(users.account, 'racer01'))).toHaveLength(1);
  });
});

describe('refusals', () => {
  it('refuses a disabled user with the error of password sign-in, audited', async () => {
    const id = await createUser(t.db, {
      account: 'mallory',
      name: 'Mallory',
      password: 'Secr3t!pw',
      departmentId: await rootDepartment(t.db),
      roleCodes: ['viewer'],
    });
    await setUserStatus(t.db, id, 'disabled');
    const landing = await signOn('mallory', { redirect: '/api/x' });
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('ssoError')).toBe(String(ERRORS.accountDisabled.code));
    expect(landing.searchParams.get('sso')).toBeNull();
    expect(landing.searchParams.get('redirect')).toBe('/api/x');
    const [failure] = await auditOf('auth.login.failure', 'mallory');
    expect(failure).toMatchObject({ actorId: id });
    expect(failure?.detail).toEqual({ reason: 'disabled', method: 'oidc' });
  });

  it('refuses a deleted user (whose account stays taken) as an unknown one', async () => {
    const id = await createUser(t.db, {
      account: 'gone_user',
      name: 'Gone',
      password: 'Secr3t!pw',
      departmentId: await rootDepartment(t.db),
      roleCodes: ['viewer'],
    });
    await t.db.update(users).set({ deletedAt: clock.now() }).where(eq(users.id, id));
    const landing = await signOn('deleted');
    expect(landing.searchParams.get('ssoError')).toBe(String(ERRORS.ssoNoAccount.code));
  });

  it('refuses an account claim that is not a valid Postdeck account, or is missing', async () => {
    expect((await signOn('badname')).searchParams.get('ssoError')).toBe(
      String(ERRORS.ssoAccountInvalid.code),
    );
    expect((await signOn('nameless')).searchParams.get('ssoError')).toBe(
      String(ERRORS.ssoAccountInvalid.code),
    );
    expect(await t.db.select().from(users).where(eq(users.name, 'Bad Name'))).toHaveLength(0);
  });

  it('refuses a callback whose state is not the one this browser started, or without its cookie', async () => {
    const browser = new Browser();
    const callback = new URL(await providerSignIn(browser, 'stranger', await atProviderSignIn(browser)));

    const forged = new URL(callback);
    forged.searchParams.set('state', 'A'.repeat(43));
    const wrongState = await browser.go(forged.href);
    expect(new URL(wrongState.location as string).searchParams.get('ssoError')).toBe(
      String(ERRORS.ssoFailed.code),
    );
    const otherBrowser = await new Browser().go(callback.href);
    expect(new URL(otherBrowser.location as string).searchParams.get('ssoError')).toBe(
      String(ERRORS.ssoFailed.code),
    );
    expect(await t.db.select().from(users).where(eq(users.account, 'stranger'))).toHaveLength(0);

    // The genuine answer still works once; its cookie is then gone, so a replay is refused.
    const genuine = await browser.go(callback.href);
    expect(new URL(genuine.location as string).searchParams.get('sso')).toBeTruthy();
    expect([...(browser.jars.get(APP_ORIGIN)?.keys() ?? [])]).toEqual([]);
    const replay = await browser.go(callback.href);
    expect(new URL(replay.location as string).searchParams.get('ssoError')).toBe(
      String(ERRORS.ssoFailed.code),
    );
  });

  it('refuses a sign-on that took longer than ten minutes', async () => {
    const browser = new Browser();
    const callback = await providerSignIn(browser, 'late', await atProviderSignIn(browser));
    clock.advance((STATE_TTL_SECONDS + 1) * 1000);
    const answer = await browser.go(callback);
    expect(new URL(answer.location as string).searchParams.get('ssoError')).toBe(
      String(ERRORS.ssoFailed.code),
    );
  });

  it("brings the provider's refusal (the user cancelled) back to the login page", async () => {
    const browser = new Browser();
    const signInPage = await atProviderSignIn(browser, '/api/y');
    const callback = await untilCallback(
      browser,
      await browser.go(`${signInPage.replace(/\?.*$/, '')}/abort`),
    );
    expect(new URL(callback).searchParams.get('error')).toBe('access_denied');
    const landing = new URL((await browser.go(callback)).location as string);
    expect(landing.searchParams.get('ssoError')).toBe(String(ERRORS.ssoFailed.code));
    expect(landing.searchParams.get('redirect')).toBe('/api/y');
  });
});

describe('the one-time code', () => {
  it('is traded once: a second trade is refused and ends the session it opened', async () => {
    const code = ssoCode(await signOn('newcomer'));
    const first = await exchange(code);
    expect(first.status).toBe(200);
    const again = await exchange(code);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe(ERRORS.ssoCodeInvalid.code);
    // Used twice means it leaked: the session it opened is over.
    expect((await info(first.body.data.accessToken)).body.code).toBe(ERRORS.sessionRevoked.code);
  });

  it(`expires after ${SSO_CODE_TTL_SECONDS} s`, async () => {
    const code = ssoCode(await signOn('newcomer'));
    clock.advance((SSO_CODE_TTL_SECONDS + 1) * 1000);
    const late = await exchange(code);
    expect(late.body.code).toBe(ERRORS.ssoCodeInvalid.code);
  });

  it('is refused when made up', async () => {
    expect((await exchange('x'.repeat(43))).body.code).toBe(ERRORS.ssoCodeInvalid.code);
  });
});

describe('sign-on addresses', () => {
  it("publishes the OIDC routes as the sign-on login and logout, and logout leads to the provider's end-session", async () => {
    const config = await call(t.app, 'GET', '/public/config');
    expect(config.body.data).toMatchObject({
      oidc: true,
      ssoLoginUrl: `${APP_ORIGIN}/prod-api/auth/oidc/login`,
      ssoLogoutUrl: `${APP_ORIGIN}/prod-api/auth/oidc/logout`,
    });
    // Someone signed in at the provider through Postdeck…
    const browser = new Browser();
    await exchange(ssoCode(await signOn('newcomer', { browser })));
    const res = await browser.go('/prod-api/auth/oidc/logout');
    expect(res.status).toBe(302);
    const location = new URL(res.location as string);
    expect(location.origin + location.pathname).toBe(`${provider.issuer}/session/end`);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      client_id: CLIENT.id,
      post_logout_redirect_uri: `${APP_ORIGIN}/login`,
    });
    // …is asked by the provider whether to sign out there too, and comes back to the login page.
    const question = await browser.go(location.href);
    expect(question.text).toContain('Sign out of the test provider?');
    const { action, fields } = formOf(question.text);
    const { url } = await browser.follow(action, { method: 'POST', form: { ...fields, logout: 'yes' } });
    expect(url).toBe(`${APP_ORIGIN}/login`);
  });
});

describe('other configurations', () => {
  it('without provisioning, refuses an account Postdeck does not know', async () => {
    await withApp({ oidc: oidcConfig({ OIDC_PROVISION: 'false' }) }, async () => {
      const landing = await signOn('outsider');
      expect(landing.searchParams.get('ssoError')).toBe(String(ERRORS.ssoNoAccount.code));
      expect(await t.db.select().from(users).where(eq(users.account, 'outsider'))).toHaveLength(0);
      const [failure] = await auditOf('auth.login.failure', 'outsider');
      expect(failure?.detail).toEqual({ reason: 'unknown account', method: 'oidc' });
    });
  });

  it('sends the browser back to the login page when the provider cannot be reached', async () => {
    // Port 9 (discard) on loopback: nothing listens there.
    await withApp({ oidc: oidcConfig({ OIDC_ISSUER: 'http://127.0.0.1:9' }) }, async () => {
      const res = await app.inject({ method: 'GET', url: '/prod-api/auth/oidc/login?redirect=%2Fapi%2Fz' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/login?ssoError=${ERRORS.ssoUnavailable.code}&redirect=%2Fapi%2Fz`);
      const logout = await app.inject({ method: 'GET', url: '/prod-api/auth/oidc/logout' });
      expect(logout.headers.location).toBe('/login');
    });
  });

  it('without OIDC, keeps the spec §8 sign-on settings and answers 404 on the OIDC routes', async () => {
    await withApp({ oidc: undefined }, async () => {
      const config = await call(app, 'GET', '/public/config');
      expect(config.body.data).toMatchObject({ oidc: false, ssoLoginUrl: null, ssoLogoutUrl: null });
      for (const url of [
        '/prod-api/auth/oidc/login',
        '/prod-api/auth/oidc/callback',
        '/prod-api/auth/oidc/logout',
      ]) {
        expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
      expect((await call(app, 'POST', '/auth/oidc/exchange', { body: { code: 'x' } })).status).toBe(404);
    });
  });
});
