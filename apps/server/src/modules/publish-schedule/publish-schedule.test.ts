import type { ChannelAccount } from '@postdeck/contract/channels';
import type { CalendarLink, ScheduleList } from '@postdeck/contract/publish-schedule';
import { SCHEDULE_ITEMS_MAX } from '@postdeck/contract/publish-schedule';
import type { Publication } from '@postdeck/contract/publishing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, calendarFeeds, publications } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { departmentTree } from '../../test/fixtures.ts';
import { connectSandboxAccount } from '../../test/sandbox-accounts.ts';
import { ADMIN_PASSWORD, type TestApp, call, createTestApp, login } from '../../test/test-app.ts';
import { createUser } from '../users/user-repo.ts';
import { CALENDAR_LINK_ACTIONS, FEED_MIN_INTERVAL_MS } from './calendar-link.ts';

/**
 * The scheduled publishing page's calls (issue 21) on the sandbox's local servers: the window's
 * list with its filters and bounds, data scope by list and by feed, the iCalendar address made,
 * renewed (also twice at once) and revoked, and the feed it opens.
 */
const PASSWORD = 'Secr3t!pw';
const clock = manualClock(new Date('2026-06-01T08:00:00Z'));
let t: TestApp;
let dept: Awaited<ReturnType<typeof departmentTree>>;
const tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};
let telegram: ChannelAccount;
let mastodon: ChannelAccount;
let intlPage: ChannelAccount;

type Answer<T> = { status: number; body: { code: number; msg: string; data: T } };
const get = <T>(path: string, who: string, query: Record<string, string> = {}) =>
  call(t.app, 'GET', path, { token: tokens[who], query }) as Promise<Answer<T>>;
const post = <T>(path: string, who: string, body: unknown) =>
  call(t.app, 'POST', path, { token: tokens[who], body }) as Promise<Answer<T>>;
const fields = (answer: Answer<unknown>) =>
  ((answer.body.data as { errors?: { field: string }[] } | null)?.errors ?? []).map((e) => e.field);

const WINDOW = { from: '2026-06-01T00:00:00Z', to: '2026-07-01T00:00:00Z' };
const schedule = (who: string, query: Record<string, string> = {}) =>
  get<ScheduleList>('/content/publish/scheduleList', who, { ...WINDOW, ...query });
const titles = (answer: Answer<ScheduleList>) => answer.body.data.items.map((item) => item.title);

/** The feed as a calendar fetches it: no session, the token in the address. Waits out the rate limit first. */
async function feed(url: string | null, options: { wait?: boolean } = {}) {
  if (options.wait !== false) clock.advance(FEED_MIN_INTERVAL_MS);
  const address = new URL(
    url ?? `http://localhost/prod-api/content/publish/calendarFeed?token=${'A'.repeat(43)}`,
  );
  const response = await t.app.inject({ method: 'GET', url: `${address.pathname}${address.search}` });
  // Lines longer than 75 octets are folded (RFC 5545 §3.1): unfolded here, as calendars read them.
  return {
    status: response.statusCode,
    headers: response.headers,
    text: response.body.replace(/\r\n[ \t]/g, ''),
  };
}
const events = (text: string) => text.split('BEGIN:VEVENT').slice(1);
const field = (event: string, name: string) =>
  new RegExp(`^${name}[;:](.*)$`, 'm').exec(event.replaceAll('\r\n', '\n'))?.[1];

