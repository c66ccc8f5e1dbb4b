import {
  CONTENT_LIMITS,
  type ContentDetail,
  type ContentStatus,
  type contentCreateBodySchema,
  type contentListQuerySchema,
  type contentUpdateBodySchema,
} from '@postdeck/contract/content';
import { renderDocument } from '@postdeck/rich-text/render-document';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { contents } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { departmentScope, inScope } from '../../lib/department-scope.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { ListSettings } from '../../lib/list-page.ts';
import type { Principal } from '../../lib/principal.ts';
import { type RequestMeta, writeAudit } from '../audit/audit.ts';
import { searchVectorOf } from './search-index.ts';
import type { Material } from '@postdeck/contract/materials';
import {
  type ContentRecord,
  findContent,
  listContents,
  materialFacts,
  replaceContentMaterials,
} from './content-repo.ts';

type ListQuery = z.output<typeof contentListQuerySchema>;
type CreateBody = z.output<typeof contentCreateBodySchema>;
type UpdateBody = z.output<typeof contentUpdateBodySchema>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The text columns as stored: the checked document with its sanitised HTML and text, and the
 * search vector over title and text; or a 400 on `body`.
 */
export function storedText(title: string, body: unknown) {
  const result = renderDocument(body);
  if (!result.ok) {
    throw new AppError('invalidRichText', {
      fieldErrors: [fieldError('body', 'invalidRichText')],
      data: { reason: result.reason },
    });
  }
  return {
    title,
    body: result.doc,
    bodyHtml: result.html,
    bodyText: result.text,
    searchVector: searchVectorOf(title, result.text),
  };
}

/**
 * The writes of a new content inside the caller's transaction: the row, its materials in order
 * and the audit entry. Everything is checked before (the department, the materials, the text
 * through storedText): this only writes.
 */
export async function insertContent(
  tx: Db,
  principal: Principal,
  meta: RequestMeta,
  input: Pick<CreateBody, 'summary' | 'tags' | 'status' | 'coverMaterialId' | 'materialIds'> & {
    departmentId: number;
    text: ReturnType<typeof storedText>;
    now: Date;
  },
): Promise<number> {
  const { now } = input;
  const [row] = await tx
    .insert(contents)
    .values({
      departmentId: input.departmentId,
      authorId: principal.id,
      updatedById: principal.id,
      summary: input.summary,
      tags: input.tags,
      status: input.status,
      coverMaterialId: input.coverMaterialId,
      ...input.text,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: contents.id });
  if (!row) throw new Error('content insert returned nothing');
  await replaceContentMaterials(tx, row.id, input.materialIds);
  await writeAudit(tx, {
    actorId: principal.id,
    actorAccount: principal.account,
    action: 'content.create',
    target: `content:${row.id}`,
    at: now,
    ...meta,
  });
  return row.id;
}

const minuteUtc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** The media library as the content module needs it: materials by id, with URLs signed for the caller. */
export interface MaterialLookup {
  materialsByIds(principal: Principal, ids: readonly number[]): Promise<Material[]>;
}

