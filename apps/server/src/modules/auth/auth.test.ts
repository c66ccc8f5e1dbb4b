import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, refreshTokens, users } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { rootDepartment } from '../departments/department-repo.ts';
import { createUser, setUserStatus } from '../users/user-repo.ts';
import { ADMIN_PASSWORD, call, createTestApp, login, type TestApp } from '../../test/test-app.ts';
import { hashToken } from './refresh-tokens.ts';

const PASSWORD = 'Secr3t!pw';
const clock = manualClock(new Date('2026-03-01T08:00:00Z'));
let t: TestApp;
let seq = 0;

/** A fresh editor per test, so throttling and sessions of one test never touch another. */
async function newUser(roleCodes: string[] = ['editor']) {
  const account = `user${++seq}`;
  const id = await createUser(t.db, {
    account,
    name: `User ${seq}`,
    password: PASSWORD,
    departmentId: await rootDepartment(t.db),
    roleCodes,
  });
  return { id, account };
}

const refresh = (token: string) =>
  call(t.app, 'POST', '/control/user/refreshToken', { query: { refreshToken: token } });
const info = (token: string) => call(t.app, 'GET', '/control/user/info', { token });

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

describe('sign-in', () => {
  it('trims the account, answers the token pair and audits with IP and user agent', async () => {
    const res = await call(t.app, 'POST', '/control/user/login', {
      body: { username: '  admin ', password: ADMIN_PASSWORD },
      headers: { 'user-agent': 'Browser/1.0' },
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ expireIn: 900, refreshExpireIn: 14 * 24 * 3600 });
    expect(res.body.data.accessToken.split('.')).toHaveLength(3);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login'), eq(auditLog.userAgent, 'Browser/1.0')));
    expect(entry).toMatchObject({ actorAccount: 'admin', ip: '127.0.0.1' });
  });

  it('stores passwords as argon2id and refresh tokens only as hashes', async () => {
    const { id, account } = await newUser();
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
    expect(row?.hash.startsWith('$argon2id$')).toBe(true);
    const pair = await login(t.app, account, PASSWORD);
    const stored = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toBe(hashToken(pair.refreshToken));
    expect(JSON.stringify(stored)).not.toContain(pair.refreshToken);
  });

  it('answers a wrong password with the catalogue message in the caller language', async () => {
    const { account } = await newUser();
    const en = await call(t.app, 'POST', '/control/user/login', {
      body: { username: account, password: 'nope' },
    });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ code: 100101, msg: 'Incorrect account or password' });
    const zh = await call(t.app, 'POST', '/control/user/login', {
      body: { username: account, password: 'nope' },
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(zh.body.msg).toBe('账号或密码错误');
    const failures = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login.failure'), eq(auditLog.actorAccount, account)));
    expect(failures).toHaveLength(2);
  });

  it('gives user info and the granted menu', async () => {
    const { account } = await newUser(['viewer']);
    const { accessToken } = await login(t.app, account, PASSWORD);
    const me = await info(accessToken);
    expect(me.body.data).toMatchObject({ account, roles: ['viewer'], avatar: '', introduction: '' });
    expect(me.body.data.permissions).toContain('content:dept:list');
    expect(me.body.data.permissions).not.toContain('content:create');
    const menu = await call(t.app, 'GET', '/control/user/dashboard', { token: accessToken });
    const names = menu.body.data.menuList.map((m: { menu_name: string }) => m.menu_name);
    expect(names).toContain('contentManagement');
    expect(names).not.toContain('system');
  });

  it('refuses calls without a token (101102) and with a forged one (101101)', async () => {
    expect((await call(t.app, 'GET', '/control/user/info')).body.code).toBe(101102);
    const forged = await info('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwic2lkIjoieCJ9.AAAA');
    expect(forged).toMatchObject({ status: 401, body: { code: 101101 } });
  });
});