async function content(who: string, title: string, departmentId = dept.news) {
  const res = await post<{ id: number }>('/content/create', who, {
    title,
    body: {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: `${title} text` }] }],
    },
    departmentId,
  });
  if (res.status !== 200) throw new Error(`content: ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

/** A new content scheduled to one account at `at`: its publication (the child). */
async function scheduled(
  who: string,
  title: string,
  account: ChannelAccount,
  at: string,
  departmentId = dept.news,
) {
  const contentId = await content(who, title, departmentId);
  const made = await post<{ parentId: number; publications: Publication[] }>('/content/publish/create', who, {
    contentId,
    targets: [{ accountId: account.id }],
    scheduledAt: at,
  });
  if (made.status !== 200) throw new Error(`publish: ${JSON.stringify(made.body)}`);
  const [child] = made.body.data.publications;
  if (!child) throw new Error('no publication');
  return child;
}

let morning: Publication;
let evening: Publication;
let intlDispatch: Publication;

beforeAll(async () => {
  t = await createTestApp({ clock });
  dept = await departmentTree(t.db);
  const people: [string, number, string][] = [
    ['lead', dept.news, 'dept_admin'],
    ['writer', dept.news, 'editor'],
    ['intl', dept.intl, 'dept_admin'],
  ];
  for (const [key, departmentId, role] of people) {
    userIds[key] = await createUser(t.db, {
      account: `s_${key}`,
      name: `Sam ${key}`,
      password: PASSWORD,
      departmentId,
      roleCodes: [role],
    });
    tokens[key] = (await login(t.app, `s_${key}`, PASSWORD)).accessToken;
  }
  tokens['admin'] = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
  telegram = await connectSandboxAccount(t.app, tokens['lead'], 'telegram', dept.news);
  mastodon = await connectSandboxAccount(t.app, tokens['lead'], 'mastodon', dept.news);
  intlPage = await connectSandboxAccount(t.app, tokens['intl'], 'facebook', dept.intl, 1);

  evening = await scheduled('lead', 'Evening brief', mastodon, '2026-06-03T18:30:00Z');
  morning = await scheduled('writer', 'Morning brief', telegram, '2026-06-02T09:00:00+02:00');
  intlDispatch = await scheduled('intl', 'Intl dispatch', intlPage, '2026-06-02T10:00:00Z', dept.intl);
  await scheduled('lead', 'Autumn plan', telegram, '2026-09-01T08:00:00Z');
  const cancelled = await scheduled('lead', 'Dropped story', telegram, '2026-06-04T08:00:00Z');
  expect((await post('/content/publish/withdrawal', 'lead', { id: cancelled.id })).status).toBe(200);
}, 120_000);
afterAll(() => t.close());

describe('the schedule list', () => {
  it('answers what has not gone out in the window, earliest first, as much as the calendar draws', async () => {
    const answer = await schedule('lead');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(titles(answer)).toEqual(['Morning brief', 'Evening brief']);
    expect(answer.body.data.truncated).toBe(false);
    const [first] = answer.body.data.items;
    expect(first).toMatchObject({
      id: morning.id,
      status: 'scheduled',
      scheduledAt: '2026-06-02T07:00:00.000Z',
      account: { id: telegram.id, platform: 'telegram' },
      error: null,
    });
    // The text and the people come with the detail, when the drawer opens.
    expect(Object.keys(first ?? {}).sort()).toEqual(
      ['account', 'error', 'id', 'parentId', 'scheduledAt', 'status', 'title'].sort(),
    );
  });

  it('keeps to the data scope: a department never sees another one’s, an administrator sees all', async () => {
    expect(titles(await schedule('writer'))).toEqual(['Morning brief', 'Evening brief']);
    expect(titles(await schedule('intl'))).toEqual(['Intl dispatch']);
    expect(titles(await schedule('admin'))).toEqual(['Morning brief', 'Intl dispatch', 'Evening brief']);
    // Filtering by another department's account or department finds nothing, rather than its posts.
    expect(titles(await schedule('lead', { accountId: String(intlPage.id) }))).toEqual([]);
    expect(titles(await schedule('lead', { departmentId: String(dept.intl) }))).toEqual([]);
  });

  it('takes the window as from inclusive, to exclusive', async () => {
    const at = { from: '2026-06-02T07:00:00Z', to: '2026-06-03T18:30:00Z' };
    expect(titles(await schedule('lead', at))).toEqual(['Morning brief']);
    expect(
      titles(await schedule('lead', { from: '2026-06-02T07:00:01Z', to: '2026-06-03T18:30:01Z' })),
    ).toEqual(['Evening brief']);
    expect(
      titles(await schedule('lead', { from: '2026-08-15T00:00:00Z', to: '2026-09-15T00:00:00Z' })),
    ).toEqual(['Autumn plan']);
  });

  it('filters by platform, account, status and keyword (title or text)', async () => {
    expect(titles(await schedule('admin', { platform: 'mastodon' }))).toEqual(['Evening brief']);
    expect(titles(await schedule('admin', { accountId: String(telegram.id) }))).toEqual(['Morning brief']);
    expect(titles(await schedule('admin', { keyword: 'EVENING' }))).toEqual(['Evening brief']);
    expect(titles(await schedule('admin', { keyword: 'dispatch text' }))).toEqual(['Intl dispatch']);
    expect(titles(await schedule('admin', { keyword: '%' }))).toEqual([]);
    await t.db.update(publications).set({ status: 'held' }).where(eq(publications.id, evening.id));
    try {
      expect(titles(await schedule('admin', { status: 'held' }))).toEqual(['Evening brief']);
      expect(titles(await schedule('admin', { status: 'scheduled' }))).toEqual([
        'Morning brief',
        'Intl dispatch',
      ]);
    } finally {
      await t.db.update(publications).set({ status: 'scheduled' }).where(eq(publications.id, evening.id));
    }
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ to: '2026-08-03T00:00:00Z' }, 'to'], // 63 days
      [{ from: '2026-07-01T00:00:00Z', to: '2026-06-01T00:00:00Z' }, 'to'],
      [{ from: 'yesterday' }, 'from'],
      [{ to: '2026-06-30' }, 'to'],
      [{ platform: 'myspace' }, 'platform'],
      [{ status: 'published' }, 'status'],
      [{ accountId: 'x' }, 'accountId'],
      [{ keyword: 'k'.repeat(101) }, 'keyword'],
    ];
    for (const [query, name] of cases) {
      const answer = await schedule('lead', query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      // A 'from' that is no time leaves no window either: 'to' may be named beside it.
      expect(fields(answer)[0], JSON.stringify(query)).toBe(name);
    }
    const missing = await get<ScheduleList>('/content/publish/scheduleList', 'lead', { to: WINDOW.to });
    expect([missing.status, fields(missing)]).toEqual([400, ['from']]);
    // Exactly 62 days is allowed.
    expect((await schedule('lead', { to: '2026-08-02T00:00:00Z' })).status).toBe(200);
  });

  it(`stops at ${SCHEDULE_ITEMS_MAX} and says there were more`, async () => {
    const [parent] = await t.db
      .insert(publications)
      .values({
        contentId: morning.contentId,
        departmentId: dept.news,
        authorId: userIds['lead'] as number,
        status: 'group',
        title: 'Bulk',
      })
      .returning({ id: publications.id });
    const start = Date.parse('2027-01-01T00:00:00Z');
    await t.db.insert(publications).values(
      Array.from({ length: SCHEDULE_ITEMS_MAX + 1 }, (_, i) => ({
        parentId: parent?.id ?? 0,
        contentId: morning.contentId,
        departmentId: dept.news,
        authorId: userIds['lead'] as number,
        accountId: telegram.id,
        platform: 'telegram',
        status: 'scheduled',
        title: `Bulk ${i}`,
        scheduledAt: new Date(start + i * 1000),
      })),
    );
    const answer = await schedule('lead', { from: '2027-01-01T00:00:00Z', to: '2027-01-02T00:00:00Z' });
    expect(answer.body.data.items).toHaveLength(SCHEDULE_ITEMS_MAX);
    expect(answer.body.data.truncated).toBe(true);
    expect(answer.body.data.items[0]?.title).toBe('Bulk 0');
    const all = await schedule('lead', { from: '2027-01-01T00:00:00Z', to: '2027-01-01T00:33:20Z' });
    expect([all.body.data.items.length, all.body.data.truncated]).toEqual([2000, false]);
  });

  it('shows a move made with POST /content/publish/update at once', async () => {
    const moved = await post<Publication>('/content/publish/update', 'lead', {
      id: morning.id,
      scheduledAt: '2026-06-05T12:00:00Z',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(titles(await schedule('lead'))).toEqual(['Evening brief', 'Morning brief']);
    const past = await post('/content/publish/update', 'lead', {
      id: morning.id,
      scheduledAt: '2026-05-01T12:00:00Z',
    });
    expect([past.status, fields(past as Answer<unknown>)]).toEqual([400, ['scheduledAt']]);
  });
});

describe('the calendar address', () => {
  const link = (who: string) => get<CalendarLink>('/content/publish/calendarLink', who);
  const renew = (who: string) => post<CalendarLink>('/content/publish/calendarLink/renew', who, {});
  const revoke = (who: string) => post<CalendarLink>('/content/publish/calendarLink/revoke', who, {});

  it('is made on request, shown once (only its hash is kept), and audited', async () => {
    expect((await link('lead')).body.data).toEqual({ url: null, createdAt: null });
    const made = await renew('lead');
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const url = new URL(made.body.data.url ?? '');
    expect(url.origin).toBe('http://localhost');
    expect(url.pathname).toBe('/prod-api/content/publish/calendarFeed');
    const token = url.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.body.data.createdAt).toBe(clock.now().toISOString());
    expect((await link('lead')).body.data).toEqual({ url: null, createdAt: clock.now().toISOString() });
    const [row] = await t.db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, userIds['lead'] as number));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, CALENDAR_LINK_ACTIONS.renew),
          eq(auditLog.actorId, userIds['lead'] as number),
        ),
      );
    expect(audited).toHaveLength(1);
    expect(JSON.stringify(audited)).not.toContain(token);
  });

  it('takes PUBLIC_URL as the origin when it is set', async () => {
    const other = await createTestApp({
      clock,
      config: {
        channels: {
          sandbox: true,
          redirectUri: 'https://console.example.com/authOpen',
          credentials: {},
          hosts: {},
        },
      },
    });
    try {
      const admin = (await login(other.app, 'admin', ADMIN_PASSWORD)).accessToken;
      const made = await call(other.app, 'POST', '/content/publish/calendarLink/renew', {
        token: admin,
        body: {},
      });
      expect((made.body.data as CalendarLink).url).toMatch(
        /^https:\/\/console\.example\.com\/prod-api\/content\/publish\/calendarFeed\?token=[A-Za-z0-9_-]{43}$/,
      );
    } finally {
      await other.close();
    }
  });

  it('opens a text/calendar feed of what the owner’s page shows: one event each, in UTC, 5 minutes', async () => {
    const url = (await renew('lead')).body.data.url;
    const answer = await feed(url);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const list = events(answer.text);
    expect(list.map((event) => field(event, 'SUMMARY'))).toEqual([
      'Evening brief · Mastodon · ' + mastodon.name,
      'Morning brief · Telegram · ' + telegram.name,
      'Autumn plan · Telegram · ' + telegram.name,
      // The bulk rows of 2027 come after, up to the limit.
      ...Array.from({ length: list.length - 3 }, (_, i) => `Bulk ${i} · Telegram · ${telegram.name}`),
    ]);
    const [first] = list;
    expect(field(first ?? '', 'UID')).toBe(`publication-${evening.id}@localhost`);
    expect(field(first ?? '', 'DTSTART')).toBe('20260603T183000Z');
    expect(field(first ?? '', 'DTEND')).toBe('20260603T183500Z');
    const description = field(first ?? '', 'DESCRIPTION') ?? '';
    expect(description).toContain('Evening brief text');
    expect(description).toContain(
      `http://localhost/api/content/publish/pubHistory?oppId=${evening.id}&queryType=1`,
    );
    // Another department's publication is not in it.
    expect(answer.text).not.toContain('Intl dispatch');
    expect(answer.text).not.toContain('Dropped story');
  });

  it('keeps each publication’s UID when it moves, so calendars move the event', async () => {
    const url = (await renew('intl')).body.data.url;
    const before = events((await feed(url)).text);
    expect(before.map((e) => field(e, 'UID'))).toEqual([`publication-${intlDispatch.id}@localhost`]);
    expect(
      (
        await post('/content/publish/update', 'intl', {
          id: intlDispatch.id,
          scheduledAt: '2026-06-06T06:00:00Z',
        })
      ).status,
    ).toBe(200);
    const after = events((await feed(url)).text);
    expect(after.map((e) => [field(e, 'UID'), field(e, 'DTSTART')])).toEqual([
      [`publication-${intlDispatch.id}@localhost`, '20260606T060000Z'],
    ]);
    // Department A's feed never shows department B's.
    expect(after.join('')).not.toContain('brief');
  });

  it('answers 429 with the wait to a calendar fetching faster than once in 10 s', async () => {
    const url = (await renew('writer')).body.data.url;
    expect((await feed(url)).status).toBe(200);
    const fast = await feed(url, { wait: false });
    expect(fast.status).toBe(429);
    expect(fast.headers['retry-after']).toBe('10');
    clock.advance(FEED_MIN_INTERVAL_MS - 1);
    expect((await feed(url, { wait: false })).status).toBe(429);
    clock.advance(1);
    expect((await feed(url, { wait: false })).status).toBe(200);
  });

  it('stops the old address on renewal and every address on revocation (404, as an unknown one)', async () => {
    const first = (await renew('writer')).body.data.url;
    const second = (await renew('writer')).body.data.url;
    expect(second).not.toBe(first);
    expect((await feed(first)).status).toBe(404);
    expect((await feed(second)).status).toBe(200);
    const revoked = await revoke('writer');
    expect(revoked.body.data).toEqual({ url: null, createdAt: null });
    expect((await link('writer')).body.data).toEqual({ url: null, createdAt: null });
    const gone = await feed(second);
    expect([gone.status, JSON.parse(gone.text).code]).toEqual([404, 404]);
    expect((await feed(null)).status).toBe(404);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, CALENDAR_LINK_ACTIONS.revoke),
          eq(auditLog.actorId, userIds['writer'] as number),
        ),
      );
    expect(audited).toHaveLength(1);
    // Revoking again changes nothing and is not an error.
    expect((await revoke('writer')).status).toBe(200);
  });

  it('refuses a malformed token with 400 naming it', async () => {
    for (const token of [
      'short',
      'a'.repeat(201),
      'has spaces and more than twenty',
      'ünïcödé-ünïcödé-ünïcödé',
    ]) {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/prod-api/content/publish/calendarFeed',
        query: { token },
      });
      expect([answer.statusCode, answer.json().data.errors.map((e: { field: string }) => e.field)]).toEqual([
        400,
        ['token'],
      ]);
    }
    const none = await t.app.inject({ method: 'GET', url: '/prod-api/content/publish/calendarFeed' });
    expect(none.statusCode).toBe(400);
  });

  it('of two renewals at once, leaves exactly one address working, without a 500', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [a, b] = await Promise.all([renew('lead'), renew('lead')]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const statuses = [(await feed(a.body.data.url)).status, (await feed(b.body.data.url)).status];
      expect(statuses.sort()).toEqual([200, 404]);
    }
    const rows = await t.db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, userIds['lead'] as number));
    expect(rows).toHaveLength(1);
  });

  it('lets one of several fetches at once through, the others 429', async () => {
    const url = (await renew('lead')).body.data.url;
    clock.advance(FEED_MIN_INTERVAL_MS);
    const answers = await Promise.all(Array.from({ length: 6 }, () => feed(url, { wait: false })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429, 429, 429, 429, 429]);
  });

  it('answers 404 once its owner is disabled or loses the scheduled page, and again when they are back', async () => {
    const url = (await renew('writer')).body.data.url;
    expect((await feed(url)).status).toBe(200);
    const status = (value: string) =>
      post('/control/user/status', 'admin', { id: userIds['writer'], status: value });
    expect((await status('disabled')).status).toBe(200);
    expect((await feed(url)).status).toBe(404);
    expect((await status('active')).status).toBe(200);
    expect((await feed(url)).status).toBe(200);

    // A role with the publish list but not the scheduled page.
    const menus = await get<{ items: { id: number; name: string }[] }>('/control/role/menus', 'admin');
    const idOf = (name: string) => menus.body.data.items.find((m) => m.name === name)?.id as number;
    const role = await get<{ id: number }>('/control/user/userrole/add', 'admin', {
      code: 'planner',
      name: 'Planner',
      dataScope: 'own',
      menuIds: [idOf('publishing'), idOf('publishList'), idOf('scheduledPublishing')].join(','),
    });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    userIds['planner'] = await createUser(t.db, {
      account: 's_planner',
      name: 'Sam planner',
      password: PASSWORD,
      departmentId: dept.news,
      roleCodes: ['planner'],
    });
    tokens['planner'] = (await login(t.app, 's_planner', PASSWORD)).accessToken;
    const planned = (await renew('planner')).body.data.url;
    expect(events((await feed(planned)).text).length).toBeGreaterThan(0);
    const update = await post('/control/role/update', 'admin', {
      id: role.body.data.id,
      name: 'Planner',
      dataScope: 'own',
      menuIds: [idOf('publishing'), idOf('publishList')],
    });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    expect((await feed(planned)).status).toBe(404);
    expect((await get('/content/publish/scheduleList', 'planner', WINDOW)).status).toBe(403);
  });

  it('needs a session and the permission for the address calls', async () => {
    for (const [method, path] of [
      ['GET', '/content/publish/calendarLink'],
      ['POST', '/content/publish/calendarLink/renew'],
      ['POST', '/content/publish/calendarLink/revoke'],
      ['GET', '/content/publish/scheduleList'],
    ] as const) {
      const anonymous = await call(t.app, method, path, method === 'POST' ? { body: {} } : {});
      expect(anonymous.status, path).toBe(401);
      const denied = await call(t.app, method, path, {
        token: tokens['planner'],
        ...(method === 'POST' ? { body: {} } : { query: WINDOW }),
      });
      expect(denied.status, path).toBe(403);
    }
  });
});
