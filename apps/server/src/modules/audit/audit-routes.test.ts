import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { AUDIT_CSV_COLUMNS, type AuditItem } from '@postdeck/contract/audit';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { ADMIN_PASSWORD, call, createTestApp, login, type TestApp } from '../../test/test-app.ts';
import { rootDepartment } from '../departments/department-repo.ts';
import { createUser } from '../users/user-repo.ts';
import { csvCell } from './audit-csv.ts';
import { EXPORT_BATCH_SIZE } from './audit-repo.ts';

const PASSWORD = 'Secr3t!pw';
const clock = manualClock(new Date('2026-05-01T08:00:00Z'));
let t: TestApp;
const tokens: Record<string, string> = {};
let adminId: number;

type Page = { items: AuditItem[]; total: number; page: number; pageSize: number };

const list = async (who: string, query: Record<string, string> = {}) => {
  const res = await call(t.app, 'GET', '/log/audit/list', { token: tokens[who] as string, query });
  return res as { status: number; body: { code: number; msg: string; data: Page } };
};
const targets = async (query: Record<string, string>) =>
  (await list('admin', query)).body.data.items.map((i) => i.target);

const exportCsv = (who: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: '/prod-api/log/audit/export',
    query,
    headers: { authorization: `Bearer ${tokens[who] as string}`, 'user-agent': 'vitest', ...headers },
  });

/** A strict RFC 4180 reader: the test's own, so the writer is checked against the rules. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote < 0) throw new Error('unterminated quoted field');
        field += text.slice(i, quote);
        i = quote + 1;
        if (text[i] === '"') {
          field += '"';
          i++;
        } else break;
      }
    } else {
      const end = text.slice(i).search(/[,\r\n"]/);
      field = end < 0 ? text.slice(i) : text.slice(i, i + end);
      if (text[i + field.length] === '"') throw new Error('quote inside an unquoted field');
      i += field.length;
    }
    record.push(field);
    if (text[i] === ',') i++;
    else if (text.startsWith('\r\n', i) || i >= text.length) {
      records.push(record);
      record = [];
      i += 2;
    } else throw new Error(`bare line break or junk at ${i}`);
  }
  return records;
}

/** Fixture rows, oldest first, a minute apart in 2024, all under the 'fx.' actions. */
const FIXTURES = [
  { actorAccount: 'alice', action: 'fx.content.create', target: 'content:1', ip: '10.0.0.1' },
  { actorAccount: 'alice', action: 'fx.content.update', target: 'content:1', ip: '10.0.0.1' },
  { actorAccount: 'Bob', action: 'fx.content.update', target: 'content:12', ip: '10.0.0.2' },
  { actorAccount: 'bobby', action: 'fx.user.update', target: 'user:7', ip: '10.0.0.2' },
  { actorAccount: 'carol_x', action: 'fx.content.delete', target: 'content:12', ip: '10.0.0.3' },
] as const;
const fixtureAt = (i: number) => new Date(Date.UTC(2024, 0, 1, 0, i));

beforeAll(async () => {
  t = await createTestApp({ clock });
  const departmentId = await rootDepartment(t.db);
  await createUser(t.db, {
    account: 'au_viewer',
    name: 'Vic',
    password: PASSWORD,
    departmentId,
    roleCodes: ['viewer'],
  });
  await createUser(t.db, {
    account: 'au_lead',
    name: 'Lee',
    password: PASSWORD,
    departmentId,
    roleCodes: ['dept_admin'],
  });
  tokens['viewer'] = (await login(t.app, 'au_viewer', PASSWORD)).accessToken;
  tokens['lead'] = (await login(t.app, 'au_lead', PASSWORD)).accessToken;
  tokens['admin'] = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
  const [admin] = await t.db
    .select({ id: auditLog.actorId })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'auth.login'), eq(auditLog.actorAccount, 'admin')));
  adminId = admin?.id as number;
  await t.db.insert(auditLog).values(
    FIXTURES.map((row, i) => ({
      ...row,
      actorId: i === 0 ? adminId : null,
      detail: { step: i, nested: { list: [1, 'two'] } },
      userAgent: `agent ${i}`,
      at: fixtureAt(i),
    })),
  );
});
afterAll(() => t.close());