export function createContentService(deps: {
  db: Db;
  clock: Clock;
  materials: MaterialLookup;
  lists: ListSettings;
}) {
  const { db, clock } = deps;

  /** The detail as answered: the record with its cover and materials resolved for the caller. */
  async function toDetail(principal: Principal, record: ContentRecord): Promise<ContentDetail> {
    const { coverMaterialId, materialIds, ...rest } = record;
    const ids = coverMaterialId === null ? materialIds : [coverMaterialId, ...materialIds];
    const found = new Map((await deps.materials.materialsByIds(principal, ids)).map((m) => [m.id, m]));
    return {
      ...rest,
      cover: coverMaterialId === null ? null : (found.get(coverMaterialId) ?? null),
      materials: materialIds.flatMap((id) => found.get(id) ?? []),
    };
  }

  /** A writer may attach only materials of their data scope, and only an image as the cover. */
  async function checkMaterials(
    principal: Principal,
    input: { coverMaterialId: number | null; materialIds: number[] },
  ) {
    const ids =
      input.coverMaterialId === null ? input.materialIds : [input.coverMaterialId, ...input.materialIds];
    const scope = await departmentScope(db, principal);
    const facts = new Map((await materialFacts(db, ids)).map((m) => [m.id, m]));
    const usable = (id: number) => {
      const fact = facts.get(id);
      return fact !== undefined && inScope(scope, fact.departmentId);
    };
    if (!input.materialIds.every(usable)) {
      throw new AppError('materialNotAvailable', {
        fieldErrors: [fieldError('materialIds', 'materialNotAvailable')],
      });
    }
    if (input.coverMaterialId !== null) {
      if (!usable(input.coverMaterialId)) {
        throw new AppError('materialNotAvailable', {
          fieldErrors: [fieldError('coverMaterialId', 'materialNotAvailable')],
        });
      }
      if (facts.get(input.coverMaterialId)?.kind !== 'image') {
        throw new AppError('coverNotImage', {
          fieldErrors: [fieldError('coverMaterialId', 'coverNotImage')],
        });
      }
    }
  }
  const restorableSince = () => new Date(clock.now().getTime() - CONTENT_LIMITS.restoreDays * DAY_MS);

  /** A content the caller may see, or 404 (never 403: ids outside the scope must not be probed). */
  async function visible(
    principal: Principal,
    id: number,
    options: { deleted?: boolean } = {},
  ): Promise<ContentRecord> {
    const content = await findContent(db, id);
    const scope = await departmentScope(db, principal);
    const deletedMatches = (content?.deletedAt !== null) === (options.deleted ?? false);
    if (!content || !deletedMatches || !inScope(scope, content.department.id)) throw new AppError('notFound');
    return content;
  }

  /** The 409 for a save that started from an older version, naming who saved last and when. */
  async function staleError(id: number): Promise<AppError> {
    const current = await findContent(db, id);
    if (!current || current.deletedAt) return new AppError('notFound');
    return new AppError('contentStale', {
      params: { name: current.updatedBy.name, time: minuteUtc(current.updatedAt) },
      data: { updatedBy: current.updatedBy, updatedAt: current.updatedAt, version: current.version },
    });
  }

  /**
   * One guarded UPDATE: applies only when the row is live and still at `version`, bumps the
   * version and writes the audit entry in the same transaction.
   */
  async function saveVersioned(
    principal: Principal,
    id: number,
    version: number,
    changes: PgUpdateSetSource<typeof contents>,
    audit: { action: string; meta: RequestMeta; materialIds?: number[] },
  ): Promise<ContentDetail> {
    const now = clock.now();
    const updated = await db.transaction(async (tx) => {
      const rows = await tx
        .update(contents)
        .set({ ...changes, version: sql`${contents.version} + 1`, updatedAt: now, updatedById: principal.id })
        .where(and(eq(contents.id, id), eq(contents.version, version), isNull(contents.deletedAt)))
        .returning({ id: contents.id });
      if (rows.length === 0) return false;
      if (audit.materialIds) await replaceContentMaterials(tx, id, audit.materialIds);
      await writeAudit(tx, {
        actorId: principal.id,
        actorAccount: principal.account,
        action: audit.action,
        target: `content:${id}`,
        detail: { version: version + 1 },
        at: now,
        ...audit.meta,
      });
      return true;
    });
    if (!updated) throw await staleError(id);
    return toDetail(principal, (await findContent(db, id)) as ContentRecord);
  }

  return {
    async list(principal: Principal, query: ListQuery, options: { admin: boolean }) {
      const scope = await departmentScope(db, principal);
      const page = await listContents(
        db,
        query,
        {
          scope,
          deleted: options.admin && query.deleted === 'true',
          restorableSince: restorableSince(),
        },
        deps.lists,
      );
      return { ...page, page: query.page, pageSize: query.pageSize };
    },

    detail: async (principal: Principal, id: number) => toDetail(principal, await visible(principal, id)),

    async create(principal: Principal, input: CreateBody, meta: RequestMeta): Promise<ContentDetail> {
      const departmentId = input.departmentId ?? principal.departmentId;
      if (!inScope(await departmentScope(db, principal), departmentId)) {
        throw new AppError('departmentNotAllowed', {
          fieldErrors: [fieldError('departmentId', 'departmentNotAllowed')],
        });
      }
      await checkMaterials(principal, input);
      const text = storedText(input.title, input.body);
      const now = clock.now();
      const id = await db.transaction((tx) =>
        insertContent(tx, principal, meta, { ...input, departmentId, text, now }),
      );
      return toDetail(principal, (await findContent(db, id)) as ContentRecord);
    },

    async update(principal: Principal, input: UpdateBody, meta: RequestMeta) {
      await visible(principal, input.id);
      await checkMaterials(principal, input);
      const changes = {
        summary: input.summary,
        tags: input.tags,
        status: input.status satisfies ContentStatus,
        coverMaterialId: input.coverMaterialId,
        ...storedText(input.title, input.body),
      };
      return saveVersioned(principal, input.id, input.version, changes, {
        action: 'content.update',
        meta,
        materialIds: input.materialIds,
      });
    },

    async archive(principal: Principal, input: { id: number; version: number }, meta: RequestMeta) {
      await visible(principal, input.id);
      const changes = { status: 'archived' satisfies ContentStatus };
      return saveVersioned(principal, input.id, input.version, changes, { action: 'content.archive', meta });
    },

    async remove(principal: Principal, id: number, meta: RequestMeta): Promise<null> {
      const content = await visible(principal, id);
      await saveVersioned(
        principal,
        id,
        content.version,
        { deletedAt: clock.now(), deletedById: principal.id },
        { action: 'content.delete', meta },
      );
      return null;
    },

    async restore(principal: Principal, id: number, meta: RequestMeta): Promise<ContentDetail> {
      const content = await visible(principal, id, { deleted: true });
      if (new Date(content.deletedAt as string) < restorableSince()) {
        throw new AppError('contentNotRestorable', { params: { days: CONTENT_LIMITS.restoreDays } });
      }
      const now = clock.now();
      await db.transaction(async (tx) => {
        await tx
          .update(contents)
          .set({
            deletedAt: null,
            deletedById: null,
            version: sql`${contents.version} + 1`,
            updatedAt: now,
            updatedById: principal.id,
          })
          .where(eq(contents.id, id));
        await writeAudit(tx, {
          actorId: principal.id,
          actorAccount: principal.account,
          action: 'content.restore',
          target: `content:${id}`,
          at: now,
          ...meta,
        });
      });
      return toDetail(principal, (await findContent(db, id)) as ContentRecord);
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
