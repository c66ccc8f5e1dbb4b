import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { auditLog } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type * as passwords from './passwords.ts';
import { rootDepartment } from '../departments/department-repo.ts';
import { createUser } from '../users/user-repo.ts';

/**
 * Password checks are counted, and those of passwords starting with 'Wrong' can be held at a
 * gate, so a test sees exactly how many attempts reached argon2 and what happens meanwhile.
 */
const checks = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  return {
    count: 0,
    gate: undefined as Promise<unknown> | undefined,
    notify: () => listeners.forEach((listener) => listener()),
    /** Resolves once `done()` holds; re-checked on every password check and settled attempt. */
    until: (done: () => boolean) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!done()) return;
          listeners.delete(check);
          resolve();
        };
        listeners.add(check);
        check();
      }),
  };
});

vi.mock('./passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof passwords>();
  return {
    ...real,
    verifyPassword: async (hash: string, password: string) => {
      checks.count++;
      checks.notify();
      if (password.startsWith('Wrong')) await checks.gate;
      return real.verifyPassword(hash, password);
    },
  };
});

const PASSWORD = 'Secr3t!pw';
const WRONG = 'Wrong!pw1';
const clock = manualClock(new Date('2026-04-01T08:00:00Z'));
let t: TestApp;
let seq = 0;

async function newAccount() {
  const account = `thr${++seq}`;
  await createUser(t.db, {
    account,
    name: account,
    password: PASSWORD,
    departmentId: await rootDepartment(t.db),
    roleCodes: ['editor'],
  });
  return account;
}

const attempt = (app: TestApp['app'], username: string, password: string, ip: string, xff?: string) =>
  app
    .inject({
      method: 'POST',
      url: '/prod-api/control/user/login',
      payload: { username, password },
      remoteAddress: ip,
      headers: xff ? { 'x-forwarded-for': xff } : {},
    })
    .then((r) => ({ status: r.statusCode, body: r.json() }));

const statuses = (results: { status: number }[]) =>
  results.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});

const auditRows = (action: string, where: { account?: string; ip?: string }) =>
  t.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        where.account === undefined ? undefined : eq(auditLog.actorAccount, where.account),
        where.ip === undefined ? undefined : eq(auditLog.ip, where.ip),
      ),
    );

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

describe('sign-in throttling under parallel attempts', () => {
  it('checks at most 5 of 100 parallel wrong passwords, refuses a right one meanwhile, holds no connection while hashing', async () => {
    const account = await newAccount();
    const other = await newAccount();
    const ip = '10.20.0.1';
    const gate = Promise.withResolvers<undefined>();
    checks.gate = gate.promise;
    const before = checks.count;
    let settled = 0;
    const wrong = Array.from({ length: 100 }, () =>
      attempt(t.app, account, WRONG, ip).finally(() => {
        settled++;
        checks.notify();
      }),
    );
    try {
      // Either more than five reach the password check (the bug) or five are held there and
      // the other 95 have been answered.
      await checks.until(() => checks.count - before > 5 || (checks.count - before === 5 && settled === 95));
      expect(checks.count - before).toBe(5);
      // The right password while five wrong ones are being checked: already refused.
      expect((await attempt(t.app, account, PASSWORD, ip)).status).toBe(429);
      // Five argon2 checks in flight hold no database connection or lock: others still sign in.
      expect((await attempt(t.app, other, PASSWORD, '10.20.0.2')).status).toBe(200);
    } finally {
      gate.resolve(undefined);
      checks.gate = undefined;
    }
    expect(statuses(await Promise.all(wrong))).toEqual({ 400: 5, 429: 95 });
    // The five wrong ones and the other account's sign-in; the refused right one was never checked.
    expect(checks.count - before).toBe(6);
    expect(await auditRows('auth.login.failure', { account })).toHaveLength(5);
    const locked = await attempt(t.app, account, PASSWORD, ip);
    expect(locked).toMatchObject({ status: 429, body: { data: { retryAfterSeconds: 900 } } });
  });

  it('checks at most 20 attempts of a 60-request burst from one IP', async () => {
    const ip = '10.20.1.1';
    const before = checks.count;
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => attempt(t.app, `burst${i}`, WRONG, ip)),
    );
    expect(statuses(results)).toEqual({ 400: 20, 429: 40 });
    expect(checks.count - before).toBe(20);
    expect(await auditRows('auth.login.failure', { ip })).toHaveLength(20);
    const account = await newAccount();
    expect((await attempt(t.app, account, PASSWORD, ip)).status).toBe(429);
  });

  it('a success among parallel attempts starts a new count that still stops at 5', async () => {
    const account = await newAccount();
    const ip = '10.20.2.1';
    const results = await Promise.all([
      attempt(t.app, account, PASSWORD, ip),
      ...Array.from({ length: 30 }, () => attempt(t.app, account, WRONG, ip)),
    ]);
    const counted = statuses(results);
    expect(counted[200]).toBe(1);
    // At most four admitted before the success and five after it.
    expect(counted[400]).toBeLessThanOrEqual(9);
    const failures = await auditRows('auth.login.failure', { account });
    expect(failures).toHaveLength(counted[400] ?? 0);
    const [success] = await auditRows('auth.login', { account });
    const sinceSuccess = failures.filter((f) => f.id > (success?.id ?? 0)).length;
    expect(sinceSuccess).toBeLessThanOrEqual(5);
    expect((await attempt(t.app, account, PASSWORD, ip)).status).toBe(sinceSuccess === 5 ? 429 : 200);
  });
});

