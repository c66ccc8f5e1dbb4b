import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { MaterialKind } from '@postdeck/contract/materials';
import type { Db } from '../../db/client.ts';
import { materials } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DepartmentScope } from '../../lib/department-scope.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import { hashStream, type FileStorage } from '../../storage/storage.ts';
import { type RequestMeta, writeAudit } from '../audit/audit.ts';
import { findBySha256 } from './material-repo.ts';
import { humanSize, sniffMaterialType } from './material-types.ts';

export interface IntakeDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  jobs: JobQueue | undefined;
  maxBytes: Record<MaterialKind, number>;
}

/** A complete file on local disk, about to enter the library, and what to call it. */
export interface IntakeSource {
  path: string;
  name: string;
}

export interface IntakeOptions {
  scope: DepartmentScope;
  /** Already checked to be in the scope. */
  departmentId: number;
  /** The request field errors name ('file' for uploads, 'url' for imports). */
  field: string;
  /** Kinds accepted here (an import from a URL takes images only). */
  kinds: readonly MaterialKind[];
  meta: RequestMeta;
}

/**
 * The one way a file enters the library, shared by tus uploads and URL imports: the content is
 * sniffed (never the name) and checked against the kind's size limit, the same bytes already in
 * the caller's scope are answered with that material, else the file moves into storage under a
 * key we make, and the row, its audit entry and its processing job commit together.
 * The source file is moved away or left for the caller to remove.
 */
export async function fileIntoLibrary(
  deps: IntakeDeps,
  principal: Principal,
  source: IntakeSource,
  options: IntakeOptions,
): Promise<{ id: number; duplicate: boolean }> {
  const refuse = (key: 'materialTypeRefused' | 'materialTooLarge', params?: Record<string, string>) =>
    new AppError(key, { ...(params ? { params } : {}), fieldErrors: [fieldError(options.field, key)] });

  const type = await sniffMaterialType(source.path);
  if (!type || !options.kinds.includes(type.kind)) throw refuse('materialTypeRefused');
  const { size } = await stat(source.path);
  const max = deps.maxBytes[type.kind];
  if (size > max) throw refuse('materialTooLarge', { max: humanSize(max) });

  const { sha256 } = await hashStream(createReadStream(source.path));
  const existing = await findBySha256(deps.db, sha256, options.scope);
  if (existing) return { id: existing.id, duplicate: true };

  // A random directory per material: keys are ours, and thumbnails and posters go beside it.
  const storageKey = `materials/${randomBytes(12).toString('hex')}/original.${type.ext}`;
  const stored = await deps.storage.putFile(storageKey, source.path, { sha256, contentType: type.mime });
  const now = deps.clock.now();
  try {
    const id = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(materials)
        .values({
          departmentId: options.departmentId,
          uploaderId: principal.id,
          kind: type.kind,
          name: source.name,
          mime: type.mime,
          bytes: stored.bytes,
          sha256,
          storageKey,
          status: 'processing',
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: materials.id });
      if (!row) throw new Error('material insert returned nothing');
      await writeAudit(tx, {
        actorId: principal.id,
        actorAccount: principal.account,
        action: 'material.create',
        target: `material:${row.id}`,
        detail: { name: source.name, mime: type.mime, bytes: stored.bytes, sha256 },
        at: now,
        ...options.meta,
      });
      // In the transaction: no material is ever left without its job (nor a job without its row).
      await deps.jobs?.send('materials.process', { materialId: row.id }, { tx });
      return row.id;
    });
    return { id, duplicate: false };
  } catch (error) {
    await deps.storage.delete(storageKey);
    throw error;
  }
}
