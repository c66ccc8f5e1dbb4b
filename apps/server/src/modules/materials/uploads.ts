import { randomBytes } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { type DataStore, type Locker, Server, type ServerOptions, type Upload } from '@tus/server';
import type { IntakeFile } from './intake.ts';
import { checkUploadQuota, isUnfinished, type UploadQuota, UploadQuotaExceeded } from './upload-quota.ts';
import { UPLOAD_ID, type UploadStore } from './upload-store.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Who is creating an upload, as the route found them (tus hooks only see the raw request). */
export interface UploadCaller {
  userId: number;
  /** The response body refusing an upload larger than `max` bytes. */
  tooLarge(max: number): string;
  /** The response body refusing an upload that would take the caller past their quota. */
  overQuota(refusal: UploadQuotaExceeded): string;
  /** The response body for any other failure, from tus's status and plain-text reason. */
  failure(status: number, reason: string): string;
}

/** A finished upload of one user, ready to be filed into the library. */
export interface FinishedUpload {
  id: string;
  /** Its bytes; the library moves them away from here. */
  file: IntakeFile;
  /** The file name the client declared (tus metadata `filename`), unchecked. */
  filename: string | null;
}

const metadataOf = (upload: Upload) => upload.metadata ?? {};

/** The request as tus hooks see it (a web Request wrapping the Node one). */
type TusRequest = Parameters<NonNullable<ServerOptions['onUploadCreate']>>[0];

/** Runs `fn` while no other call for the same user runs, in any process. */
export type PerUserLock = <T>(userId: number, fn: () => Promise<T>) => Promise<T>;

/**
 * The store's word that an upload is not there (tus's 404) or no longer is (410). Anything else,
 * such as the object store being unreachable, is a failure to report: a tus client answered 404
 * gives up on the upload and starts it again.
 */
const isGone = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'status_code' in error &&
  (error.status_code === 404 || error.status_code === 410);

/** Upload ids begin with their owner's id, so one user's uploads are found without reading all. */
const idPrefix = (userId: number) => `${userId}-`;

/**
 * Resumable uploads (tus) kept in `store` (a directory, or the bucket), so an upload survives a
 * restart and continues where it stopped. Each upload belongs to the user who created it (metadata
 * `owner`, set here, whatever the client sent), and a user's unfinished uploads stay within `quota`.
 */