describe('refused attempts in the audit log', () => {
  it('300 parallel attempts on a locked account write one row per IP with their count', async () => {
    const account = await newAccount();
    const ip = '10.30.0.1';
    for (let i = 0; i < 5; i++) expect((await attempt(t.app, account, WRONG, ip)).status).toBe(400);
    const results = await Promise.all(
      Array.from({ length: 300 }, () => attempt(t.app, account, PASSWORD, ip)),
    );
    expect(statuses(results)).toEqual({ 429: 300 });
    const rows = await auditRows('auth.login.locked', { account, ip });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.detail).toMatchObject({ lockedBy: 'account', attempts: 300 });

    await Promise.all(Array.from({ length: 7 }, () => attempt(t.app, account, WRONG, '10.30.0.2')));
    const second = await auditRows('auth.login.locked', { account, ip: '10.30.0.2' });
    expect(second.map((r) => r.detail)).toMatchObject([{ lockedBy: 'account', attempts: 7 }]);
    // The failures themselves are all there: the five that locked it.
    expect(await auditRows('auth.login.failure', { account })).toHaveLength(5);
  });

  it('attempts from a locked IP on many accounts write one row for the IP', async () => {
    const ip = '10.30.1.1';
    for (let i = 0; i < 20; i++) await attempt(t.app, `spray${i}`, WRONG, ip);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => attempt(t.app, `spray${100 + i}`, WRONG, ip)),
    );
    expect(statuses(results)).toEqual({ 429: 50 });
    const rows = await auditRows('auth.login.locked', { ip });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorAccount: '', detail: { lockedBy: 'ip', attempts: 50 } });
  });

  it('starts a new row once the window has passed', async () => {
    const account = await newAccount();
    const ip = '10.30.2.1';
    for (let i = 0; i < 5; i++) await attempt(t.app, account, WRONG, ip);
    expect((await attempt(t.app, account, WRONG, ip)).status).toBe(429);
    clock.advance(10 * 60 * 1000);
    expect((await attempt(t.app, account, WRONG, ip)).status).toBe(429);
    // The failures leave the window: five new ones lock it again, and that refusal is a new row.
    clock.advance(6 * 60 * 1000);
    for (let i = 0; i < 5; i++) expect((await attempt(t.app, account, WRONG, ip)).status).toBe(400);
    expect((await attempt(t.app, account, WRONG, ip)).status).toBe(429);
    const rows = await auditRows('auth.login.locked', { account, ip });
    expect(rows.sort((a, b) => a.id - b.id).map((r) => r.detail['attempts'])).toEqual([2, 1]);
  });
});

describe('client address behind a proxy', () => {
  const behindProxy = (hops: string) =>
    createTestApp({ clock, config: { trustProxy: loadConfig({ TRUST_PROXY: hops }).trustProxy } });

  it('TRUST_PROXY=true takes the address the proxy appended, not a forged left-most one', async () => {
    const proxied = await behindProxy('true');
    try {
      const results = [];
      for (let i = 0; i < 21; i++) {
        results.push(
          await attempt(proxied.app, `xff${i}`, WRONG, '10.0.0.254', `198.51.100.${i}, 203.0.113.9`),
        );
      }
      // Twenty failures from the real client lock its address, whatever it claims to be.
      expect(results.at(-1)?.status).toBe(429);
      const ips = await proxied.db
        .selectDistinct({ ip: auditLog.ip })
        .from(auditLog)
        .where(eq(auditLog.action, 'auth.login.failure'));
      expect(ips).toEqual([{ ip: '203.0.113.9' }]);
    } finally {
      await proxied.close();
    }
  });

  it('TRUST_PROXY=2 takes the address the farther of two proxies appended', async () => {
    const proxied = await behindProxy('2');
    try {
      await attempt(proxied.app, 'xff', WRONG, '10.0.0.254', '198.51.100.1, 203.0.113.10, 10.0.0.253');
      const [row] = await proxied.db.select().from(auditLog).where(eq(auditLog.action, 'auth.login.failure'));
      expect(row?.ip).toBe('203.0.113.10');
    } finally {
      await proxied.close();
    }
  });
});
