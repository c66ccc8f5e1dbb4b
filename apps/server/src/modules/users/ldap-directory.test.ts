import { createServer, type Server, type Socket } from 'node:net';
import { ERRORS } from '@postdeck/contract/errors';
import type { DirectoryPerson } from '@postdeck/contract/users';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LdapConfig } from '../../config.ts';
import { auditLog, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { AUTH_ACTIONS } from '../audit/audit.ts';
import { BASE_DN, type LdapPerson, READER, type Slapd, startSlapd } from '../../test/slapd.ts';
import { ADMIN_PASSWORD, call, createTestApp, login, type TestApp } from '../../test/test-app.ts';
import { departmentTree } from '../../test/fixtures.ts';
import { ldapDirectory, userFilter } from './ldap-directory.ts';
import { createUser, setUserStatus } from './user-repo.ts';

const PEOPLE: LdapPerson[] = [
  { uid: 'alice', cn: 'Alice Liddell', mail: 'alice@example.test', ou: 'Newsroom', password: 'Alice!ldap1' },
  { uid: 'bobby', cn: 'Bobby Tables', mail: 'bobby@example.test', ou: 'Sports', password: 'Bobby!ldap1' },
  { uid: 'carol', cn: 'Carol Plain', password: 'Carol!ldap1' },
  { uid: 'dave_off', cn: 'Dave Away', mail: 'dave@example.test', password: 'Dave!ldap1' },
  // Filter specials inside a real value: found only when they are escaped, never as wildcards.
  { uid: 'star*man', cn: 'Star Man', mail: 'star@example.test', password: 'Star!ldap1' },
  { uid: 'par(en)s', cn: 'Paren Thesis', mail: 'paren@example.test', password: 'Paren!ldap1' },
  // The same account twice: ambiguous, so neither is taken.
  { uid: 'twin', cn: 'Twin One', password: 'Twin!ldap1', parent: `ou=east,${BASE_DN}` },
  { uid: 'twin', cn: 'Twin Two', password: 'Twin!ldap1', parent: `ou=west,${BASE_DN}` },
];

let slapd: Slapd;
const logged: string[] = [];

const settings = (overrides: Partial<LdapConfig> = {}): LdapConfig => ({
  url: slapd.url,
  bindDn: READER.dn,
  bindPassword: READER.password,
  baseDn: BASE_DN,
  userFilter: '(uid={account})',
  attributes: { account: 'uid', name: 'cn', email: 'mail', department: 'ou' },
  passwordCheck: false,
  localAccounts: [],
  timeoutMs: 5000,
  ...overrides,
});
const directory = (overrides: Partial<LdapConfig> = {}) =>
  ldapDirectory({ ...settings(overrides), log: (message) => logged.push(message) });

/** A port on which nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A server that accepts connections and never answers: only the timeout ends a request. */
let silent: Server;
const silentSockets = new Set<Socket>();

beforeAll(async () => {
  slapd = await startSlapd(PEOPLE);
  silent = createServer((socket) => {
    silentSockets.add(socket);
    socket.on('close', () => silentSockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const socket of silentSockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
  await slapd?.stop();
});

async function expectUnavailable(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).key).toBe('directoryUnavailable');
  expect((error as AppError).status).toBe(503);
}

describe('the filter', () => {
  it('escapes the RFC 4515 specials of the account and nothing else', () => {
    expect(userFilter('(uid={account})', 'a*)(uid=*')).toBe('(uid=a\\2a\\29\\28uid=\\2a)');
    expect(userFilter('(uid={account})', 'back\\slash\0')).toBe('(uid=back\\5cslash\\00)');
    expect(userFilter('(uid={account})', 'plain_name-1')).toBe('(uid=plain_name-1)');
    // Every placeholder, and replacement patterns such as $& are not interpreted.
    expect(userFilter('(|(uid={account})(mail={account}))', '$&$`')).toBe('(|(uid=$&$`)(mail=$&$`))');
  });

  it('refuses a template that is no LDAP filter when the directory is made', () => {
    expect(() => directory({ userFilter: '(uid={account}' })).toThrow();
  });
});

describe('the LDAP directory', () => {
  it('finds a person by account with name, e-mail and department', async () => {
    expect(await directory().findByAccount('alice')).toEqual({
      account: 'alice',
      name: 'Alice Liddell',
      email: 'alice@example.test',
      department: 'Newsroom',
    });
    // Account matching is the directory's (uid ignores case); the account comes back as stored.
    expect((await directory().findByAccount('ALICE'))?.account).toBe('alice');
    expect(await directory().findByAccount('carol')).toEqual({
      account: 'carol',
      name: 'Carol Plain',
      email: '',
      department: null,
    });
  });

  it('says null for an unknown account and for an ambiguous one', async () => {
    expect(await directory().findByAccount('nobody_here')).toBeNull();
    expect(await directory().findByAccount('twin')).toBeNull();
    expect(logged.some((line) => line.includes('"twin" is ambiguous'))).toBe(true);
  });

  it('takes attribute names and the filter from the settings (Active Directory style)', async () => {
    const ad = directory({
      userFilter: '(&(objectClass=inetOrgPerson)(mail={account}))',
      attributes: { account: 'mail', name: 'sn', email: 'mail', department: 'description' },
    });
    expect(await ad.findByAccount('bobby@example.test')).toEqual({
      account: 'bobby@example.test',
      name: 'Tables',
      email: 'bobby@example.test',
      department: null,
    });
  });

  it('cannot be made to match more than the account by filter syntax in it', async () => {
    const dir = directory();
    for (const account of [
      '*',
      'a*',
      '*)(uid=*',
      'a*)(uid=*',
      'alice)(|(uid=*',
      'x)(objectClass=*',
      '\\2a',
    ]) {
      expect(await dir.findByAccount(account), account).toBeNull();
      expect(await dir.verifyPassword(account, 'Alice!ldap1'), account).toBe(false);
    }
    // In a compound template too.
    const compound = directory({ userFilter: '(&(objectClass=inetOrgPerson)(uid={account}))' });
    expect(await compound.findByAccount('*)(objectClass=*')).toBeNull();
    // The specials are compared literally: the people whose accounts contain them are found.
    expect((await dir.findByAccount('star*man'))?.name).toBe('Star Man');
    expect(await dir.findByAccount('star*')).toBeNull();
    expect((await dir.findByAccount('par(en)s'))?.name).toBe('Paren Thesis');
    expect(await dir.verifyPassword('star*man', 'Star!ldap1')).toBe(true);
  });

  it('checks a password by binding as the person', async () => {
    const dir = directory();
    expect(await dir.verifyPassword('alice', 'Alice!ldap1')).toBe(true);
    expect(await dir.verifyPassword('alice', 'Alice!ldap2')).toBe(false);
    expect(await dir.verifyPassword('alice', 'Bobby!ldap1')).toBe(false);
    expect(await dir.verifyPassword('nobody_here', 'Alice!ldap1')).toBe(false);
    expect(await dir.verifyPassword('twin', 'Twin!ldap1')).toBe(false);
  });

  it('refuses an empty password without asking the server (an empty simple bind is anonymous)', async () => {
    expect(await directory().verifyPassword('alice', '')).toBe(false);
    // Not even a connection: the same answer from a server that is not there.
    const nowhere = directory({ url: `ldap://127.0.0.1:${await closedPort()}` });
    expect(await nowhere.verifyPassword('alice', '')).toBe(false);
  });

  it('searches anonymously without a service account', async () => {
    const anonymous = directory({ bindDn: undefined, bindPassword: undefined });
    expect((await anonymous.findByAccount('alice'))?.name).toBe('Alice Liddell');
    expect(await anonymous.verifyPassword('alice', 'Alice!ldap1')).toBe(true);
    expect(await anonymous.verifyPassword('alice', 'Alice!ldap2')).toBe(false);
  });

  it('reports an unreachable server, a silent one and a refused service account as directoryUnavailable', async () => {
    logged.length = 0;
    const closed = directory({ url: `ldap://127.0.0.1:${await closedPort()}` });
    await expectUnavailable(closed.findByAccount('alice'));
    await expectUnavailable(closed.verifyPassword('alice', 'Alice!ldap1'));

    const { port } = silent.address() as { port: number };
    const hanging = directory({ url: `ldap://127.0.0.1:${port}`, timeoutMs: 200 });
    await expectUnavailable(hanging.findByAccount('alice'));

    const wrongService = directory({ bindPassword: 'not-the-password' });
    await expectUnavailable(wrongService.findByAccount('alice'));
    // The cause goes to the log, for whoever runs the server.
    expect(logged.filter((line) => line.includes('failed'))).toHaveLength(4);
  });
});

describe('the directory in the API', () => {
  let t: TestApp;
  let adminToken: string;
  let dept: Awaited<ReturnType<typeof departmentTree>>;

  beforeAll(async () => {
    t = await createTestApp({ config: { ldap: settings() } });
    dept = await departmentTree(t.db);
    adminToken = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
  });
  afterAll(() => t?.close());

  const lookUp = (account: string) =>
    call(t.app, 'GET', '/control/user/getUserFromOpsById', { token: adminToken, query: { account } });

  it('looks people up in LDAP for the user form, saying whether they already are users', async () => {
    const before = await lookUp('alice');
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({
      account: 'alice',
      name: 'Alice Liddell',
      email: 'alice@example.test',
      department: 'Newsroom',
      existingUserId: null,
    } satisfies DirectoryPerson);

    const id = await createUser(t.db, {
      account: 'alice',
      name: 'Alice',
      password: 'Local!pw12',
      departmentId: dept.news,
      roleCodes: ['editor'],
    });
    expect((await lookUp('alice')).body.data).toMatchObject({ account: 'alice', existingUserId: id });
    // Postdeck's own users are not the directory any more.
    expect((await lookUp('admin')).body.data).toBeNull();
    expect((await lookUp('a*)(uid=*')).body.data).toBeNull();
  });
});

describe('sign-in with LDAP_PASSWORD_CHECK', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const signIn = (username: string, password: string) =>
    call(t.app, 'POST', '/control/user/login', { body: { username, password } });
  const failures = async (account: string) =>
    (
      await t.db
        .select({ detail: auditLog.detail })
        .from(auditLog)
        .where(and(eq(auditLog.action, AUTH_ACTIONS.loginFailure), eq(auditLog.actorAccount, account)))
    ).map((row) => row.detail['reason']);

  beforeAll(async () => {
    t = await createTestApp({
      config: { ldap: settings({ passwordCheck: true, localAccounts: ['admin'] }) },
    });
    const dept = await departmentTree(t.db);
    for (const account of ['alice', 'bobby', 'dave_off']) {
      ids[account] = await createUser(t.db, {
        account,
        name: account,
        password: 'Local!pw12',
        departmentId: dept.news,
        roleCodes: ['editor'],
      });
    }
    await setUserStatus(t.db, ids['dave_off'] as number, 'disabled');
  });
  afterAll(() => t?.close());

  it('takes the directory password, not the local one', async () => {
    const ok = await signIn('Alice', 'Alice!ldap1');
    expect(ok.status).toBe(200);
    expect(ok.body.data.accessToken).toEqual(expect.any(String));

    const local = await signIn('alice', 'Local!pw12');
    expect(local.status).toBe(400);
    expect(local.body.code).toBe(ERRORS.badCredentials.code);
    expect(await failures('alice')).toEqual(['wrong password']);
  });

  it('answers unknown accounts, disabled users and directory people without a user as before', async () => {
    const unknown = await signIn('nobody_here', 'Alice!ldap1');
    expect(unknown.body.code).toBe(ERRORS.badCredentials.code);
    // In the directory with the right password, but not a Postdeck user: no account is made.
    const carol = await signIn('carol', 'Carol!ldap1');
    expect(carol.body.code).toBe(ERRORS.badCredentials.code);
    expect(await failures('carol')).toEqual(['unknown account']);
    // A disabled account is named only to someone who knows its (directory) password.
    expect((await signIn('dave_off', 'wrong!pw1')).body.code).toBe(ERRORS.badCredentials.code);
    expect((await signIn('dave_off', 'Dave!ldap1')).body.code).toBe(ERRORS.accountDisabled.code);
    expect(await failures('dave_off')).toEqual(['wrong password', 'disabled']);
  });

  it('leaves passwords to the directory: no forced change, no change through Postdeck', async () => {
    await t.db
      .update(users)
      .set({ mustChangePassword: true })
      .where(eq(users.id, ids['alice'] as number));
    const ok = await signIn('alice', 'Alice!ldap1');
    const token = ok.body.data.accessToken as string;
    const info = await call(t.app, 'GET', '/control/user/info', { token });
    expect(info.body.data.mustChangePassword).toBe(false);
    const change = await call(t.app, 'POST', '/control/user/pass/update', {
      token,
      body: { oldPassword: 'Alice!ldap1', newPassword: 'Other!pw12' },
    });
    expect([change.status, change.body.code]).toEqual([409, ERRORS.passwordManagedByDirectory.code]);
  });

  it('keeps the Postdeck password of a break-glass account (LDAP_LOCAL_ACCOUNTS)', async () => {
    const ok = await signIn('ADMIN', ADMIN_PASSWORD);
    expect(ok.status).toBe(200);
    const change = await call(t.app, 'POST', '/control/user/pass/update', {
      token: ok.body.data.accessToken as string,
      body: { oldPassword: ADMIN_PASSWORD, newPassword: 'Other!pw12' },
    });
    expect(change.status).toBe(200);
  });

  it('still throttles failed attempts', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn('bobby', `Wrong!pw${i}`)).status).toBe(400);
    const locked = await signIn('bobby', 'Bobby!ldap1');
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe(ERRORS.tooManyRequests.code);
  });

  it('says the directory cannot be reached, in the envelope, when it is down', async () => {
    const down = await createTestApp({
      config: { ldap: settings({ passwordCheck: true, url: `ldap://127.0.0.1:${await closedPort()}` }) },
    });
    try {
      const res = await call(down.app, 'POST', '/control/user/login', {
        body: { username: 'admin', password: ADMIN_PASSWORD },
      });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        code: ERRORS.directoryUnavailable.code,
        msg: ERRORS.directoryUnavailable.msg.en,
        data: null,
      });
    } finally {
      await down.close();
    }
  });
});
