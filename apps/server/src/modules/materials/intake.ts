import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { MaterialKind } from '@postdeck/contract/materials';
import type { Db } from '../../db/client.ts';
import { materials } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DepartmentScope } from '../../lib/department-scope.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import { type FileStorage, hashStream, type PutOptions, type PutResult } from '../../storage/storage.ts';
import { type RequestMeta, writeAudit } from '../audit/audit.ts';
import { findBySha256 } from './material-repo.ts';
import { humanSize, type MaterialType, sniffMaterialType } from './material-types.ts';

export interface IntakeDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  jobs: JobQueue | undefined;
  maxBytes: Record<MaterialKind, number>;
}

/** The bytes of a complete file about to enter the library, wherever they are. */
export interface IntakeFile {
  /** What the content says it is (the name and declared type are never asked). */
  sniff(): Promise<MaterialType | undefined>;
  size(): Promise<number>;
  read(): Promise<Readable>;
  /** Moves the bytes into `storage` under `key`: gone from where they were once it resolves. */
  moveTo(storage: FileStorage, key: string, options: PutOptions & { sha256?: string }): Promise<PutResult>;
}

/**
 * A complete file about to enter the library, and what to call it: a file on local disk (a URL
 * import, a screenshot, a tus upload on the local backend), or bytes elsewhere (a tus upload in
 * the object store).
 */
export type IntakeSource = { name: string } & ({ path: string } | { file: IntakeFile });

/** A file on local disk as the intake reads it; storage's putFile moves it in. */
export function localFile(path: string): IntakeFile {
  return {
    sniff: () => sniffMaterialType(path),
    size: async () => (await stat(path)).size,
    read: async () => createReadStream(path),
    moveTo: (storage, key, options) => storage.putFile(key, path, options),
  };
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

  const file = 'file' in source ? source.file : localFile(source.path);
  const type = await file.sniff();
  if (!type || !options.kinds.includes(type.kind)) throw refuse('materialTypeRefused');
  const size = await file.size();
  const max = deps.maxBytes[type.kind];
  if (size > max) throw refuse('materialTooLarge', { max: humanSize(max) });

  const { sha256 } = await hashStream(await file.read());
  const existing = await findBySha256(deps.db, sha256, options.scope);
  if (existing) return { id: existing.id, duplicate: true };

  // A random directory per material: keys are ours, and thumbnails and posters go beside it.
  const storageKey = `materials/${randomBytes(12).toString('hex')}/original.${type.ext}`;
  const stored = await file.moveTo(deps.storage, storageKey, { sha256, contentType: type.mime });
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
