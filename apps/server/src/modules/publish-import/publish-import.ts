import type { Language } from '@postdeck/contract/constants';
import { PERMISSIONS } from '@postdeck/contract/permissions';
import {
  type PublishingPlatform,
  PUBLISHING_PLATFORMS,
  isPublishingPlatform,
} from '@postdeck/contract/platforms';
import type {
  PublishImportPreview,
  PublishImportPreviewBody,
  PublishImportRow,
} from '@postdeck/contract/publish-import';
import { and, eq, inArray, isNull, lt, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { channelAccounts, materials, publishImports } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { type DepartmentScope, departmentScope, inScope } from '../../lib/department-scope.ts';
import { AppError, type LocalFieldError, fieldError } from '../../lib/errors.ts';
import { fieldText } from '../../lib/i18n.ts';
import type { Principal } from '../../lib/principal.ts';
import { type RequestMeta, auditChange } from '../audit/audit.ts';
import { insertContent, storedText } from '../content/service.ts';
import {
  FILE_COLUMNS,
  type FileFacts,
  type PublishChild,
  checkVariant,
  insertPublishAction,
  targetRefusal,
} from '../publishing/service.ts';
import { type FileRow, cellText, readImportFile } from './read-file.ts';
import {
  bodyTextOf,
  listOf,
  readText,
  readTime,
  readTimeZone,
  readTitle,
  storable,
  textDocument,
} from './rows.ts';

/** A preview can be confirmed for this long. */
export const IMPORT_TTL_MS = 30 * 60 * 1000;
/** Previews are kept this long past their expiry (a late second confirm still hears 409), then swept. */
const KEEP_EXPIRED_MS = 24 * 60 * 60 * 1000;
/** Different image addresses one file may name: each is fetched while the preview waits. */
export const IMPORT_MAX_URLS = 20;
/** Addresses fetched at once. */
const URL_CONCURRENCY = 4;

export const PUBLISH_IMPORT_ACTIONS = {
  preview: 'publish.import.preview',
  confirm: 'publish.import',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MEDIA_URL = /^https?:\/\//i;

/** A row as kept with its preview: the contract's row, its problems as message keys with their figures. */
export type StoredRow = Omit<PublishImportRow, 'problems'> & { problems: LocalFieldError[] };

type AccountRow = Pick<
  typeof channelAccounts.$inferSelect,
  'id' | 'name' | 'handle' | 'platform' | 'status' | 'departmentId'
>;
type MaterialRow = FileFacts & { id: number; departmentId: number };

/** Files the library hands the import: an image from an address, filed as picUrl files it. */
export interface ImageImporter {
  picUrl(
    principal: Principal,
    body: { url: string; departmentId?: number | undefined },
    meta: RequestMeta,
  ): Promise<{ material: { id: number } }>;
}

export interface PublishImportDeps {
  db: Db;
  clock: Clock;
  jobs?: JobQueue | undefined;
  materials: ImageImporter;
}

const ACCOUNT_COLUMNS = {
  id: channelAccounts.id,
  name: channelAccounts.name,
  handle: channelAccounts.handle,
  platform: channelAccounts.platform,
  status: channelAccounts.status,
  departmentId: channelAccounts.departmentId,
};

/** The problems in the caller's language, as the preview answers them. */
const worded = (problems: readonly LocalFieldError[], lang: Language) =>
  problems.map((problem) => ({
    field: problem.field,
    message: fieldText(problem.message, lang, problem.params),
  }));

/**
 * The checks a row meets both at the preview and again at the confirmation, on what the
 * database holds then: each account may still take a publication from the caller (reusing the
 * composer's check), the time is still to come, and each account's variant passes the publishing
 * preflight (checkVariant, as the composer's create runs it). Accounts and media are named by
 * their place in their cells (`accounts.2`, counting from 1 as the file's rows do).
 */
function checkRow(input: {
  row: StoredRow;
  scope: DepartmentScope;
  now: Date;
  targets: readonly { position: number; account: AccountRow | undefined }[];
  files: readonly FileFacts[];
}): { problems: LocalFieldError[]; children: PublishChild[] } {
  const { row, scope, now } = input;
  const problems: LocalFieldError[] = [];
  const children: PublishChild[] = [];
  if (row.scheduledAt !== null && new Date(row.scheduledAt).getTime() <= now.getTime())
    problems.push(fieldError('time', 'publishInPast'));
  const bodyText = bodyTextOf(row.text);
  if (bodyText === undefined) problems.push(fieldError('text', 'invalidRichText'));
  for (const { position, account } of input.targets) {
    const at = `accounts.${position}`;
    const refused = targetRefusal(scope, account);
    if (refused || !account || !isPublishingPlatform(account.platform)) {
      problems.push(fieldError(at, refused ?? 'validation.unknownReference'));
      continue;
    }
    if (bodyText === undefined) continue;
    const platform: PublishingPlatform = account.platform;
    const variant = checkVariant(platform, bodyText, undefined, row.title, input.files, at);
    problems.push(...variant.problems);
    if (variant.options) children.push({ account, platform, text: bodyText, options: variant.options });
  }
  return { problems, children };
}

/**
 * Bulk scheduling (issue 21): a CSV or XLSX of posts read into a preview, each row checked as
 * the composer checks a publish action; nothing is made until the preview's owner confirms it,
 * and then every row is made, or none.
 */
export function createPublishImport(deps: PublishImportDeps) {
  const { db, clock } = deps;

  /** Publishing accounts of the caller's scope, by id, and by name or handle (lower case). */
  async function accountsOf(scope: DepartmentScope) {
    const rows: AccountRow[] = await db
      .select(ACCOUNT_COLUMNS)
      .from(channelAccounts)
      .where(
        and(
          inArray(channelAccounts.platform, [...PUBLISHING_PLATFORMS]),
          scope.all ? undefined : inArray(channelAccounts.departmentId, scope.ids),
        ),
      )
      .orderBy(channelAccounts.id);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const byName = new Map<string, AccountRow[]>();
    for (const row of rows)
      for (const name of new Set([row.name, row.handle, row.handle?.replace(/^@/, '')]))
        if (name) {
          const key = name.trim().toLowerCase();
          const same = byName.get(key) ?? [];
          if (!same.includes(row)) same.push(row);
          byName.set(key, same);
        }
    return { byId, byName };
  }

  /** Library materials by id, as the preflight needs them (any scope: the caller checks). */
  async function materialsById(ids: readonly number[]): Promise<Map<number, MaterialRow>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ ...FILE_COLUMNS, departmentId: materials.departmentId })
      .from(materials)
      .where(inArray(materials.id, [...new Set(ids)]));
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** A material a row may carry: in the caller's scope, an image or a video. */
  const usable = (scope: DepartmentScope, material: MaterialRow | undefined): material is MaterialRow =>
    material !== undefined &&
    inScope(scope, material.departmentId) &&
    (material.kind === 'image' || material.kind === 'video');

  /**
   * The images the file names by address, fetched through the library's picUrl (its SSRF guard,
   * sniffing and size limit), each address once, a few at a time: address -> material id, or the
   * problem's key and figures.
   */
  async function fetchImages(principal: Principal, urls: readonly string[], meta: RequestMeta) {
    const results = new Map<
      string,
      { id: number } | { key: string; params?: Record<string, string | number> }
    >();
    const queue = [...urls];
    async function next(): Promise<void> {
      for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
        try {
          const { material } = await deps.materials.picUrl(principal, { url }, meta);
          results.set(url, { id: material.id });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.set(url, { key: error.key, params: error.params });
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(URL_CONCURRENCY, urls.length) }, next));
    return results;
  }

  /** Reads the file's rows into stored rows: every reference resolved, every problem named. */
  async function readRows(
    principal: Principal,
    fileRows: readonly FileRow[],
    meta: RequestMeta,
  ): Promise<StoredRow[]> {
    const now = clock.now();
    const scope = await departmentScope(db, principal);
    const accounts = await accountsOf(scope);
    const mediaEntries = fileRows.map((fileRow) => listOf(fileRow.cells.media));
    const ids = mediaEntries
      .flat()
      .filter((entry) => /^\d{1,9}$/.test(entry))
      .map(Number);
    const library = await materialsById(ids);
    const urls = [...new Set(mediaEntries.flat().filter((entry) => MEDIA_URL.test(entry)))];
    const fetchable = principal.permissions.has(PERMISSIONS.materialManage)
      ? urls.slice(0, IMPORT_MAX_URLS)
      : [];
    const fetched = await fetchImages(principal, fetchable, meta);
    // The pictures filed from addresses join the facts the preflight reads.
    const filed = [...fetched.values()].flatMap((result) => ('id' in result ? [result.id] : []));
    for (const [id, material] of await materialsById(filed)) library.set(id, material);

    return fileRows.map((fileRow, index) => {
      const problems: LocalFieldError[] = [];
      const title = readTitle(fileRow.cells.title, problems);
      const text = readText(fileRow.cells.text, problems);
      const timeZone = readTimeZone(fileRow.cells.timeZone, problems);
      const scheduledAt = readTime(fileRow.cells.time, timeZone, problems);

      const targets: { position: number; account: AccountRow | undefined }[] = [];
      const entries = listOf(fileRow.cells.accounts);
      if (entries.length === 0) problems.push(fieldError('accounts', 'validation.required'));
      entries.forEach((entry, i) => {
        const at = `accounts.${i + 1}`;
        const byId = /^\d{1,9}$/.test(entry) ? accounts.byId.get(Number(entry)) : undefined;
        const named = byId ? [byId] : (accounts.byName.get(entry.toLowerCase()) ?? []);
        const [account] = named;
        if (named.length > 1) {
          const ids = named.map((candidate) => candidate.id).join(', ');
          problems.push(fieldError(at, 'validation.importAccountAmbiguous', { name: entry, ids }));
        } else if (!account) problems.push(fieldError(at, 'validation.unknownReference'));
        else if (targets.some((target) => target.account?.id === account.id))
          problems.push(fieldError(at, 'validation.duplicate'));
        else targets.push({ position: i + 1, account });
      });

      const files: MaterialRow[] = [];
      (mediaEntries[index] ?? []).forEach((entry, i) => {
        const at = `media.${i + 1}`;
        if (/^\d{1,9}$/.test(entry)) {
          const material = library.get(Number(entry));
          if (usable(scope, material)) files.push(material);
          else problems.push(fieldError(at, 'materialNotAvailable'));
        } else if (MEDIA_URL.test(entry)) {
          if (!principal.permissions.has(PERMISSIONS.materialManage))
            problems.push(fieldError(at, 'validation.importMediaUrlPermission'));
          else {
            const result = fetched.get(entry);
            const material = result && 'id' in result ? library.get(result.id) : undefined;
            if (!result)
              problems.push(fieldError(at, 'validation.importTooManyUrls', { max: IMPORT_MAX_URLS }));
            else if ('key' in result) problems.push(fieldError(at, result.key, result.params));
            else if (usable(scope, material)) files.push(material);
            else problems.push(fieldError(at, 'materialNotAvailable'));
          }
        } else problems.push(fieldError(at, 'validation.importMedia'));
      });
      if (new Set(files.map((file) => file.id)).size !== files.length)
        problems.push(fieldError('media', 'validation.duplicate'));

      const row: StoredRow = {
        row: fileRow.row,
        title,
        text,
        accounts: targets.flatMap(({ account }) =>
          account
            ? [{ id: account.id, name: account.name, platform: account.platform as PublishingPlatform }]
            : [],
        ),
        scheduledAt: scheduledAt?.toISOString() ?? null,
        timeZone: timeZone ?? storableZone(fileRow),
        mediaIds: files.map((file) => file.id),
        problems,
      };
      // Then what the composer would say of it: each account, the time, the preflight.
      const checked = checkRow({ row, scope, now, targets, files });
      row.problems = [...problems, ...checked.problems];
      return row;
    });
  }

  /** What the rows of a preview are now: each checked again, or the 400 naming every row's problems. */
  async function recheck(principal: Principal, rows: readonly StoredRow[]) {
    const now = clock.now();
    const scope = await departmentScope(db, principal);
    const accountIds = [...new Set(rows.flatMap((row) => row.accounts.map((account) => account.id)))];
    const found: AccountRow[] =
      accountIds.length === 0
        ? []
        : await db
            .select(ACCOUNT_COLUMNS)
            .from(channelAccounts)
            .where(inArray(channelAccounts.id, accountIds));
    const accounts = new Map(found.map((account) => [account.id, account]));
    const library = await materialsById(rows.flatMap((row) => row.mediaIds));
    const problems: LocalFieldError[] = [];
    const checked = rows.map((row) => {
      const own: LocalFieldError[] = [];
      const files = row.mediaIds.flatMap((id, i) => {
        const material = library.get(id);
        if (usable(scope, material)) return [material];
        own.push(fieldError(`media.${i + 1}`, 'materialNotAvailable'));
        return [];
      });
      const targets = row.accounts.map((account, i) => ({
        position: i + 1,
        account: accounts.get(account.id),
      }));
      const result = checkRow({ row, scope, now, targets, files });
      own.push(...result.problems);
      if (!row.scheduledAt) own.push(fieldError('time', 'validation.importTime'));
      for (const problem of own) problems.push({ ...problem, field: `row.${row.row}.${problem.field}` });
      return { row, files, children: result.children, scheduledAt: new Date(row.scheduledAt ?? 0) };
    });
    if (problems.length > 0) throw new AppError('publishImportInvalid', { fieldErrors: problems });
    return checked;
  }

  return {
    /** Reads the file, checks every row, and keeps the preview for its owner to confirm. */
    async preview(
      principal: Principal,
      body: PublishImportPreviewBody,
      meta: RequestMeta,
      lang: Language,
    ): Promise<PublishImportPreview> {
      const fileRows = await readImportFile(body.format, Buffer.from(body.data, 'base64'));
      const rows = await readRows(principal, fileRows, meta);
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + IMPORT_TTL_MS);
      const valid = rows.every((row) => row.problems.length === 0);
      const importId = await db.transaction(async (tx) => {
        // The caller's previews long past their time go: nothing else reads them.
        await tx
          .delete(publishImports)
          .where(
            and(
              eq(publishImports.userId, principal.id),
              lt(publishImports.expiresAt, new Date(now.getTime() - KEEP_EXPIRED_MS)),
            ),
          );
        const [made] = await tx
          .insert(publishImports)
          .values({ userId: principal.id, fileName: body.fileName, rows, createdAt: now, expiresAt })
          .returning({ id: publishImports.id });
        if (!made) throw new Error('publish import insert returned nothing');
        await auditChange(tx, principal, meta, {
          action: PUBLISH_IMPORT_ACTIONS.preview,
          target: `publish_import:${made.id}`,
          detail: { fileName: body.fileName, rows: rows.length, valid },
          at: now,
        });
        return made.id;
      });
      return {
        importId,
        expiresAt: expiresAt.toISOString(),
        rows: rows.map((row) => ({ ...row, problems: worded(row.problems, lang) })),
        valid,
      };
    },

    /**
     * Schedules every row of the caller's own preview, all or none: each row is checked again
     * against what the database holds now (an account released since, a time gone by), then one
     * transaction claims the preview (a guarded UPDATE: of two confirmations at once, one claims
     * it and the other finds it taken) and makes each row's content and its scheduled publish
     * action, as the content editor and the composer make them.
     */
    async confirm(
      principal: Principal,
      importId: string,
      meta: RequestMeta,
    ): Promise<{ parentIds: number[] }> {
      // Not a preview's id at all (nor anyone else's): as if it did not exist.
      if (!UUID.test(importId)) throw new AppError('notFound');
      const [found] = await db.select().from(publishImports).where(eq(publishImports.id, importId));
      if (!found || found.userId !== principal.id) throw new AppError('notFound');
      const now = clock.now();
      if (found.confirmedAt !== null || found.expiresAt.getTime() <= now.getTime())
        throw new AppError('publishImportExpired');
      const rows = found.rows as StoredRow[];
      if (rows.some((row) => row.problems.length > 0)) throw new AppError('publishImportInvalid');
      const checked = await recheck(principal, rows);
      const parentIds = await db.transaction(async (tx) => {
        const claimed = await tx
          .update(publishImports)
          .set({ confirmedAt: now })
          .where(
            and(
              eq(publishImports.id, importId),
              eq(publishImports.userId, principal.id),
              isNull(publishImports.confirmedAt),
              gt(publishImports.expiresAt, now),
            ),
          )
          .returning({ id: publishImports.id });
        if (claimed.length === 0) throw new AppError('publishImportExpired');
        const made: number[] = [];
        for (const { row, files, children, scheduledAt } of checked) {
          const text = storedText(row.title, textDocument(row.text));
          const departmentId = principal.departmentId;
          const contentId = await insertContent(tx, principal, meta, {
            summary: '',
            tags: [],
            status: 'ready',
            coverMaterialId: null,
            materialIds: row.mediaIds,
            departmentId,
            text,
            now,
          });
          const action = await insertPublishAction(tx, deps.jobs, principal, meta, {
            content: { id: contentId, departmentId, title: text.title },
            files,
            scheduledAt,
            children,
            now,
          });
          made.push(action.parentId);
        }
        await auditChange(tx, principal, meta, {
          action: PUBLISH_IMPORT_ACTIONS.confirm,
          target: `publish_import:${importId}`,
          detail: { fileName: found.fileName, rows: rows.length, parentIds: made },
          at: now,
        });
        return made;
      });
      return { parentIds };
    },

    /** The template's example: the caller's first account that can take a post, and tomorrow at nine (UTC). */
    async templateExample(principal: Principal) {
      const scope = await departmentScope(db, principal);
      const [account] = await db
        .select({ name: channelAccounts.name })
        .from(channelAccounts)
        .where(
          and(
            inArray(channelAccounts.platform, [...PUBLISHING_PLATFORMS]),
            inArray(channelAccounts.status, ['active', 'expiring']),
            scope.all ? undefined : inArray(channelAccounts.departmentId, scope.ids),
          ),
        )
        .orderBy(channelAccounts.id)
        .limit(1);
      const tomorrow = new Date(clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
      return { account: account?.name, time: `${tomorrow} 09:00`, timeZone: 'UTC' };
    },
  };
}

/** The zone as written when it names none (the preview shows what the file said), storable. */
const storableZone = (fileRow: FileRow) =>
  storable(cellText(fileRow.cells.timeZone).trim()).text.slice(0, 64);

export type PublishImport = ReturnType<typeof createPublishImport>;
