import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_BASE } from '@postdeck/contract/constants';
import { type EndpointName, endpoints } from '@postdeck/contract/endpoints';
import { ERRORS } from '@postdeck/contract/errors';
import { MATERIAL_UPLOAD_PATH } from '@postdeck/contract/materials';
import {
  ALL_PERMISSIONS,
  AUTHENTICATED,
  type BuiltInRole,
  PERMISSIONS,
  type Permission,
  PUBLIC,
  type RoutePermission,
} from '@postdeck/contract/permissions';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type HTTPMethods, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelAccounts, materials, publications, users } from '../db/schema.ts';
import { manualClock } from '../lib/clock.ts';
import { createDepartment, rootDepartment } from '../modules/departments/department-repo.ts';
import { FILE_ROUTE, ZIP_ROUTE } from '../modules/materials/signed-urls.ts';
import { createUser } from '../modules/users/user-repo.ts';
import { DOCS_PREFIX, registerAuth } from '../plugins/auth.ts';
import { createTestApp, login, type TestApp, testConfig } from './test-app.ts';

/**
 * The authorisation matrix (issue 5, item 8). Every route the running app registered under
 * /prod-api is called as every built-in role, anonymously and as a user who must still change
 * their password, and the answer is held against the route's permission: the contract table's
 * for its routes, the registered one for the few outside it (tus uploads, signed files, API
 * docs). What each role holds is read from /control/user/info, so bootstrap stays the only
 * place that grants. Then the department-scoped routes are called on another department's
 * records: 404, never the record.
 *
 * The permission hook runs on onRequest, before any body is read, so a request that would fail
 * validation still shows whether the gate let it through: allowed is anything but 401/403 (a
 * 400, 404 or 200 all say the handler was reached), denied is 401 without a session and 403
 * with its envelope code otherwise. That is why write routes are called with empty bodies: they
 * stop at validation and change nothing.
 */

const PASSWORD = 'Secr3t!pw';
const NEW_PASSWORD = 'N3w!pass1';
/** An id no record has; also stands in for path parameters. */
const NO_SUCH_ID = '2147483000';
const DOC = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Text' }] }] };

const clock = manualClock(new Date('2026-06-01T08:00:00Z'));
let t: TestApp;
let materialsRoot: string;
const dept = { home: 0, other: 0 };
const DEPARTMENT_NAMES = { home: 'Newsroom', other: 'International' } as const;

// ---------------------------------------------------------------------------------------------
// The routes the app registers, seen as it registers them.

/**
 * The options of every route the app registered. Modules register their routes while buildApp
 * runs, before createTestApp's `extend` hook, so the onRoute hook is added the moment Fastify
 * creates the instance, through its 'fastify.initialization' diagnostics channel. The options
 * objects are kept, not copied: the auth plugin's own onRoute hook runs later and may still set
 * the permission (the API docs' routes).
 */
const registeredOptions: RouteOptions[] = [];

async function createObservedTestApp(options: Parameters<typeof createTestApp>[0]): Promise<TestApp> {
  let observed: FastifyInstance | undefined;
  const onInitialization = (message: unknown) => {
    if (observed) return;
    observed = (message as { fastify: FastifyInstance }).fastify;
    observed.addHook('onRoute', (routeOptions) => {
      registeredOptions.push(routeOptions);
    });
  };
  subscribe('fastify.initialization', onInitialization);
  try {
    const created = await createTestApp(options);
    if (observed !== created.app) throw new Error('the route observer watched another Fastify instance');
    return created;
  } finally {
    unsubscribe('fastify.initialization', onInitialization);
  }
}

interface RegisteredRoute {
  method: HTTPMethods;
  url: string;
  permission: RoutePermission | undefined;
}

/** Every registered /prod-api route, one entry per method (Fastify's own HEAD routes included). */
function apiRoutes(): RegisteredRoute[] {
  return registeredOptions
    .filter((options) => options.url.startsWith(API_BASE))
    .flatMap((options) =>
      [options.method].flat().map((method) => ({
        method: method.toUpperCase() as HTTPMethods,
        url: options.url,
        permission: options.config?.permission,
      })),
    );
}

