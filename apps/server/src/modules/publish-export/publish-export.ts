import { PassThrough, Readable } from 'node:stream';
import type { Language } from '@postdeck/contract/constants';
import { interpolate } from '@postdeck/contract/errors';
import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import { isPublishingPlatform } from '@postdeck/contract/platforms';
import { PUBLISH_EXPORT_MAX_ROWS, type publishExportQuerySchema } from '@postdeck/contract/publish-export';
import { PERMISSIONS } from '@postdeck/contract/permissions';
import type { PublicationStatus } from '@postdeck/contract/publishing';
import { stringify } from 'csv-stringify/sync';
import { type SQL, and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { channelAccounts, departments, publications, users } from '../../db/schema.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import { UTF8_BOM, defuseFormula } from '../audit/audit-csv.ts';
import {
  historyChildConditions,
  historyReach,
  historySharedConditions,
  publishActionOf,
} from '../publishing/history.ts';
import { PUBLISH_EXPORT_COLUMNS, PUBLISH_EXPORT_TEXTS } from './export-texts.ts';
import { canonicalTimeZone, formatInZone, spreadsheetDate } from './time-zone.ts';

export type PublishExportFilters = z.output<typeof publishExportQuerySchema>;

/** Lines per query. */
export const EXPORT_BATCH_SIZE = 1000;

const author = alias(users, 'author');

/** One account's publication, as a line of the file. */
export interface ExportLine {
  id: number;
  parentId: number;
  title: string;
  author: string;
  department: string;
  account: string;
  platform: string;
  status: string;
  createdAt: Date;
  scheduledAt: Date | null;
  publishedAt: Date | null;
  link: string | null;
  error: string | null;
  /** created_at as text to the microsecond: the keyset cursor. */
  createdKey: string;
}

const LINE_COLUMNS = {
  id: publications.id,
  parentId: sql<number>`${publications.parentId}`.mapWith(Number),
  title: publications.title,
  author: author.name,
  department: departments.name,
  account: sql<string>`coalesce(${channelAccounts.name}, '')`,
  platform: sql<string>`coalesce(${publications.platform}, '')`,
  status: publications.status,
  createdAt: publications.createdAt,
  scheduledAt: publications.scheduledAt,
  publishedAt: publications.publishedAt,
  link: publications.externalUrl,
  error: publications.errorMessage,
  createdKey: sql<string>`to_json(${publications.createdAt}) #>> '{}'`,
};

/** The zone the times are written in: the query's (an IANA name), else UTC; a 400 naming it otherwise. */
export function exportTimeZone(given: string | undefined): string {
  if (given === undefined || given.trim() === '') return 'UTC';
  const zone = canonicalTimeZone(given);
  if (!zone)
    throw new AppError('validation', { fieldErrors: [fieldError('timeZone', 'validation.timeZone')] });
  return zone;
}

/**
 * The publish list as a file (issue 21): the lines of the list the filters select, one per
 * account's publication, newest publish action first and its accounts in the order they were
 * made, read from the database in keyset batches.
 *
 * Filters on the accounts' side (state, platform, account) select the lines themselves: an
 * export of the failed publications holds the failed ones, not every account of a publish
 * action one of whose accounts failed. The rest (author, department, media, title, time, oppId)
 * select publish actions, as on the page.
 */
export function createPublishExport(deps: { db: Db; maxRows?: number; batchSize?: number }) {
  const { db } = deps;
  const maxRows = deps.maxRows ?? PUBLISH_EXPORT_MAX_ROWS;
  const batchSize = deps.batchSize ?? EXPORT_BATCH_SIZE;

  /** The lines' condition; list=all only for holders of publish:admin:list (403 otherwise). */
  async function linesWhere(principal: Principal, query: PublishExportFilters): Promise<SQL | undefined> {
    if (query.list === 'all' && !principal.permissions.has(PERMISSIONS.publishAdminList))
      throw new AppError('forbidden');
    const conditions = [
      ...(await historyReach(db, principal, query.list)),
      ...historySharedConditions(query),
      isNotNull(publications.parentId),
      ...historyChildConditions(query),
    ];
    if (query.oppId !== undefined)
      conditions.push(eq(publications.parentId, (await publishActionOf(db, query.oppId)) ?? 0));
    return and(...conditions);
  }

  /** The number of lines, counted up to one past the limit (a 400 past it). */
  async function countLines(where: SQL | undefined): Promise<number> {
    const matching = db
      .select({ id: publications.id })
      .from(publications)
      .where(where)
      .limit(maxRows + 1)
      .as('matching');
    const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(matching);
    const count = row?.n ?? 0;
    if (count > maxRows) throw new AppError('publishExportTooLarge', { params: { max: maxRows } });
    return count;
  }

  /** Every line, in batches by (created_at desc, parent_id desc, id): none skipped, none twice. */
  async function* batches(where: SQL | undefined): AsyncGenerator<ExportLine[]> {
    let last: ExportLine | undefined;
    for (;;) {
      const past = last
        ? sql`(${publications.createdAt} < ${last.createdKey}::timestamptz or (${publications.createdAt} = ${last.createdKey}::timestamptz and (${publications.parentId} < ${last.parentId} or (${publications.parentId} = ${last.parentId} and ${publications.id} > ${last.id}))))`
        : undefined;
      const rows: ExportLine[] = await db
        .select(LINE_COLUMNS)
        .from(publications)
        .innerJoin(author, eq(author.id, publications.authorId))
        .innerJoin(departments, eq(departments.id, publications.departmentId))
        .leftJoin(channelAccounts, eq(channelAccounts.id, publications.accountId))
        .where(and(where, past))
        .orderBy(desc(publications.createdAt), desc(publications.parentId), asc(publications.id))
        .limit(batchSize);
      if (rows.length > 0) yield rows;
      last = rows.at(-1);
      if (!last || rows.length < batchSize) return;
    }
  }

  return {
    /** Checks the request and counts its lines, before any byte of the file. */
    async prepare(principal: Principal, query: PublishExportFilters) {
      const zone = exportTimeZone(query.timeZone);
      const where = await linesWhere(principal, query);
      const count = await countLines(where);
      return { zone, count, lines: () => batches(where) };
    },
  };
}

export type PublishExport = ReturnType<typeof createPublishExport>;

/** The header row in the caller's language, times naming their zone. */
export function exportHeader(lang: Language, zone: string): string[] {
  const { headers } = PUBLISH_EXPORT_TEXTS[lang];
  return PUBLISH_EXPORT_COLUMNS.map((column) => interpolate(headers[column], { zone }));
}

const platformName = (platform: string) =>
  isPublishingPlatform(platform) ? PLATFORM_CAPABILITIES[platform].displayName : platform;

const statusName = (lang: Language, status: string) =>
  PUBLISH_EXPORT_TEXTS[lang].statuses[status as PublicationStatus] ?? status;

/** A line's cells: text as it is, ids as numbers, times as `time` makes them. */
function cells<T>(line: ExportLine, lang: Language, time: (at: Date | null) => T): (string | number | T)[] {
  return [
    line.parentId,
    line.title,
    line.author,
    line.department,
    line.account,
    platformName(line.platform),
    statusName(lang, line.status),
    time(line.createdAt),
    time(line.scheduledAt),
    time(line.publishedAt),
    line.link ?? '',
    line.error ?? '',
  ];
}

/**
 * The CSV: BOM and header, then each batch as it is read; pulled by the client (the next batch
 * is read only when it has taken the last), and no more is read once it has gone. Text that a
 * spreadsheet would run as a formula is defused.
 */
export function exportCsv(lines: AsyncIterable<ExportLine[]>, lang: Language, zone: string): Readable {
  const record = (values: readonly (string | number)[]) =>
    stringify([values.map((value) => (typeof value === 'string' ? defuseFormula(value) : value))], {
      record_delimiter: 'windows',
    });
  async function* chunks() {
    yield Buffer.from(UTF8_BOM + record(exportHeader(lang, zone)), 'utf8');
    for await (const batch of lines) {
      const text = batch
        .map((line) => record(cells(line, lang, (at) => (at ? formatInZone(at, zone) : ''))))
        .join('');
      yield Buffer.from(text, 'utf8');
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Until the client has taken what is buffered, or has gone. */
const drainedOrClosed = (out: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });

const TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
const WIDTHS = [12, 40, 18, 18, 24, 14, 14, 20, 20, 20, 40, 40];

/**
 * The XLSX, written by exceljs's streaming writer as the batches are read: each row is committed
 * (and leaves memory) as it is written, and reading waits while the client is behind. Text cells
 * are strings, never formulas; times are date cells showing the zone's wall clock.
 */
export function exportXlsx(
  lines: AsyncIterable<ExportLine[]>,
  lang: Language,
  zone: string,
  onError: (error: unknown) => void,
): PassThrough {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(PUBLISH_EXPORT_TEXTS[lang].sheet, {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = WIDTHS.map((width, index) => ({
    width,
    ...(index >= 7 && index <= 9 ? { style: { numFmt: TIME_FORMAT } } : {}),
  }));
  async function write() {
    const header = sheet.addRow(exportHeader(lang, zone));
    header.font = { bold: true };
    header.commit();
    for await (const batch of lines) {
      if (out.destroyed) return;
      for (const line of batch)
        sheet.addRow(cells(line, lang, (at) => (at ? spreadsheetDate(at, zone) : null))).commit();
      if (out.writableNeedDrain) await drainedOrClosed(out);
    }
    sheet.commit();
    await workbook.commit();
  }
  write().catch((error: unknown) => {
    onError(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
