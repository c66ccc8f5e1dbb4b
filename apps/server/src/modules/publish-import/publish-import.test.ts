import { mkdtemp, rm } from 'node:fs/promises';
import { type Server, createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { ERRORS } from '@postdeck/contract/errors';
import { VALIDATION_MESSAGES } from '@postdeck/contract/messages';
import {
  PUBLISH_IMPORT_COLUMNS,
  PUBLISH_IMPORT_MAX_ROWS,
  type PublishImportPreview,
} from '@postdeck/contract/publish-import';
import { parse } from 'csv-parse/sync';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  channelAccounts,
  contents,
  materials,
  publications,
  publishImports,
} from '../../db/schema.ts';
import { manualClock } from '../../lib/clock.ts';
import { departmentTree } from '../../test/fixtures.ts';
import { ADMIN_PASSWORD, type TestApp, call, createTestApp, login } from '../../test/test-app.ts';
import { image, materialsConfig } from '../materials/test-support.ts';
import { createUser } from '../users/user-repo.ts';
import { zipUnpacksWithin } from './zip-guard.ts';

/**
 * Bulk scheduling (issue 21): the template read back, a file's rows checked as the composer
 * checks a publish action (each problem naming its row and column), nothing made until the
 * preview's owner confirms, then every row or none, once however many confirmations race.
 */
const PASSWORD = 'Secr3t!pw';
const clock = manualClock(new Date('2026-06-01T08:00:00Z'));
let t: TestApp;
let dept: Awaited<ReturnType<typeof departmentTree>>;
const tokens: Record<string, string> = {};
const acc = { wire: 0, night: 0, twin1: 0, twin2: 0, released: 0, x: 0, intl: 0 };
const media = { news: 0, intl: 0 };