const tablePermissions = new Map<string, RoutePermission>(
  Object.values(endpoints).map((endpoint) => [
    `${endpoint.method} ${API_BASE}${endpoint.path}`,
    endpoint.permission,
  ]),
);

// ---------------------------------------------------------------------------------------------
// Callers.

interface Caller {
  /** How failures name the caller. */
  name: string;
  account?: string;
  id?: number;
  token?: string;
  permissions: ReadonlySet<string>;
  mustChangePassword: boolean;
}

const people = new Map<string, Caller>();
const callerNamed = (name: string): Caller => {
  const caller = people.get(name);
  if (!caller) throw new Error(`no caller ${name}`);
  return caller;
};

const PENDING = 'editor with a password change pending';
/** The callers of the matrix: the built-in roles (in the home department), nobody, and one more. */
const MATRIX_CALLERS = ['anonymous', 'admin', 'dept_admin', 'editor', 'viewer', PENDING] as const;
/** The roles a department-scoped check runs as (the administrator's data scope is everything). */
const SCOPED_ROLES = ['dept_admin', 'editor', 'viewer'] as const satisfies readonly BuiltInRole[];
const otherDepartment = (role: string) => `${role} of ${DEPARTMENT_NAMES.other}`;

/** Signs the caller in (again) and reads what their roles grant from /control/user/info. */
async function signIn(caller: Caller) {
  if (!caller.account) return;
  caller.token = (await login(t.app, caller.account, PASSWORD)).accessToken;
  const info = await send('GET', `${API_BASE}${endpoints.info.path}`, { token: caller.token });
  const data = info.data as { permissions: string[]; mustChangePassword: boolean };
  caller.permissions = new Set(data.permissions);
  caller.mustChangePassword = data.mustChangePassword;
}

async function person(name: string, department: keyof typeof dept, role: BuiltInRole, account: string) {
  const caller: Caller = { name, account, permissions: new Set(), mustChangePassword: false };
  caller.id = await createUser(t.db, {
    account,
    name: `Matrix ${name}`,
    password: PASSWORD,
    departmentId: dept[department],
    roleCodes: [role],
  });
  people.set(name, caller);
  return caller;
}

// ---------------------------------------------------------------------------------------------
// Calls.

interface Answer {
  status: number;
  /** The envelope's code, when the answer is one. */
  code: number | undefined;
  data: unknown;
  text: string;
}

interface CallOptions {
  token?: string | undefined;
  body?: unknown;
  query?: Record<string, string> | undefined;
}

