import { rm } from 'node:fs/promises';
import type {
  Material,
  MaterialKind,
  UploadComplete,
  picUrlBodySchema,
  uploadCompleteBodySchema,
} from '@postdeck/contract/materials';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { departments } from '../../db/schema.ts';
import { departmentScope, inScope } from '../../lib/department-scope.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import type { RequestMeta } from '../audit/audit.ts';
import { type IntakeDeps, type IntakeSource, fileIntoLibrary } from './intake.ts';
import { type MaterialRow, findMaterial } from './material-repo.ts';
import { cleanName } from './material-types.ts';
import type { Uploads } from './uploads.ts';
import { fetchToFile, nameFromUrl } from './url-import.ts';

export interface FilingDeps extends IntakeDeps {
  uploads: Uploads;
  /** FETCH_ALLOW_PRIVATE, parsed. */
  fetchAllow: readonly string[];
  /** Where URL imports are written before they enter the library (local scratch space). */
  importsDir: string;
  present(principal: Principal, row: MaterialRow): Material;
}

/** Refusals of the bytes themselves: retrying with the same upload cannot succeed. */
const FINAL_REFUSALS: ReadonlySet<string> = new Set(['materialTypeRefused', 'materialTooLarge']);

/** New materials: finished tus uploads and images imported from an address, both through the intake. */
export function createFiling(deps: FilingDeps) {
  const { db } = deps;
  /** tus uploads being filed right now: a second completion of one must not race the first. */
  const completing = new Set<string>();

  /** The caller's scope and where the material goes: the department asked for if allowed, else theirs. */
  async function placement(principal: Principal, requested: number | undefined) {
    const scope = await departmentScope(db, principal);
    const departmentId = requested ?? principal.departmentId;
    const [exists] = await db
      .select({ id: departments.id })
      .from(departments)
      .where(eq(departments.id, departmentId));
    if (!exists || !inScope(scope, departmentId)) {
      throw new AppError('departmentNotAllowed', {
        fieldErrors: [fieldError('departmentId', 'departmentNotAllowed')],
      });
    }
    return { scope, departmentId };
  }

  async function fileIn(
    principal: Principal,
    source: IntakeSource,
    options: Awaited<ReturnType<typeof placement>> & {
      field: string;
      kinds: MaterialKind[];
      meta: RequestMeta;
    },
  ): Promise<UploadComplete> {
    const result = await fileIntoLibrary(deps, principal, source, options);
    const row = await findMaterial(db, result.id);
    if (!row) throw new AppError('notFound');
    return { material: deps.present(principal, row), duplicate: result.duplicate };
  }

  return {
    async uploadComplete(
      principal: Principal,
      body: z.output<typeof uploadCompleteBodySchema>,
      meta: RequestMeta,
    ): Promise<UploadComplete> {
      const place = await placement(principal, body.departmentId);
      const unknown = () =>
        new AppError('uploadUnknown', { fieldErrors: [fieldError('uploadId', 'uploadUnknown')] });
      if (completing.has(body.uploadId)) throw unknown();
      completing.add(body.uploadId);
      try {
        const upload = await deps.uploads.finished(body.uploadId, principal.id);
        if (!upload) throw unknown();
        const source = { file: upload.file, name: cleanName(upload.filename, 'file') };
        const answer = await fileIn(principal, source, {
          ...place,
          field: 'file',
          kinds: ['image', 'video'],
          meta,
        });
        await deps.uploads.remove(upload.id);
        return answer;
      } catch (error) {
        // Refused for good (type, size): the bytes are useless. A failure of ours is worth a retry.
        if (error instanceof AppError && FINAL_REFUSALS.has(error.key))
          await deps.uploads.remove(body.uploadId);
        throw error;
      } finally {
        completing.delete(body.uploadId);
      }
    },

    /** Imports an image from an address (SSRF-guarded), then files it like an upload. */
    async picUrl(principal: Principal, body: z.output<typeof picUrlBodySchema>, meta: RequestMeta) {
      const place = await placement(principal, body.departmentId);
      const path = await fetchToFile(body.url, {
        dir: deps.importsDir,
        maxBytes: deps.maxBytes.image,
        allow: deps.fetchAllow,
      });
      try {
        const source = { path, name: cleanName(nameFromUrl(body.url), 'image') };
        return await fileIn(principal, source, { ...place, field: 'url', kinds: ['image'], meta });
      } finally {
        await rm(path, { force: true });
      }
    },
  };
}