type Answer<T> = { status: number; body: { code: number; msg: string; data: T } };
const post = <T>(who: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(t.app, 'POST', path, { token: tokens[who], body, headers }) as Promise<Answer<T>>;
const preview = (who: string, file: Buffer | string, format: 'csv' | 'xlsx' = 'csv', lang = 'en') =>
  post<PublishImportPreview>(
    who,
    '/content/publish/import/preview',
    { fileName: `posts.${format}`, format, data: Buffer.from(file).toString('base64') },
    { 'accept-language': lang },
  );
const confirm = (who: string, importId: string) =>
  post<{ parentIds: number[] }>(who, '/content/publish/import/confirm', { importId });
const template = (who: string, format: 'csv' | 'xlsx', lang = 'en') =>
  t.app.inject({
    method: 'GET',
    url: '/prod-api/content/publish/import/template',
    query: { format },
    headers: { authorization: `Bearer ${tokens[who]}`, 'accept-language': lang },
  });

/** A CSV of the template's columns from rows of cells in that order. */
const csv = (rows: string[][]) =>
  [PUBLISH_IMPORT_COLUMNS, ...rows]
    .map((cells) => cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(','))
    .join('\r\n');

const tomorrow = (time = '09:00') =>
  `${new Date(clock.now().getTime() + 86_400_000).toISOString().slice(0, 10)} ${time}`;

const problemsOf = (answer: Answer<PublishImportPreview>, row: number) =>
  answer.body.data.rows.find((r) => r.row === row)?.problems.map((p) => p.field) ?? [];

const counts = async () => ({
  publications: await t.db.$count(publications),
  contents: await t.db.$count(contents),
});

async function account(name: string, departmentId: number, platform = 'telegram', status = 'active') {
  const [row] = await t.db
    .insert(channelAccounts)
    .values({ platform, externalId: `@${name.replaceAll(' ', '')}${platform}`, name, departmentId, status })
    .returning({ id: channelAccounts.id });
  if (!row) throw new Error('no account');
  return row.id;
}

async function material(departmentId: number, uploaderId: number, name: string) {
  const [row] = await t.db
    .insert(materials)
    .values({
      departmentId,
      uploaderId,
      kind: 'image',
      name,
      mime: 'image/png',
      bytes: 1000,
      sha256: `import-${name}`,
      storageKey: `materials/import/${name}`,
      status: 'ready',
      width: 800,
      height: 600,
    })
    .returning({ id: materials.id });
  if (!row) throw new Error('no material');
  return row.id;
}

/** A ZIP of stored-as-deflated entries, written by hand (for the zip-bomb guard). */
function zipOf(entries: Record<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(entries)) {
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    // The declared size lies, as a zip bomb's does.
    local.writeUInt32LE(1000, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(1000, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A web site on loopback serving a picture, let through the address policy for this test. */
let site: Server;
let siteOrigin = '';
let filesRoot = '';

beforeAll(async () => {
  const picture = await image(40, 30);
  site = createServer((request, response) => {
    if (request.url === '/sunset.png') response.writeHead(200, { 'content-type': 'image/png' }).end(picture);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
  filesRoot = await mkdtemp(join(tmpdir(), 'postdeck-import-'));
  t = await createTestApp({
    clock,
    config: { materials: materialsConfig(filesRoot), fetchAllowPrivate: new URL(siteOrigin).host },
  });
  dept = await departmentTree(t.db);
  const people: [string, number, string][] = [
    ['lead', dept.news, 'dept_admin'],
    ['writer', dept.news, 'editor'],
    ['intl', dept.intl, 'dept_admin'],
  ];
  const userIds: Record<string, number> = {};
  for (const [key, departmentId, role] of people) {
    userIds[key] = await createUser(t.db, {
      account: `i_${key}`,
      name: `Ivo ${key}`,
      password: PASSWORD,
      departmentId,
      roleCodes: [role],
    });
    tokens[key] = (await login(t.app, `i_${key}`, PASSWORD)).accessToken;
  }
  tokens['admin'] = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
  acc.wire = await account('News wire', dept.news);
  acc.night = await account('News night', dept.news);
  acc.twin1 = await account('Twin', dept.news);
  acc.twin2 = await account('Twin', dept.news, 'mastodon');
  acc.released = await account('Old feed', dept.news, 'telegram', 'released');
  acc.x = await account('News X', dept.news, 'x');
  acc.intl = await account('Intl desk', dept.intl);
  media.news = await material(dept.news, userIds['lead'] as number, 'news.png');
  media.intl = await material(dept.intl, userIds['intl'] as number, 'intl.png');
}, 60_000);
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => site.close(resolve));
  await rm(filesRoot, { recursive: true, force: true });
});

describe('the template', () => {
  it('is a CSV with the columns and an example row in the caller’s language, which reads back as it is', async () => {
    const res = await template('lead', 'csv', 'ja');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="publish-import-template.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, example] = parse(res.body.replace(/^\uFEFF/, '')) as string[][];
    expect(header).toEqual([...PUBLISH_IMPORT_COLUMNS]);
    expect(example?.[0]).toMatch(/^例/);
    expect(example?.slice(2, 5)).toEqual(['News wire', tomorrow(), 'UTC']);

    const read = await preview('lead', res.rawPayload, 'csv');
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data.valid).toBe(true);
    expect(read.body.data.rows).toMatchObject([
      {
        row: 2,
        accounts: [{ id: acc.wire, name: 'News wire', platform: 'telegram' }],
        scheduledAt: `${tomorrow('09:00').replace(' ', 'T')}:00.000Z`,
        timeZone: 'UTC',
        problems: [],
      },
    ]);
  });

  it('is an XLSX with its help sheet, which reads back as it is', async () => {
    const res = await template('writer', 'xlsx', 'es');
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const [posts, help] = workbook.worksheets;
    expect(posts?.getRow(1).values).toEqual([undefined, ...PUBLISH_IMPORT_COLUMNS]);
    expect(String(posts?.getRow(2).getCell(1).value)).toMatch(/^Ejemplo/);
    expect(help?.name).toBe('Cómo rellenarla');
    expect(help?.rowCount).toBe(PUBLISH_IMPORT_COLUMNS.length + 1);
    const read = await preview('writer', res.rawPayload, 'xlsx');
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data.valid).toBe(true);
  });
});

describe('the preview', () => {
  it('names the row and column of each problem, in the caller’s language, and schedules nothing', async () => {
    const before = await counts();
    const file = csv([
      ['Fine one', 'Text', 'News wire', tomorrow(), 'Europe/Madrid', ''],
      ['', 'Text', `News wire; nobody; ${acc.intl}; news wire`, '2026-05-01 10:00', 'UTC', ''],
      ['Zone', 'Text', 'Twin', 'soon', 'Mars/Base', `${media.intl}; ftp://example.com/a.png`],
      ['Released', '', `Old feed;${acc.x}`, tomorrow(), '', `${media.news};http://127.0.0.1/a.png`],
      ['Too long for X', 'x'.repeat(300), String(acc.x), tomorrow(), 'UTC', ''],
      ['Fine two', 'Text', String(acc.night), tomorrow(), 'asia/tokyo', String(media.news)],
    ]);
    const res = await preview('lead', file, 'csv', 'zh');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { data } = res.body;
    expect(data.valid).toBe(false);
    expect(data.rows.map((row) => row.row)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(problemsOf(res, 2)).toEqual([]);
    expect(problemsOf(res, 3)).toEqual(['title', 'accounts.2', 'accounts.3', 'accounts.4', 'time']);
    expect(problemsOf(res, 4)).toEqual(['timeZone', 'time', 'accounts.1', 'media.1', 'media.2']);
    expect(problemsOf(res, 5)).toEqual(['media.2', 'accounts.1']);
    expect(problemsOf(res, 6)).toEqual(['accounts.1.text']);
    expect(problemsOf(res, 7)).toEqual([]);
    const row3 = data.rows[1]?.problems ?? [];
    expect(row3[0]?.message).toBe(VALIDATION_MESSAGES.zh['validation.required']);
    expect(row3.find((p) => p.field === 'accounts.2')?.message).toBe(
      VALIDATION_MESSAGES.zh['validation.unknownReference'],
    );
    expect(row3.find((p) => p.field === 'accounts.4')?.message).toBe(
      VALIDATION_MESSAGES.zh['validation.duplicate'],
    );
    expect(row3.find((p) => p.field === 'time')?.message).toBe(ERRORS.publishInPast.msg.zh);
    // Two accounts are called Twin: their ids are offered.
    expect(data.rows[2]?.problems[2]?.message).toContain(`${acc.twin1}, ${acc.twin2}`);
    expect(data.rows[3]?.problems.map((p) => p.message)).toEqual([
      ERRORS.urlRefused.msg.zh,
      ERRORS.publishAccountUnavailable.msg.zh,
    ]);
    expect(data.rows[4]?.problems[0]?.message).toContain('300');
    // A local time in its zone, kept in UTC; the zone's name as IANA spells it.
    expect(data.rows[5]).toMatchObject({
      scheduledAt: `${tomorrow('00:00').replace(' ', 'T')}:00.000Z`,
      timeZone: 'Asia/Tokyo',
      mediaIds: [media.news],
      accounts: [{ id: acc.night }],
    });
    expect(data.rows[0]?.scheduledAt).toBe(`${tomorrow('07:00').replace(' ', 'T')}:00.000Z`);

    const refused = await confirm('lead', data.importId);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(ERRORS.publishImportInvalid.code);
    expect(await counts()).toEqual(before);
  });

  it('reads a semicolon-separated CSV and an XLSX date cell in the row’s zone', async () => {
    const semicolons = [
      'title;text;accounts;time;timeZone;media',
      `Semi;Hi;"News wire;News night";${tomorrow()};UTC;`,
    ].join('\n');
    const read = await preview('lead', semicolons);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data.rows[0]?.accounts.map((a) => a.id)).toEqual([acc.wire, acc.night]);

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Posts');
    sheet.addRow(['Title', 'ACCOUNTS', 'time', 'timezone', 'Text']);
    sheet.addRow(['Dated', 'News wire', new Date('2026-06-03T18:30:00Z'), 'America/New_York', 'Hello']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const dated = await preview('lead', xlsx, 'xlsx');
    expect(dated.status, JSON.stringify(dated.body)).toBe(200);
    expect(dated.body.data.rows[0]).toMatchObject({ scheduledAt: '2026-06-03T22:30:00.000Z', problems: [] });
  });

  it('refuses a file it cannot use as a whole, naming data', async () => {
    const cases: [Buffer | string, 'csv' | 'xlsx', string][] = [
      ['title,text\r\nA,B', 'csv', 'validation.importColumns'],
      [PUBLISH_IMPORT_COLUMNS.join(','), 'csv', 'validation.importEmpty'],
      [
        csv(
          Array.from({ length: PUBLISH_IMPORT_MAX_ROWS + 1 }, () => [
            'T',
            '',
            'News wire',
            tomorrow(),
            '',
            '',
          ]),
        ),
        'csv',
        'validation.tooMany',
      ],
      [Buffer.from([0x74, 0x69, 0xff, 0xfe, 0x0a]), 'csv', 'validation.importUnreadable'],
      ['not a zip at all', 'xlsx', 'validation.importUnreadable'],
      // 200 MB of zeros packed into a few hundred kilobytes.
      [
        zipOf({ 'xl/worksheets/sheet1.xml': Buffer.alloc(200 * 1024 * 1024) }),
        'xlsx',
        'validation.importUnreadable',
      ],
    ];
    for (const [file, format, key] of cases) {
      const res = await preview('lead', file, format);
      expect(res.status, key).toBe(400);
      const errors = (res.body.data as unknown as { errors: { field: string; message: string }[] }).errors;
      expect(errors[0]?.field).toBe('data');
      expect(errors[0]?.message.replace(/\d+|CSV|XLSX|title, accounts, time|accounts, time/g, ''), key).toBe(
        VALIDATION_MESSAGES.en[key]?.replace(/\{\{\w+\}\}/g, '').replace(/\d+/g, ''),
      );
    }
  });

  it('keeps characters no database stores out of the preview, naming them', async () => {
    const file = csv([['Nul\u0000led', 'Half\u0000 text', 'News wire', tomorrow(), 'Bad\u0000Zone', '']]);
    const res = await preview('lead', file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(problemsOf(res, 2)).toEqual(['title', 'text', 'timeZone']);
    expect(res.body.data.rows[0]).toMatchObject({ title: 'Nulled', timeZone: 'BadZone' });
  });

  it('measures what a zip unpacks to, not what it says', () => {
    expect(zipUnpacksWithin(zipOf({ a: Buffer.alloc(1000) }), 2000)).toBe(true);
    expect(zipUnpacksWithin(zipOf({ a: Buffer.alloc(1000), b: Buffer.alloc(1500) }), 2000)).toBe(false);
    expect(zipUnpacksWithin(Buffer.from('PK nothing'), 2000)).toBe(false);
  });
});

describe('the confirmation', () => {
  it('schedules every row, each a content and its publish action, once, audited', async () => {
    const before = await counts();
    const file = csv([
      [
        'First post',
        'Line one\nLine two\n\nSecond paragraph',
        'News wire;News night',
        tomorrow('10:00'),
        'UTC',
        String(media.news),
      ],
      ['Second post', 'Short', 'News X', tomorrow('11:30'), 'Europe/London', ''],
    ]);
    const read = await preview('lead', file);
    expect(read.body.data.valid, JSON.stringify(read.body.data.rows)).toBe(true);
    const done = await confirm('lead', read.body.data.importId);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const { parentIds } = done.body.data;
    expect(parentIds).toHaveLength(2);
    expect(await counts()).toEqual({
      publications: before.publications + 2 + 3,
      contents: before.contents + 2,
    });
    const children = await t.db
      .select()
      .from(publications)
      .where(inArray(publications.parentId, parentIds))
      .orderBy(publications.id);
    expect(
      children.map((c) => [c.parentId, c.accountId, c.status, c.scheduledAt?.toISOString(), c.text]),
    ).toEqual([
      [
        parentIds[0],
        acc.wire,
        'scheduled',
        `${tomorrow('10:00').replace(' ', 'T')}:00.000Z`,
        'Line one\nLine two\n\nSecond paragraph',
      ],
      [
        parentIds[0],
        acc.night,
        'scheduled',
        `${tomorrow('10:00').replace(' ', 'T')}:00.000Z`,
        'Line one\nLine two\n\nSecond paragraph',
      ],
      [parentIds[1], acc.x, 'scheduled', `${tomorrow('10:30').replace(' ', 'T')}:00.000Z`, 'Short'],
    ]);
    expect(children[0]?.mediaIds).toEqual([media.news]);
    const [content] = await t.db
      .select()
      .from(contents)
      .where(eq(contents.id, children[0]?.contentId ?? 0));
    expect(content).toMatchObject({
      title: 'First post',
      bodyText: 'Line one\nLine two\n\nSecond paragraph',
      departmentId: dept.news,
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'publish.import'),
          eq(auditLog.target, `publish_import:${read.body.data.importId}`),
        ),
      );
    expect(entry?.detail).toMatchObject({ rows: 2, parentIds, fileName: 'posts.csv' });

    const again = await confirm('lead', read.body.data.importId);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(ERRORS.publishImportExpired.code);
    expect(await t.db.$count(publications, inArray(publications.parentId, parentIds))).toBe(3);
  });

  it('files an image named by its address into the library (as picUrl does) and publishes it', async () => {
    const read = await preview(
      'lead',
      csv([['Pictured', 'Look', 'News wire', tomorrow(), 'UTC', `${siteOrigin}/sunset.png`]]),
    );
    expect(read.body.data.valid, JSON.stringify(read.body.data.rows)).toBe(true);
    const [filed] = read.body.data.rows[0]?.mediaIds ?? [];
    const [stored] = await t.db
      .select()
      .from(materials)
      .where(eq(materials.id, filed ?? 0));
    expect(stored).toMatchObject({ name: 'sunset.png', kind: 'image', departmentId: dept.news });
    const done = await confirm('lead', read.body.data.importId);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const [child] = await t.db
      .select()
      .from(publications)
      .where(inArray(publications.parentId, done.body.data.parentIds));
    expect(child).toMatchObject({ mediaIds: [filed], mediaType: 'image' });
  });

  it('schedules once when confirmations arrive together (on PostgreSQL, truly at once)', async () => {
    for (let round = 0; round < 3; round++) {
      const read = await preview(
        'lead',
        csv([[`Raced ${round}`, 'Text', 'News wire', tomorrow(), 'UTC', '']]),
      );
      const before = await counts();
      const answers = await Promise.all([1, 2, 3].map(() => confirm('lead', read.body.data.importId)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      expect(await counts()).toEqual({
        publications: before.publications + 2,
        contents: before.contents + 1,
      });
    }
  });

  it('is the preview owner’s only: another user’s, or no such id, is 404', async () => {
    const read = await preview('lead', csv([['Mine', 'Text', 'News wire', tomorrow(), 'UTC', '']]));
    for (const [who, id] of [
      ['writer', read.body.data.importId],
      ['admin', read.body.data.importId],
      ['lead', '00000000-0000-4000-8000-000000000000'],
      ['lead', 'not-a-uuid'],
    ] as const) {
      const res = await confirm(who, id);
      expect(res.status, `${who} ${id}`).toBe(404);
    }
    const [stored] = await t.db
      .select()
      .from(publishImports)
      .where(eq(publishImports.id, read.body.data.importId));
    expect(stored?.confirmedAt).toBeNull();
  });

  it('refuses an expired preview with 409', async () => {
    const read = await preview('lead', csv([['Late', 'Text', 'News wire', tomorrow(), 'UTC', '']]));
    expect(read.body.data.expiresAt).toBe(new Date(clock.now().getTime() + 30 * 60_000).toISOString());
    clock.advance(30 * 60_000);
    // The access token has expired with the clock: sign in again.
    tokens['lead'] = (await login(t.app, 'i_lead', PASSWORD)).accessToken;
    const res = await confirm('lead', read.body.data.importId);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(ERRORS.publishImportExpired.code);
  });

  it('checks every row again: an account released since the preview stops all of them', async () => {
    const night = await account('Night shift', dept.news);
    const read = await preview(
      'lead',
      csv([
        ['Still fine', 'Text', 'News wire', tomorrow(), 'UTC', ''],
        ['Goes away', 'Text', `News wire;${night}`, tomorrow(), 'UTC', ''],
      ]),
    );
    expect(read.body.data.valid).toBe(true);
    await t.db.update(channelAccounts).set({ status: 'released' }).where(eq(channelAccounts.id, night));
    const before = await counts();
    const res = await confirm('lead', read.body.data.importId);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ERRORS.publishImportInvalid.code);
    const errors = (res.body.data as unknown as { errors: { field: string }[] }).errors;
    expect(errors.map((e) => e.field)).toEqual(['row.3.accounts.2']);
    expect(await counts()).toEqual(before);
    const [stored] = await t.db
      .select()
      .from(publishImports)
      .where(and(eq(publishImports.id, read.body.data.importId), isNotNull(publishImports.confirmedAt)));
    expect(stored).toBeUndefined();
  });
});