/** Any method through inject (the shared `call` helper speaks GET and POST, and JSON only). */
async function send(method: HTTPMethods, url: string, options: CallOptions = {}): Promise<Answer> {
  const response = await t.app.inject({
    method,
    url,
    ...(options.query ? { query: options.query } : {}),
    headers: {
      'user-agent': 'vitest',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  let envelope: { code?: unknown; data?: unknown } | undefined;
  try {
    envelope = JSON.parse(response.body) as typeof envelope;
  } catch {
    envelope = undefined;
  }
  return {
    status: response.statusCode,
    code: typeof envelope?.code === 'number' ? envelope.code : undefined,
    data: envelope?.data,
    text: response.body,
  };
}

interface Probe {
  method: HTTPMethods;
  /** The path as called: path parameters replaced. */
  url: string;
  /** What the caller must hold. */
  permission: RoutePermission;
  /** Set when one route is probed in more than one way. */
  label?: string;
  body?: unknown;
  query?: Record<string, string>;
  /** Ends the caller's session when let through: the caller signs in again afterwards. */
  endsSession?: boolean;
}

/** Path parameters get values no record has (the file route's variant a real one). */
const concrete = (url: string) =>
  url
    .replaceAll(':variant', 'original')
    .replaceAll(/:[A-Za-z]+/g, NO_SUCH_ID)
    .replace(/\*$/, 'probe');

/**
 * One probe per registered method and path. POST bodies are empty: every write of the table
 * stops at validation once the gate lets it through (tus at its protocol check), so nothing the
 * shared users depend on changes; GETs go without their query for the same reason.
 */
function probes(): Probe[] {
  const logout = `POST ${API_BASE}${endpoints.logout.path}`;
  const list: Probe[] = [];
  for (const route of apiRoutes()) {
    const key = `${route.method} ${route.url}`;
    const permission = tablePermissions.get(key) ?? route.permission;
    // A route without one is reported by its own test; it has no expectation here.
    if (permission === undefined) continue;
    list.push({
      method: route.method,
      url: concrete(route.url),
      permission,
      ...(route.method === 'POST' ? { body: {} } : {}),
      ...(key === logout ? { endsSession: true } : {}),
    });
  }
  // Setting another user's password shares the route of one's own, and is user administration:
  // the handler asks for system:user (a user no record has: 404 once allowed).
  list.push({
    method: 'POST',
    url: `${API_BASE}${endpoints.passwordUpdate.path}`,
    permission: PERMISSIONS.systemUsers,
    label: "another user's password",
    body: { userId: Number(NO_SUCH_ID), newPassword: NEW_PASSWORD },
  });
  return list;
}

type Expectation = { allow: true } | { allow: false; status: number; code: number };

const ALLOW: Expectation = { allow: true };

/** What the permission says for this caller. */
function expectation(permission: RoutePermission, caller: Caller): Expectation {
  if (permission === PUBLIC) return ALLOW;
  if (!caller.token) return { allow: false, status: 401, code: ERRORS.notSignedIn.code };
  if (permission === AUTHENTICATED) return ALLOW;
  if (!caller.permissions.has(permission)) return { allow: false, status: 403, code: ERRORS.forbidden.code };
  // Held, but the console's work waits until the user has chosen their own password.
  if (caller.mustChangePassword) {
    return { allow: false, status: 403, code: ERRORS.passwordChangeRequired.code };
  }
  return ALLOW;
}

/** The mismatch as a line of the failure message, or nothing when the answer is as expected. */
function mismatch(probe: Probe, caller: Caller, expected: Expectation, answer: Answer): string | undefined {
  const where = `${probe.method} ${probe.url}${probe.label ? ` (${probe.label})` : ''} as ${caller.name}`;
  const got = `${answer.status}/${answer.code ?? '-'}`;
  if (expected.allow) {
    if (answer.status === 401 || answer.status === 403) return `${where}: expected allow, got ${got}`;
    if (answer.status >= 500) return `${where}: expected allow, got ${got} (a server error)`;
    return undefined;
  }
  // HEAD answers carry no body: their status has to do.
  const codeMatches = probe.method === 'HEAD' || answer.code === expected.code;
  if (answer.status === expected.status && codeMatches) return undefined;
  return `${where}: expected deny (${expected.status}/${expected.code}), got ${got}`;
}

// ---------------------------------------------------------------------------------------------
// Records of the home department, for the department-scoped checks.

type RecordKind = 'content' | 'deleted content' | 'material' | 'user' | 'publication';
interface DeptRecord {
  kind: RecordKind;
  /** A publication's: the account's child (its parent is parentId). */
  id: number;
  version: number;
  parentId?: number;
  /** A user's account. */
  account?: string;
}

let serial = 0;

/** A fresh record of the home department (each check gets its own: some of them delete it). */
async function homeRecord(kind: RecordKind): Promise<DeptRecord> {
  serial++;
  const author = callerNamed('editor');
  switch (kind) {
    case 'content':
    case 'deleted content': {
      const created = await send('POST', `${API_BASE}${endpoints.contentCreate.path}`, {
        token: author.token,
        body: { title: `Scoped ${serial}`, body: DOC },
      });
      if (created.status !== 200) throw new Error(`content create failed: ${created.text}`);
      const { id, version } = created.data as { id: number; version: number };
      if (kind === 'deleted content') {
        const deleted = await send('POST', `${API_BASE}${endpoints.contentDelete.path}`, {
          token: author.token,
          body: { id },
        });
        if (deleted.status !== 200) throw new Error(`content delete failed: ${deleted.text}`);
      }
      return { kind, id, version };
    }
    case 'material': {
      const [row] = await t.db
        .insert(materials)
        .values({
          departmentId: dept.home,
          uploaderId: author.id as number,
          kind: 'image',
          name: `scoped-${serial}.png`,
          mime: 'image/png',
          bytes: 10,
          sha256: `matrix-${serial}`,
          storageKey: `materials/matrix/${serial}`,
          status: 'ready',
        })
        .returning({ id: materials.id });
      return { kind, id: (row as { id: number }).id, version: 1 };
    }
    case 'publication': {
      // A scheduled one: withdrawing it cancels it, so each check can act on its own.
      const content = await homeRecord('content');
      const [account] = await t.db
        .insert(channelAccounts)
        .values({
          platform: 'telegram',
          externalId: `@matrix${serial}`,
          name: `Matrix ${serial}`,
          departmentId: dept.home,
        })
        .returning({ id: channelAccounts.id });
      const common = {
        contentId: content.id,
        departmentId: dept.home,
        authorId: author.id as number,
        title: `Scoped ${serial}`,
        scheduledAt: new Date(clock.now().getTime() + 86_400_000),
        createdAt: clock.now(),
      };
      const [parent] = await t.db
        .insert(publications)
        .values({ ...common, status: 'group' })
        .returning({ id: publications.id });
      const [child] = await t.db
        .insert(publications)
        .values({
          ...common,
          parentId: parent?.id,
          accountId: account?.id,
          platform: 'telegram',
          status: 'scheduled',
        })
        .returning({ id: publications.id });
      return { kind, id: child?.id as number, version: 1, parentId: parent?.id as number };
    }
    case 'user': {
      const account = `mx_rec_${serial}`;
      const id = await createUser(t.db, {
        account,
        name: `Record ${serial}`,
        password: PASSWORD,
        departmentId: dept.home,
        roleCodes: ['viewer'],
      });
      return { kind, id, version: 1, account };
    }
  }
}

interface Request {
  query?: Record<string, string>;
  body?: unknown;
}

/** A route naming one record: another department's user must get 404, the record's own 200. */
interface RecordRow {
  endpoint: EndpointName;
  label?: string;
  record: RecordKind;
  /** What the caller must hold, when the handler asks for more than the route's permission. */
  permission?: Permission;
  request: (record: DeptRecord) => Request;
}

const byId = (record: DeptRecord): Request => ({ query: { id: String(record.id) } });

const RECORD_ROWS: RecordRow[] = [
  { endpoint: 'contentDetail', record: 'content', request: byId },
  {
    endpoint: 'contentUpdate',
    record: 'content',
    request: (r) => ({ body: { id: r.id, version: r.version, title: 'Edited', body: DOC } }),
  },
  {
    endpoint: 'contentArchive',
    record: 'content',
    request: (r) => ({ body: { id: r.id, version: r.version } }),
  },
  { endpoint: 'contentDelete', record: 'content', request: (r) => ({ body: { id: r.id } }) },
  { endpoint: 'contentRestore', record: 'deleted content', request: (r) => ({ body: { id: r.id } }) },
  { endpoint: 'materialDetail', record: 'material', request: byId },
  {
    endpoint: 'materialRename',
    record: 'material',
    request: (r) => ({ body: { id: r.id, name: 'Renamed' } }),
  },
  {
    endpoint: 'materialTags',
    record: 'material',
    request: (r) => ({ body: { id: r.id, tags: ['checked'] } }),
  },
  { endpoint: 'materialDelete', record: 'material', request: (r) => ({ body: { id: r.id } }) },
  { endpoint: 'materialZipLink', record: 'material', request: (r) => ({ body: { ids: [r.id] } }) },
  {
    endpoint: 'userUpdate',
    record: 'user',
    request: (r) => ({
      body: { id: r.id, name: 'Renamed', departmentId: dept.home, roleCodes: ['viewer'] },
    }),
  },
  { endpoint: 'userStatus', record: 'user', request: (r) => ({ body: { id: r.id, status: 'disabled' } }) },
  { endpoint: 'userDelete', record: 'user', request: (r) => ({ query: { ids: String(r.id) } }) },
  { endpoint: 'publicationDetail', record: 'publication', request: byId },
  {
    endpoint: 'publicationChunkStatus',
    record: 'publication',
    request: (r) => ({ query: { taskId: String(r.id) } }),
  },
  {
    endpoint: 'publishHistoryChildren',
    record: 'publication',
    request: (r) => ({ query: { id: String(r.parentId) } }),
  },
  { endpoint: 'publicationWithdrawal', record: 'publication', request: (r) => ({ body: { id: r.id } }) },
  {
    endpoint: 'publicationWithdrawArticle',
    record: 'publication',
    request: (r) => ({ body: { id: r.parentId } }),
  },
  {
    endpoint: 'passwordUpdate',
    label: "another user's password",
    record: 'user',
    permission: PERMISSIONS.systemUsers,
    request: (r) => ({ body: { userId: r.id, newPassword: NEW_PASSWORD } }),
  },
];

/** A list of the caller's data scope: the record shows to its own department only. */
interface ListRow {
  endpoint: EndpointName;
  record: RecordKind;
  request: (record: DeptRecord) => Request;
  shows: (answer: Answer, record: DeptRecord) => boolean;
}

const listed = (answer: Answer, record: DeptRecord) =>
  ((answer.data as { items?: { id: number }[] } | null | undefined)?.items ?? []).some(
    (item) => item.id === record.id,
  );
const firstPage = (): Request => ({ query: { pageSize: '100' } });
const auditOf = (record: DeptRecord): Request => ({ query: { target: `content:${record.id}` } });

const LIST_ROWS: ListRow[] = [
  { endpoint: 'contentDeptList', record: 'content', request: firstPage, shows: listed },
  { endpoint: 'contentAdminList', record: 'content', request: firstPage, shows: listed },
  { endpoint: 'materialList', record: 'material', request: firstPage, shows: listed },
  { endpoint: 'picUrlPage', record: 'material', request: () => ({ body: { pageSize: 100 } }), shows: listed },
  { endpoint: 'userList', record: 'user', request: firstPage, shows: listed },
  {
    endpoint: 'publishHistoryDepartment',
    record: 'publication',
    request: firstPage,
    shows: (answer, record) =>
      ((answer.data as { items?: { id: number }[] } | null | undefined)?.items ?? []).some(
        (item) => item.id === record.parentId,
      ),
  },
  // The built-in directory is Postdeck's own users: another department's are not found in it.
  {
    endpoint: 'userDirectory',
    record: 'user',
    request: (record) => ({ query: { account: record.account as string } }),
    shows: (answer, record) =>
      (answer.data as { existingUserId?: number } | null)?.existingUserId === record.id,
  },
  // Audit entries follow their actor's department (the content's author here).
  {
    endpoint: 'auditList',
    record: 'content',
    request: auditOf,
    shows: (answer) => ((answer.data as { total?: number } | null | undefined)?.total ?? 0) > 0,
  },
  {
    endpoint: 'auditExport',
    record: 'content',
    request: auditOf,
    // The header row aside, only entries matching the filter are written.
    shows: (answer, record) =>
      answer.text
        .split('\n')
        .slice(1)
        .some((line) => line.includes(`content:${record.id}`)),
  },
];

/** Whether the built-in role (as its home department's user shows it) holds the permission. */
function holds(role: string, permission: RoutePermission): boolean {
  return permission === AUTHENTICATED || callerNamed(role).permissions.has(permission);
}

const endpointLabel = (row: { endpoint: EndpointName; label?: string }) => {
  const endpoint = endpoints[row.endpoint];
  return `${endpoint.method} ${endpoint.path}${row.label ? ` (${row.label})` : ''}`;
};

const callEndpoint = (name: EndpointName, caller: Caller, request: Request) => {
  const endpoint = endpoints[name];
  return send(endpoint.method, `${API_BASE}${endpoint.path}`, { token: caller.token, ...request });
};

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  materialsRoot = await mkdtemp(join(tmpdir(), 'postdeck-matrix-'));
  t = await createObservedTestApp({
    clock,
    // tus keeps its uploads on disk: a directory of this test's own.
    config: {
      materials: {
        ...testConfig().materials,
        filesDir: join(materialsRoot, 'files'),
        uploadsDir: join(materialsRoot, 'uploads'),
      },
    },
  });
  const root = await rootDepartment(t.db);
  dept.home = await createDepartment(t.db, { name: DEPARTMENT_NAMES.home, parentId: root });
  dept.other = await createDepartment(t.db, { name: DEPARTMENT_NAMES.other, parentId: root });

  people.set('anonymous', { name: 'anonymous', permissions: new Set(), mustChangePassword: false });
  for (const role of ['admin', 'dept_admin', 'editor', 'viewer'] as const) {
    await person(role, 'home', role, `mx_${role}`);
  }
  for (const role of SCOPED_ROLES) await person(otherDepartment(role), 'other', role, `mx_other_${role}`);
  // Made normally, then marked as an administrator's password would mark it.
  const pending = await person(PENDING, 'home', 'editor', 'mx_pending');
  await t.db
    .update(users)
    .set({ mustChangePassword: true })
    .where(eq(users.id, pending.id as number));
  for (const caller of people.values()) await signIn(caller);
});

afterAll(async () => {
  await t?.close();
  if (materialsRoot) await rm(materialsRoot, { recursive: true, force: true });
});

describe('the route table against the registered routes', () => {
  it('sees the routes registered outside the table too (uploads, signed files, API docs)', () => {
    const seen = new Set(apiRoutes().map((route) => `${route.method} ${route.url}`));
    for (const key of [
      `POST ${API_BASE}${MATERIAL_UPLOAD_PATH}`,
      `PATCH ${API_BASE}${MATERIAL_UPLOAD_PATH}/:id`,
      `HEAD ${API_BASE}${MATERIAL_UPLOAD_PATH}/:id`,
      `DELETE ${API_BASE}${MATERIAL_UPLOAD_PATH}/:id`,
      `GET ${API_BASE}${FILE_ROUTE}`,
      `GET ${API_BASE}${ZIP_ROUTE}`,
      `GET ${DOCS_PREFIX}/json`,
    ]) {
      expect(seen, key).toContain(key);
    }
  });

  it('registers every endpoint of the contract table, with the permission the table gives it', () => {
    const registered = new Map(
      apiRoutes().map((route) => [`${route.method} ${route.url}`, route.permission]),
    );
    const wrong = [...tablePermissions].flatMap(([key, permission]) => {
      if (!registered.has(key)) return [`${key}: in the table, not registered`];
      const actual = registered.get(key);
      return actual === permission ? [] : [`${key}: the table says ${permission}, registered ${actual}`];
    });
    expect(wrong, wrong.join('\n')).toEqual([]);
  });

  it('gives every registered /prod-api route a permission, and only ones that exist', () => {
    const known = new Set<string>([PUBLIC, AUTHENTICATED, ...ALL_PERMISSIONS]);
    const wrong = apiRoutes().flatMap((route) =>
      route.permission === undefined
        ? [`${route.method} ${route.url}: declares no permission`]
        : known.has(route.permission)
          ? []
          : [`${route.method} ${route.url}: unknown permission ${route.permission}`],
    );
    expect(wrong, wrong.join('\n')).toEqual([]);
  });
});

describe('a route added without a permission', () => {
  const newApp = () => {
    const app = Fastify();
    registerAuth(app, { accessTokens: t.app.accessTokens, principals: t.app.principals });
    return app;
  };

  it('fails to register under /prod-api, at the root or inside the prefixed API plugin', async () => {
    const direct = newApp();
    expect(() => direct.get(`${API_BASE}/undeclared`, async () => 'x')).toThrow(
      /route GET \/prod-api\/undeclared declares no permission/,
    );
    await direct.close();

    const prefixed = newApp();
    await expect(
      prefixed.register(
        async (api) => {
          api.post('/undeclared', async () => 'x');
        },
        { prefix: API_BASE },
      ),
    ).rejects.toThrow(/route POST \/prod-api\/undeclared declares no permission/);
  });

  it('registers once it declares one, and outside /prod-api none is asked for', async () => {
    const app = newApp();
    app.get(`${API_BASE}/declared`, { config: { permission: AUTHENTICATED } }, async () => 'x');
    app.get('/elsewhere', async () => 'x');
    await expect(app.ready()).resolves.toBe(app);
    await app.close();
  });
});

describe('what the built-in roles hold (read from /control/user/info)', () => {
  it('grants the administrator everything, and each role a subset of the one above it', () => {
    const held = (role: string) => [...callerNamed(role).permissions].sort();
    expect(held('admin')).toEqual([...ALL_PERMISSIONS].sort());
    const chain = ['viewer', 'editor', 'dept_admin', 'admin'];
    chain.slice(1).forEach((upper, i) => {
      const lower = chain[i] as string;
      const extra = held(lower).filter((permission) => !callerNamed(upper).permissions.has(permission));
      expect(extra, `${lower} holds what ${upper} does not`).toEqual([]);
    });
    for (const role of chain) {
      expect(held(role).length, role).toBeGreaterThan(0);
      expect(callerNamed(role).mustChangePassword, role).toBe(false);
    }
    expect(callerNamed(PENDING).mustChangePassword).toBe(true);
  });
});

describe('the authorisation matrix: every /prod-api route as every caller', () => {
  it.each(MATRIX_CALLERS)(
    'as %s, each route allows or denies exactly as its permission says',
    async (name) => {
      const caller = callerNamed(name);
      const all = probes();
      expect(all.length).toBeGreaterThan(Object.keys(endpoints).length);
      const mismatches: string[] = [];
      for (const probe of all) {
        const answer = await send(probe.method, probe.url, {
          token: caller.token,
          body: probe.body,
          query: probe.query,
        });
        const wrong = mismatch(probe, caller, expectation(probe.permission, caller), answer);
        if (wrong) mismatches.push(wrong);
        if (probe.endsSession && answer.status === 200) await signIn(caller);
      }
      expect(mismatches, mismatches.join('\n')).toEqual([]);
    },
  );
});

describe('as a user of another department', () => {
  it("answers 404 on the home department's records, and 200 to the home department's own users", async () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const row of RECORD_ROWS) {
      const permission = row.permission ?? endpoints[row.endpoint].permission;
      for (const role of SCOPED_ROLES.filter((r) => holds(r, permission))) {
        const record = await homeRecord(row.record);
        const on = `on a ${record.kind} of ${DEPARTMENT_NAMES.home}`;
        // The outsider first: the insider's call may delete the record.
        const outsider = callerNamed(otherDepartment(role));
        const outside = await callEndpoint(row.endpoint, outsider, row.request(record));
        if (outside.status !== 404 || outside.code !== ERRORS.notFound.code) {
          mismatches.push(
            `${endpointLabel(row)} as ${outsider.name} ${on}: expected 404, got ${outside.status}/${outside.code ?? '-'}`,
          );
        }
        const inside = await callEndpoint(row.endpoint, callerNamed(role), row.request(record));
        if (inside.status !== 200) {
          mismatches.push(
            `${endpointLabel(row)} as ${role} of ${DEPARTMENT_NAMES.home} ${on}: expected 200, got ${inside.status}/${inside.code ?? '-'}`,
          );
        }
        checked++;
      }
    }
    expect(mismatches, mismatches.join('\n')).toEqual([]);
    expect(checked).toBeGreaterThan(RECORD_ROWS.length);
  });

  it("leaves the home department's records out of its lists, which show them to the home department", async () => {
    const mismatches: string[] = [];
    for (const row of LIST_ROWS) {
      for (const role of SCOPED_ROLES.filter((r) => holds(r, endpoints[row.endpoint].permission))) {
        const record = await homeRecord(row.record);
        const callers = [
          { caller: callerNamed(otherDepartment(role)), who: otherDepartment(role), shouldShow: false },
          { caller: callerNamed(role), who: `${role} of ${DEPARTMENT_NAMES.home}`, shouldShow: true },
        ];
        for (const { caller, who, shouldShow } of callers) {
          const answer = await callEndpoint(row.endpoint, caller, row.request(record));
          const shown = answer.status === 200 && row.shows(answer, record);
          if (answer.status !== 200 || shown !== shouldShow) {
            const got = `${answer.status}/${answer.code ?? '-'}${answer.status === 200 ? (shown ? ' with it' : ' without it') : ''}`;
            mismatches.push(
              `${endpointLabel(row)} as ${who}: expected 200 ${shouldShow ? 'with' : 'without'} the ${record.kind} of ${DEPARTMENT_NAMES.home}, got ${got}`,
            );
          }
        }
      }
    }
    expect(mismatches, mismatches.join('\n')).toEqual([]);
  });
});
