import { PUBLIC } from '@postdeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { generatedDownloadHeaders } from '../../storage/http-headers.ts';
import { type SendFileOptions, sendStoredFile } from '../../storage/send-file.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { type MaterialRow, findMaterial, findMaterials } from './material-repo.ts';
import { fileNameFor } from './material-types.ts';
import { FILE_ROUTE, type FileVariant, type Grant, type UrlSigner, ZIP_ROUTE } from './signed-urls.ts';
import { zipOf } from './zip.ts';

type Served = { key: string; options: SendFileOptions };

/** Which stored object a variant is, and how the browser gets it. */
function served(row: MaterialRow, variant: FileVariant): Served | undefined {
  switch (variant) {
    case 'original':
    case 'download':
      return {
        key: row.storageKey,
        options: {
          contentType: row.mime,
          filename: fileNameFor(row.name, row.mime),
          disposition: variant === 'original' ? 'inline' : 'attachment',
          // The bytes under a key never change: their hash is the strongest validator there is.
          etag: row.sha256,
        },
      };
    case 'thumbnail':
      return row.thumbnailKey
        ? {
            key: row.thumbnailKey,
            options: { contentType: 'image/webp', filename: 'thumbnail.webp', disposition: 'inline' },
          }
        : undefined;
    case 'poster':
      return row.posterKey
        ? {
            key: row.posterKey,
            options: { contentType: 'image/jpeg', filename: 'poster.jpg', disposition: 'inline' },
          }
        : undefined;
  }
}

/**
 * The files behind the signed addresses in material answers. PUBLIC in the auth hook's sense:
 * the signature is the authorisation (made for one user, after checking their scope, for an
 * hour). Anything wrong with it is a plain 404, so nothing can be learnt by probing.
 */
export function fileRoutes(app: FastifyInstance, deps: { db: Db; storage: FileStorage; signer: UrlSigner }) {
  const config = { permission: PUBLIC } as const;
  // Files go out as stored, never compressed on the fly: media and zips are compressed already,
  // and byte ranges and Content-Length (video seeking, download progress) count stored bytes.
  const compress = false;

  /**
   * A genuine URL whose user is still active: one disabled (or deleted) since the URL was signed
   * gets nothing from it. Users are cached (principal-cache.ts), so this costs no query.
   */
  async function stillAllowed(grant: Grant<unknown>): Promise<boolean> {
    const principal = await app.principals.get(grant.uid);
    return principal?.status === 'active';
  }

  app.get(FILE_ROUTE, { config, compress }, async (request, reply) => {
    const params = request.params as { id?: string; variant?: string };
    const grant = deps.signer.verifyFile(params, request.query as Record<string, unknown>);
    const row = grant && (await stillAllowed(grant)) ? await findMaterial(deps.db, grant.value) : undefined;
    const file = row && served(row, params.variant as FileVariant);
    if (!file) throw new AppError('notFound');
    return sendStoredFile(request, reply, deps.storage, file.key, file.options);
  });

  // No HEAD: it would build the whole archive only to throw it away.
  app.get(ZIP_ROUTE, { config, compress, exposeHeadRoute: false }, async (request, reply) => {
    const grant = deps.signer.verifyZip(request.query as Record<string, unknown>);
    const rows = grant && (await stillAllowed(grant)) ? await findMaterials(deps.db, grant.value) : [];
    // Materials deleted since the link was made are left out; a zip of nothing is not found.
    const present: MaterialRow[] = [];
    for (const row of rows) if (await deps.storage.stat(row.storageKey)) present.push(row);
    if (present.length === 0) throw new AppError('notFound');
    present.sort((a, b) => a.id - b.id);
    const archive = zipOf(
      deps.storage,
      present.map((row) => ({ name: fileNameFor(row.name, row.mime), key: row.storageKey })),
    );
    archive.finalize().catch((error: unknown) => request.log.warn({ err: error }, 'zip stream failed'));
    return reply.headers(generatedDownloadHeaders('application/zip', 'materials.zip')).send(archive);
  });
}
