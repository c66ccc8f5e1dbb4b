import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import type { DataStore, Upload } from '@tus/server';
import { type IntakeFile, localFile } from './intake.ts';

/** tus upload ids (the last segment of the upload URL): what we name uploads, nothing else. */
export const UPLOAD_ID = /^[A-Za-z0-9_-]{8,128}$/;

/** Runs before an upload is created, around the creation itself (the quota check, under a lock). */
export type CreationGuard = (upload: Upload, create: () => Promise<Upload>) => Promise<Upload>;

/**
 * Where tus uploads in progress are kept: a directory (beside the local storage) or the bucket
 * (with S3 storage, so that every API process sees every upload). Ids here are the public ones,
 * the last segment of an upload's URL.
 */
export interface UploadStore {
  /** The tus datastore, each creation passing through `guard`. */
  datastore(guard: CreationGuard): Promise<DataStore>;
  /** The datastore's id of an upload. */
  storeId(id: string): string;
  /** The public id of a datastore id. */
  publicId(storeId: string): string;
  /** Ids of the uploads whose id starts with `prefix`, finished or not. */
  idsStartingWith(prefix: string): Promise<string[]>;
  /** The bytes of a finished upload, for the intake (which moves them into storage). */
  file(id: string): IntakeFile;
  /** Forgets an upload: its data if still here, and whatever else it keeps. */
  remove(id: string): Promise<void>;
  /** Removes uploads, finished or not, not written to for `olderThanMs`; returns how many. */
  sweep(options: { olderThanMs: number; now: Date }): Promise<number>;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Uploads as files in `directory`: the data and its .json info side by side, so an upload survives
 * a restart and continues where it stopped. On the storage's file system, a finished upload moves
 * into storage by rename.
 */
export function localUploadStore(directory: string): UploadStore {
  const pathOf = (id: string) => join(directory, id);
  const isOld = async (path: string, cutoff: number) => {
    const info = await stat(path).catch(() => undefined);
    return info === undefined || info.mtimeMs < cutoff;
  };

  async function remove(id: string) {
    await rm(pathOf(id), { force: true });
    await rm(`${pathOf(id)}.json`, { force: true });
  }

  return {
    async datastore(guard) {
      // Made here, awaited: FileStore's own mkdir throws from a callback, which would crash the process.
      await mkdir(directory, { recursive: true });
      class GuardedFileStore extends FileStore {
        override create(upload: Upload): Promise<Upload> {
          return guard(upload, () => super.create(upload));
        }
      }
      return new GuardedFileStore({ directory });
    },

    storeId: (id) => id,
    publicId: (id) => id,

    async idsStartingWith(prefix) {
      const names = await readdir(directory).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      return names
        .filter((name) => name.startsWith(prefix) && name.endsWith('.json'))
        .map((name) => name.slice(0, -'.json'.length));
    },

    file: (id) => localFile(pathOf(id)),

    remove,

    async sweep({ olderThanMs, now }) {
      const cutoff = now.getTime() - olderThanMs;
      const entries = await readdir(directory, { withFileTypes: true }).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      const ids = new Set<string>();
      for (const entry of entries) {
        const id = entry.name.replace(/\.json$/, '');
        if (entry.isFile() && UPLOAD_ID.test(id)) ids.add(id);
      }
      let removed = 0;
      for (const id of ids) {
        // Both the data and its info file must be old (or gone): either may be the one written last.
        // A paused upload resumed within the period stays, since every PATCH touches its file.
        const old = await Promise.all([pathOf(id), `${pathOf(id)}.json`].map((path) => isOld(path, cutoff)));
        if (old.every(Boolean)) {
          await remove(id);
          removed++;
        }
      }
      return removed;
    },
  };
}