describe('permission', () => {
  it('refuses the list and the export without log:audit', async () => {
    const res = await list('viewer');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(403);
    const csv = await exportCsv('viewer');
    expect(csv.statusCode).toBe(403);
    expect(csv.json()).toMatchObject({ code: 403, data: null });
  });

  it('asks for a session first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/prod-api/log/audit/export' });
    expect(res.statusCode).toBe(401);
  });

  it('lets department administrators in, as the seeded roles grant', async () => {
    expect((await list('lead')).status).toBe(200);
  });

  it('shows a department administrator only what people of their departments did', async () => {
    const all = (await list('admin', { action: 'fx.', pageSize: '100' })).body.data.items;
    const scoped = (await list('lead', { action: 'fx.', pageSize: '100' })).body.data.items;
    expect(all.some((item) => item.actor.id === null)).toBe(true);
    // No user behind the entry (a failed sign-in of an unknown account): outside every department.
    expect(scoped.map((item) => item.id)).toEqual(
      all.filter((item) => item.actor.id !== null).map((item) => item.id),
    );
    const csv = await exportCsv('lead', { action: 'fx.' });
    expect(parseCsv(csv.rawPayload.toString('utf8').slice(1))).toHaveLength(scoped.length + 1);
  });
});

describe('list', () => {
  it('answers entries newest first with the actor, detail and ISO time', async () => {
    const res = await list('admin', { action: 'fx.' });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(5);
    expect(res.body.data.items.map((i) => i.action)).toEqual([
      'fx.content.delete',
      'fx.user.update',
      'fx.content.update',
      'fx.content.update',
      'fx.content.create',
    ]);
    expect(res.body.data.items.at(-1)).toEqual({
      id: expect.any(Number),
      actor: { id: adminId, account: 'alice', name: 'Administrator' },
      action: 'fx.content.create',
      target: 'content:1',
      detail: { step: 0, nested: { list: [1, 'two'] } },
      ip: '10.0.0.1',
      userAgent: 'agent 0',
      at: '2024-01-01T00:00:00.000Z',
    });
    expect(res.body.data.items[0]?.actor).toEqual({ id: null, account: 'carol_x', name: null });
  });

  it('pages with a total and never repeats a row', async () => {
    const first = await list('admin', { action: 'fx.', pageSize: '2' });
    const second = await list('admin', { action: 'fx.', pageSize: '2', page: '2' });
    const third = await list('admin', { action: 'fx.', pageSize: '2', page: '3' });
    const past = await list('admin', { action: 'fx.', pageSize: '2', page: '9' });
    expect(first.body.data).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    const ids = [first, second, third].flatMap((r) => r.body.data.items.map((i) => i.id));
    expect(new Set(ids).size).toBe(5);
    expect(third.body.data.items).toHaveLength(1);
    expect(past.body.data).toMatchObject({ items: [], total: 5, page: 9 });
  });

  it('filters by actor part, exact or prefix action, exact or prefix target, IP and time, all together', async () => {
    expect(await targets({ action: 'fx.', actor: 'BOB' })).toEqual(['user:7', 'content:12']);
    // LIKE wildcards are matched literally.
    expect(await targets({ action: 'fx.', actor: '_' })).toEqual(['content:12']);
    expect(await targets({ action: 'fx.content.update' })).toEqual(['content:12', 'content:1']);
    expect(await targets({ action: 'fx.content' })).toEqual([]);
    expect(await targets({ action: 'fx.content.' })).toHaveLength(4);
    expect(await targets({ action: 'fx.', target: 'content:1' })).toEqual(['content:1', 'content:1']);
    expect(await targets({ action: 'fx.', target: 'user:' })).toEqual(['user:7']);
    expect(await targets({ action: 'fx.', ip: '10.0.0.2' })).toEqual(['user:7', 'content:12']);
    const time = `${fixtureAt(1).toISOString()},${fixtureAt(3).toISOString()}`;
    expect(await targets({ action: 'fx.', time })).toEqual(['user:7', 'content:12', 'content:1']);
    expect(
      await targets({ action: 'fx.content.', actor: 'b', ip: '10.0.0.2', target: 'content:12', time }),
    ).toEqual(['content:12']);
  });

  it('sees the real log: sign-ins are there', async () => {
    const res = await list('admin', { action: 'auth.login', actor: 'au_' });
    expect(res.body.data.items.map((i) => i.actor.account).sort()).toEqual(['au_lead', 'au_viewer']);
    expect(res.body.data.items[0]?.at).toBe('2026-05-01T08:00:00.000Z');
  });

  it('refuses a malformed time range or an oversize page, naming the field', async () => {
    const bad = await list('admin', { time: '2026-01-02T00:00:00Z,2026-01-01T00:00:00Z' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('"field":"time"');
    expect((await list('admin', { pageSize: '100000' })).status).toBe(400);
  });
});

describe('CSV cells', () => {
  it('quotes per RFC 4180 and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@']) expect(csvCell(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe('"\'\rx"');
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('CSV export', () => {
  it('streams a file with BOM, header, quoting, formula guard and CJK intact', async () => {
    await t.db.insert(auditLog).values({
      actorAccount: '@sum',
      action: 'csv.case',
      target: 'a,b "c"\nd',
      detail: { note: '你好，世界', quote: 'x"y' },
      ip: '-1',
      userAgent: '=HYPERLINK("http://evil")',
      at: new Date('2025-03-01T00:00:00Z'),
    });
    const res = await exportCsv('admin', { action: 'csv.case' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFFid,time,actor_id,')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, row, ...rest] = parseCsv(text.slice(1));
    expect(header).toEqual([...AUDIT_CSV_COLUMNS]);
    expect(rest).toEqual([]);
    expect(row).toEqual([
      expect.stringMatching(/^\d+$/),
      '2025-03-01T00:00:00.000Z',
      '',
      "'@sum",
      '',
      'csv.case',
      'a,b "c"\nd',
      "'-1",
      '\'=HYPERLINK("http://evil")',
      '{"note":"你好，世界","quote":"x\\"y"}',
    ]);
    expect(text).toContain('"a,b ""c""\nd"');
  });

  it('streams the same file compressed to a client that accepts it', async () => {
    const plain = await exportCsv('admin', { action: 'csv.case' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.toString('utf8')).toContain('csv.case');
    const cases = [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const;
    for (const [accepted, encoding, decode] of cases) {
      const res = await exportCsv('admin', { action: 'csv.case' }, { 'accept-encoding': accepted });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(decode(res.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
  });

  it('writes its own audit entry with the filters', async () => {
    const res = await exportCsv('admin', {
      actor: 'alice',
      time: '2024-01-01T00:00:00Z,2024-02-01T00:00:00Z',
    });
    expect(res.statusCode).toBe(200);
    expect(parseCsv(res.rawPayload.toString('utf8').slice(1))).toHaveLength(3);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'audit.export'), eq(auditLog.actorAccount, 'admin')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      target: 'audit_log',
      detail: { filters: { actor: 'alice', time: '2024-01-01T00:00:00Z,2024-02-01T00:00:00Z' } },
      userAgent: 'vitest',
      at: clock.now(),
    });
  });

  it('refuses bad filters with the JSON error, before anything is written', async () => {
    const res = await exportCsv('admin', { time: 'yesterday' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, data: { errors: [{ field: 'time' }] } });
  });

  it('delivers more than a batch complete and in order, ties and microseconds included', async () => {
    const rows = 2500;
    expect(rows).toBeGreaterThan(2 * EXPORT_BATCH_SIZE);
    // Seven rows share each time, 3 µs apart: ~330 times to a millisecond, so batch edges fall
    // inside ties and inside one JavaScript millisecond.
    await t.db.execute(sql`
      insert into audit_log (actor_account, action, target, detail, ip, user_agent, at)
      select 'bulk', 'bulk.row', 'row:' || g, jsonb_build_object('n', g), '10.9.9.9', 'ua',
             timestamptz '2025-06-01T00:00:00Z' + (g / 7) * interval '3 microseconds'
      from generate_series(1, ${rows}) as g`);
    const res = await exportCsv('admin', { action: 'bulk.row' });
    expect(res.statusCode).toBe(200);
    const [header, ...records] = parseCsv(res.rawPayload.toString('utf8').slice(1));
    expect(header?.[0]).toBe('id');
    expect(records).toHaveLength(rows);
    const expected = Array.from({ length: rows }, (_, i) => `row:${rows - i}`);
    expect(records.map((r) => r[6])).toEqual(expected);
    const ids = records.map((r) => Number(r[0]));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('is listed in the OpenAPI document beside the list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/prod-api/docs/json' });
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/log/audit/list', '/log/audit/export']),
    );
  });
});
