import {
  MATERIAL_TYPES,
  MATERIAL_UPLOAD_PATH,
  type Material,
  type MaterialListFilters,
  type MaterialSettings,
  type materialDeleteBodySchema,
  type materialRenameBodySchema,
  type materialTagsBodySchema,
  type picUrlPageBodySchema,
} from '@postdeck/contract/materials';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { materials } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { departmentScope, inScope } from '../../lib/department-scope.ts';
import { AppError } from '../../lib/errors.ts';
import { DEFAULT_LIST_SETTINGS, type ListSettings } from '../../lib/list-page.ts';
import type { Principal } from '../../lib/principal.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { type RequestMeta, writeAudit } from '../audit/audit.ts';
import { createFiling } from './filing.ts';
import {
  type MaterialRow,
  contentsUsing,
  findMaterial,
  findMaterials,
  listMaterials,
} from './material-repo.ts';
import type { MediaTools } from './media-tools.ts';
import { presentMaterial } from './present.ts';
import type { UrlSigner } from './signed-urls.ts';
import type { Uploads } from './uploads.ts';

type Body<S extends z.ZodType> = z.output<S>;

export interface MaterialsDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  uploads: Uploads;
  signer: UrlSigner;
  tools: MediaTools;
  jobs: JobQueue | undefined;
  limits: Config['materials']['maxBytes'];
  uploadQuota: Config['materials']['uploadQuota'];
  /** FETCH_ALLOW_PRIVATE, parsed. */
  fetchAllow: readonly string[];
  /** Where URL imports are written before they enter the library (same file system as storage). */
  importsDir: string;
  lists?: ListSettings | undefined;
}

const storedKeys = (row: MaterialRow) =>
  [row.storageKey, row.thumbnailKey, row.posterKey].filter((key): key is string => key !== null);

/** The media library: listing, editing and deleting materials, and filing new ones. */
export function createMaterialsService(deps: MaterialsDeps) {
  const { db, clock, signer } = deps;
  const present = (principal: Principal, row: MaterialRow) => presentMaterial(row, signer, principal.id);
  const filing = createFiling({ ...deps, maxBytes: deps.limits, present });

  /** A material the caller may see, or 404 (never 403: ids outside the scope must not be probed). */
  async function visible(principal: Principal, id: number): Promise<MaterialRow> {
    const row = await findMaterial(db, id);
    if (!row || !inScope(await departmentScope(db, principal), row.departmentId)) {
      throw new AppError('notFound');
    }
    return row;
  }

  /** One change to a visible material, with its audit entry in the same transaction. */
  async function change(
    principal: Principal,
    id: number,
    changes: Partial<typeof materials.$inferInsert>,
    audit: { action: string; detail: Record<string, unknown>; meta: RequestMeta },
  ): Promise<Material> {
    await visible(principal, id);
    const now = clock.now();
    await db.transaction(async (tx) => {
      await tx
        .update(materials)
        .set({ ...changes, updatedAt: now })
        .where(eq(materials.id, id));
      await writeAudit(tx, {
        actorId: principal.id,
        actorAccount: principal.account,
        action: audit.action,
        target: `material:${id}`,
        detail: audit.detail,
        at: now,
        ...audit.meta,
      });
    });
    return present(principal, await visible(principal, id));
  }

  async function list(principal: Principal, query: MaterialListFilters) {
    const { rows, ...page } = await listMaterials(
      db,
      query,
      await departmentScope(db, principal),
      deps.lists ?? DEFAULT_LIST_SETTINGS,
    );
    return {
      items: rows.map((row) => present(principal, row)),
      ...page,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  return {
    ...filing,

    list,

    detail: async (principal: Principal, id: number) => present(principal, await visible(principal, id)),

    async settings(): Promise<MaterialSettings> {
      return {
        maxBytes: { ...deps.limits },
        uploadQuota: { ...deps.uploadQuota },
        types: Object.keys(MATERIAL_TYPES),
        videoProcessing: await deps.tools.available(),
        // Under the API base, as every contract path: the client prefixes it.
        uploadPath: MATERIAL_UPLOAD_PATH,
      };
    },

    rename: (principal: Principal, body: Body<typeof materialRenameBodySchema>, meta: RequestMeta) =>
      change(
        principal,
        body.id,
        { name: body.name },
        { action: 'material.rename', detail: { name: body.name }, meta },
      ),

    setTags: (principal: Principal, body: Body<typeof materialTagsBodySchema>, meta: RequestMeta) =>
      change(
        principal,
        body.id,
        { tags: body.tags },
        { action: 'material.tags', detail: { tags: body.tags }, meta },
      ),

    /**
     * Deletes the row and its files. Contents using it (deleted ones too, as they can be restored)
     * block the delete with a 409 naming them, unless an administrator (data scope 'all') forces it.
     */
    async remove(principal: Principal, body: Body<typeof materialDeleteBodySchema>, meta: RequestMeta) {
      const row = await visible(principal, body.id);
      const now = clock.now();
      await db.transaction(async (tx) => {
        // Locked first: attaching it elsewhere meanwhile waits for this delete, then fails.
        await tx.select({ id: materials.id }).from(materials).where(eq(materials.id, row.id)).for('update');
        const users = await contentsUsing(tx, row.id);
        if (users.length > 0 && !(body.force && principal.dataScope === 'all')) {
          throw new AppError('materialInUse', { params: { count: users.length }, data: { contents: users } });
        }
        await tx.delete(materials).where(eq(materials.id, row.id));
        await writeAudit(tx, {
          actorId: principal.id,
          actorAccount: principal.account,
          action: 'material.delete',
          target: `material:${row.id}`,
          detail: { name: row.name, sha256: row.sha256, usedBy: users.map((c) => c.id) },
          at: now,
          ...meta,
        });
      });
      for (const key of storedKeys(row)) await deps.storage.delete(key);
      return null;
    },

    /** A signed address for a zip of these materials; 404 unless the caller may see every one. */
    async zipLink(principal: Principal, ids: readonly number[]) {
      const scope = await departmentScope(db, principal);
      const rows = await findMaterials(db, ids);
      const unique = new Set(ids);
      if (rows.length !== unique.size || !rows.every((row) => inScope(scope, row.departmentId))) {
        throw new AppError('notFound');
      }
      return { url: signer.zipUrl([...unique], principal.id) };
    },

    picUrlPage: (principal: Principal, body: Body<typeof picUrlPageBodySchema>) =>
      list(principal, { ...body, kind: 'image', sort: 'createdAt', order: 'desc' }),

    /**
     * For the content module: the materials of these ids the principal may see, in the given
     * order, with addresses signed for them; ids unknown or outside their scope are left out.
     */
    async materialsByIds(principal: Principal, ids: readonly number[]): Promise<Material[]> {
      if (ids.length === 0) return [];
      const scope = await departmentScope(db, principal);
      const rows = await findMaterials(db, ids);
      const found = new Map(rows.filter((r) => inScope(scope, r.departmentId)).map((r) => [r.id, r]));
      return ids.flatMap((id) => {
        const row = found.get(id);
        return row ? [present(principal, row)] : [];
      });
    },
  };
}

export type MaterialsService = ReturnType<typeof createMaterialsService>;
