import type { Material } from '@postdeck/contract/materials';
import type { MaterialRow } from './material-repo.ts';
import type { UrlSigner } from './signed-urls.ts';

/** A stored material as answered to one user: its file addresses are signed for them. */
export function presentMaterial(row: MaterialRow, signer: UrlSigner, userId: number): Material {
  return {
    id: row.id,
    kind: row.kind as Material['kind'],
    name: row.name,
    mime: row.mime,
    bytes: row.bytes,
    sha256: row.sha256,
    width: row.width,
    height: row.height,
    durationMs: row.durationMs,
    codec: row.codec,
    status: row.status as Material['status'],
    note: row.note,
    tags: row.tags,
    department: { id: row.departmentId, name: row.departmentName },
    uploader: { id: row.uploaderId, name: row.uploaderName },
    createdAt: row.createdAt.toISOString(),
    urls: {
      original: signer.fileUrl(row.id, 'original', userId),
      download: signer.fileUrl(row.id, 'download', userId),
      thumbnail: row.thumbnailKey ? signer.fileUrl(row.id, 'thumbnail', userId) : null,
      poster: row.posterKey ? signer.fileUrl(row.id, 'poster', userId) : null,
    },
  };
}