describe('tokens', () => {
  it('expires the access token after ACCESS_TOKEN_TTL (101103)', async () => {
    const { account } = await newUser();
    const { accessToken } = await login(t.app, account, PASSWORD);
    expect((await info(accessToken)).status).toBe(200);
    clock.advance(15 * 60 * 1000 + 1000);
    expect((await info(accessToken)).body.code).toBe(101103);
  });

  it('rotates the refresh token on every use', async () => {
    const { account } = await newUser();
    const first = await login(t.app, account, PASSWORD);
    const second = await refresh(first.refreshToken);
    expect(second.status).toBe(200);
    expect(second.body.data.refreshToken).not.toBe(first.refreshToken);
    const third = await refresh(second.body.data.refreshToken);
    expect(third.status).toBe(200);
    expect((await info(third.body.data.accessToken)).status).toBe(200);
  });

  it('revokes the whole family when a rotated refresh token is presented again', async () => {
    const { account } = await newUser();
    const first = await login(t.app, account, PASSWORD);
    const second = await refresh(first.refreshToken);
    const reused = await refresh(first.refreshToken);
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe(101202);
    // The legitimate holder's newer tokens die with the family.
    expect((await refresh(second.body.data.refreshToken)).body.code).toBe(101205);
    expect((await info(second.body.data.accessToken)).body.code).toBe(101205);
    expect((await info(first.accessToken)).body.code).toBe(101205);
  });

  it('refuses an unknown and an expired refresh token', async () => {
    expect((await refresh('not-a-token')).body.code).toBe(101201);
    const { account } = await newUser();
    const pair = await login(t.app, account, PASSWORD);
    clock.advance(14 * 24 * 3600 * 1000 + 1000);
    expect((await refresh(pair.refreshToken)).body.code).toBe(101203);
  });

  it('logout revokes the session family', async () => {
    const { account } = await newUser();
    const pair = await login(t.app, account, PASSWORD);
    const other = await login(t.app, account, PASSWORD);
    expect((await call(t.app, 'POST', '/control/user/logout', { token: pair.accessToken })).status).toBe(200);
    expect((await info(pair.accessToken)).body.code).toBe(101205);
    expect((await refresh(pair.refreshToken)).body.code).toBe(101205);
    expect((await info(other.accessToken)).status).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.logout'), eq(auditLog.actorAccount, account)));
    expect(entry?.userAgent).toBe('vitest');
  });

  it('a disabled user can neither sign in, refresh nor keep using a token', async () => {
    const { id, account } = await newUser();
    const pair = await login(t.app, account, PASSWORD);
    await setUserStatus(t.db, id, 'disabled');
    await t.app.principals.invalidate(id);
    expect((await info(pair.accessToken)).body.code).toBe(101204);
    expect((await refresh(pair.refreshToken)).body.code).toBe(101204);
    const again = await call(t.app, 'POST', '/control/user/login', {
      body: { username: account, password: PASSWORD },
    });
    expect(again).toMatchObject({ status: 403, body: { code: 100103 } });
  });
});

describe('password change', () => {
  const update = (token: string, body: unknown) =>
    call(t.app, 'POST', '/control/user/pass/update', { token, body });

  it('needs the old password and a new one by the spec rule', async () => {
    const { account } = await newUser();
    const { accessToken } = await login(t.app, account, PASSWORD);
    const wrongOld = await update(accessToken, { oldPassword: 'wrong', newPassword: 'N3w!pass' });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.data.errors).toEqual([
      { field: 'oldPassword', message: 'The old password is not correct' },
    ]);
    const weak = await update(accessToken, { oldPassword: PASSWORD, newPassword: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.data.errors[0].field).toBe('newPassword');
    const missing = await update(accessToken, { newPassword: 'N3w!passw' });
    expect(missing.body.data.errors[0]).toEqual({ field: 'oldPassword', message: 'This field is required' });
  });

  it('signs out every other session but keeps this one', async () => {
    const { account } = await newUser();
    const mine = await login(t.app, account, PASSWORD);
    const elsewhere = await login(t.app, account, PASSWORD);
    const res = await update(mine.accessToken, { oldPassword: PASSWORD, newPassword: 'N3w!passw' });
    expect(res.status).toBe(200);
    expect((await info(mine.accessToken)).status).toBe(200);
    expect((await info(elsewhere.accessToken)).body.code).toBe(101205);
    expect((await refresh(elsewhere.refreshToken)).body.code).toBe(101205);
    expect((await refresh(mine.refreshToken)).status).toBe(200);
    await login(t.app, account, 'N3w!passw');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.password.change'), eq(auditLog.actorAccount, account)));
    expect(audit).toHaveLength(1);
  });
});

describe('throttling', () => {
  const attempt = (username: string, password: string, ip = '127.0.0.1') =>
    t.app
      .inject({
        method: 'POST',
        url: '/prod-api/control/user/login',
        payload: { username, password },
        remoteAddress: ip,
      })
      .then((r) => ({ status: r.statusCode, body: r.json(), headers: r.headers }));

  it('locks an account after 5 failures in 15 minutes, whatever the password', async () => {
    const { account } = await newUser();
    for (let i = 0; i < 5; i++) expect((await attempt(account, 'wrong', '10.0.0.1')).status).toBe(400);
    const locked = await attempt(account, PASSWORD, '10.0.0.1');
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe(429);
    expect(locked.body.msg).toBe('Too many failed attempts, please try again in 15 min');
    expect(locked.body.data.retryAfterSeconds).toBe(900);
    expect(locked.headers['retry-after']).toBe('900');
    const lockouts = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login.locked'), eq(auditLog.actorAccount, account)));
    expect(lockouts).toHaveLength(1);
    clock.advance(15 * 60 * 1000 + 1000);
    expect((await attempt(account, PASSWORD, '10.0.0.1')).status).toBe(200);
  });

  it('a success resets the account count', async () => {
    const { account } = await newUser();
    for (let i = 0; i < 4; i++) await attempt(account, 'wrong', '10.0.0.2');
    expect((await attempt(account, PASSWORD, '10.0.0.2')).status).toBe(200);
    for (let i = 0; i < 4; i++) await attempt(account, 'wrong', '10.0.0.2');
    expect((await attempt(account, PASSWORD, '10.0.0.2')).status).toBe(200);
  });

  it('locks an IP after 20 failures across accounts', async () => {
    const ip = '10.0.0.3';
    for (let i = 0; i < 20; i++) await attempt(`ghost${i}`, 'wrong', ip);
    const { account } = await newUser();
    expect((await attempt(account, PASSWORD, ip)).status).toBe(429);
    expect((await attempt(account, PASSWORD, '10.0.0.4')).status).toBe(200);
  });
});