export function createUploads(options: {
  store: UploadStore;
  /** Local scratch space: files in its dot-directories (imports, poster frames) are swept with uploads. */
  scratchDir: string;
  /** The public path the tus server answers at (the route prefix included). */
  path: string;
  maxBytes: { image: number; video: number };
  quota: UploadQuota;
  /** Serialises the quota check and the creation per user, so parallel creates cannot both fit. */
  lockUser: PerUserLock;
  /** Serialises the requests of one upload; tus's MemoryLocker (one process) unless given. */
  locker?: Locker | undefined;
}) {
  const { store, maxBytes } = options;
  const callers = new WeakMap<object, UploadCaller>();

  const maxSize = Math.max(maxBytes.image, maxBytes.video);
  const callerOf = (req: TusRequest) => {
    const raw = req.runtime?.node?.req;
    return raw ? callers.get(raw) : undefined;
  };

  /** The user's uploads still expecting bytes (finished ones wait for filing, and cost nothing more). */
  async function unfinishedOf(datastore: DataStore, userId: number): Promise<Upload[]> {
    const ids = await store.idsStartingWith(idPrefix(userId));
    const uploads = await Promise.all(
      // An info file whose data is gone (being removed) is no upload any more.
      ids.map((id) =>
        datastore.getUpload(store.storeId(id)).catch((error: unknown) => {
          if (isGone(error)) return undefined;
          throw error;
        }),
      ),
    );
    return uploads.filter(
      (upload): upload is Upload =>
        upload !== undefined && metadataOf(upload)['owner'] === String(userId) && isUnfinished(upload),
    );
  }

  const tusServer = (datastore: DataStore) =>
    new Server({
      path: options.path,
      datastore,
      ...(options.locker ? { locker: options.locker } : {}),
      // Random, behind the owner's id: the quota check lists one user's uploads by name.
      namingFunction: (req) => {
        const caller = callerOf(req);
        if (!caller) throw { status_code: 401, body: 'Not signed in\n' };
        return store.storeId(`${idPrefix(caller.userId)}${randomBytes(16).toString('hex')}`);
      },
      // URLs carry the public id (the store's may have a key prefix in front). Relative: the client
      // resolves it against the address it used, whatever proxies are in between.
      generateUrl: (_req, { path, id }) => `${path}/${store.publicId(id)}`,
      getFileIdFromRequest: (_req, id) =>
        id !== undefined && UPLOAD_ID.test(id) ? store.storeId(id) : undefined,
      // The absolute cap; the limit of the file's declared kind is checked on creation.
      maxSize,
      // The web app is same-origin: no cross-origin upload is ever allowed.
      allowedOrigins: [],
      async onUploadCreate(req, upload) {
        const caller = callerOf(req);
        if (!caller) throw { status_code: 401, body: 'Not signed in\n' };
        // The client's word on the type only picks the limit here; the content decides on completion.
        const declared = metadataOf(upload)['filetype'] ?? '';
        const limit = declared.startsWith('image/') ? maxBytes.image : maxBytes.video;
        if (upload.size !== undefined && upload.size > limit) {
          throw { status_code: 413, body: caller.tooLarge(limit) };
        }
        return { metadata: { ...metadataOf(upload), owner: String(caller.userId) } };
      },
      // Failures answer in the API's envelope, like every other call (the uploader shows `msg`),
      // and never with an exception's message.
      onResponseError(req, error) {
        const caller = callerOf(req);
        const status = 'status_code' in error ? error.status_code : 500;
        const reason = 'body' in error ? error.body : '';
        if (!caller || reason.startsWith('{')) return undefined;
        if (error instanceof UploadQuotaExceeded)
          return { status_code: status, body: caller.overQuota(error) };
        const body = status === 413 ? caller.tooLarge(maxSize) : caller.failure(status, reason);
        return { status_code: status, body };
      },
    });

  const create = async () => {
    // Creation checks the quota in the store, not in onUploadCreate: only there can the check and
    // the write of the new upload's info happen under one lock, so the next create sees it.
    const datastore: DataStore = await store.datastore((upload, createUpload) => {
      const owner = Number(metadataOf(upload)['owner']);
      return options.lockUser(owner, async () => {
        checkUploadQuota(options.quota, await unfinishedOf(datastore, owner), upload, maxSize);
        return createUpload();
      });
    });
    return { datastore, server: tusServer(datastore) };
  };
  // Created on first use, so an app that never sees an upload (most tests) never touches the disk.
  let created: ReturnType<typeof create> | undefined;
  const tus = () => {
    // A failure (say, the directory cannot be made) is retried by the next request, not kept.
    created ??= create().catch((error: unknown) => {
      created = undefined;
      throw error;
    });
    return created;
  };

  /** The upload when it exists and belongs to `userId`. */
  async function owned(id: string, userId: number): Promise<Upload | undefined> {
    if (!UPLOAD_ID.test(id)) return undefined;
    const { datastore } = await tus();
    try {
      const upload = await datastore.getUpload(store.storeId(id));
      return metadataOf(upload)['owner'] === String(userId) ? upload : undefined;
    } catch (error) {
      // Unknown id, or an info file whose data is gone: either way nothing to work with.
      if (isGone(error)) return undefined;
      throw error;
    }
  }

  async function remove(id: string) {
    if (!UPLOAD_ID.test(id)) return;
    await store.remove(id);
  }

  return {
    /** Answers one tus request on the raw request and response. */
    handle: async (req: IncomingMessage, res: ServerResponse) => (await tus()).server.handle(req, res),

    /** Lets the tus hooks of this raw request know who is calling. */
    setCaller(raw: object, caller: UploadCaller) {
      callers.set(raw, caller);
    },

    /** Whether the upload exists and belongs to the user (finished or not). */
    isOwnedBy: async (id: string, userId: number) => (await owned(id, userId)) !== undefined,

    /** The user's upload when all its bytes have arrived. */
    async finished(id: string, userId: number): Promise<FinishedUpload | undefined> {
      const upload = await owned(id, userId);
      if (!upload || upload.size === undefined || upload.offset !== upload.size) return undefined;
      return { id, file: store.file(id), filename: metadataOf(upload)['filename'] ?? null };
    },

    /**
     * Removes what was left behind: uploads (finished or not) not written to for `olderThanMs`,
     * and scratch files (imports, poster frames) as old. A paused upload resumed within the period
     * stays. Returns how many uploads and files went.
     */
    async sweep({ olderThanMs = DAY_MS, now = new Date() } = {}): Promise<number> {
      return (
        (await sweepScratch(options.scratchDir, olderThanMs, now)) + (await store.sweep({ olderThanMs, now }))
      );
    },

    /** Forgets an upload: its data (if still here) and its info file. */
    remove,
  };
}

export type Uploads = ReturnType<typeof createUploads>;

/** Removes the files in `dir`'s dot-directories not written to for `olderThanMs`. */
async function sweepScratch(dir: string, olderThanMs: number, now: Date): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith('.')) continue;
    for (const name of await readdir(join(dir, entry.name))) {
      const path = join(dir, entry.name, name);
      const info = await stat(path).catch(() => undefined);
      if (info && now.getTime() - info.mtimeMs > olderThanMs) {
        await rm(path, { force: true, recursive: true });
        removed++;
      }
    }
  }
  return removed;
}
