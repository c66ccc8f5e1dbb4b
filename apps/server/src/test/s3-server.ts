import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * A local S3-compatible server for tests: s3rver on a loopback port, its objects in a temp
 * directory, one bucket made at start. We use s3rver because it is the best-kept pure-JS S3
 * server on npm: no binary to download (MinIO's) and no JVM or Docker (LocalStack's, S3Proxy's),
 * so `npm install && npm test` is all a machine needs.
 *
 * s3rver 3.7.1 falls short of S3 in ways the storage and tus uploads meet, made good here:
 * - It lacks ListParts, ListMultipartUploads and AbortMultipartUpload (405 or 501), which
 *   @tus/s3-store needs to resume an upload and lib-storage needs to clean up a failed one: a
 *   Koa middleware in front of its router answers them from the parts s3rver keeps on disk.
 * - Its PUT writes straight into the object's file, so a reader (or a second writer) can see a
 *   half-written object; S3 never shows one. Objects are written aside and renamed in here.
 * - It reads a range ending at byte 0 (`bytes=0-0`) as open-ended.
 * - A stopped instance cannot listen again (its logger is closed with its server), so `start`
 *   after `stop` makes a new instance on the same port and the same data directory.
 */

const require = createRequire(import.meta.url);

/** The one key pair s3rver knows (its built-in account). */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  /** http://127.0.0.1:<port>, the same across stop and start. */
  endpoint: string;
  bucket: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Where s3rver keeps the bucket's files. */
  directory: string;
  /** STORAGE=s3 settings pointing at this server, under `prefix` (e.g. 'run-1/'). */
  settings(prefix?: string): S3TestSettings;
  /** Stops answering, dropping open connections, as an S3 outage would; the data stays. */
  stop(): Promise<void>;
  /** Answers again on the same port with the same data. */
  start(): Promise<void>;
  /** Makes every object, multipart upload and part look `ms` older than it is (for sweeps). */
  backdate(ms: number): Promise<void>;
  /** Stops and removes the data directory. */
  close(): Promise<void>;
}

/** The shape of config.storage when STORAGE=s3. */
export interface S3TestSettings {
  backend: 's3';
  endpoint: string;
  region: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: true;
  prefix: string;
}

/** Starts s3rver on 127.0.0.1 (a free port) in a new temp directory, with `bucket` made. */
export async function startS3Server(options: { bucket?: string } = {}): Promise<TestS3Server> {
  const bucket = options.bucket ?? 'postdeck-test';
  const region = 'us-east-1';
  const directory = await mkdtemp(join(tmpdir(), 'postdeck-s3rver-'));
  let port = 0;
  let running: S3rverInstance | undefined;

  async function start() {
    if (running) return;
    const instance = patched(
      new S3rver({
        address: '127.0.0.1',
        port,
        directory,
        silent: true,
        // Path-style only: a host name is never taken for a bucket.
        vhostBuckets: false,
        configureBuckets: [{ name: bucket }],
      }),
    );
    const address = await instance.run();
    port = address.port;
    running = instance;
  }

  async function stop() {
    const instance = running;
    if (!instance) return;
    running = undefined;
    const closed = instance.close();
    // Requests in flight fail at once, as when the store goes away, instead of holding close up.
    instance.httpServer?.closeAllConnections();
    await closed;
  }

  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { ...S3_TEST_CREDENTIALS };
  return {
    endpoint,
    bucket,
    region,
    credentials,
    directory,
    settings: (prefix = '') => ({
      backend: 's3',
      endpoint,
      region,
      bucket,
      credentials,
      forcePathStyle: true,
      prefix,
    }),
    stop,
    start,
    async backdate(ms) {
      for (const path of await filesUnder(directory)) {
        const { mtime } = await stat(path);
        const older = new Date(mtime.getTime() - ms);
        await utimes(path, older, older);
      }
    },
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

// --- s3rver, as far as it is used here (it ships no types) ---

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  params: Record<string, string>;
  status: number;
  body: unknown;
  store: FilesystemStore;
}
type Next = () => Promise<void>;
type Middleware = (ctx: KoaContext, next: Next) => Promise<void>;

interface S3ObjectLike {
  bucket: string;
  key: string;
  content: Readable | Buffer;
  metadata: Record<string, string>;
}

interface FilesystemStore {
  getBucket(bucket: string): Promise<unknown>;
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5?: string): Promise<void>;
  putObject(object: S3ObjectLike): Promise<{ size: number; md5: string }>;
  getObject(
    bucket: string,
    key: string,
    options?: { start?: number; end?: number | string },
  ): Promise<unknown>;
}

interface S3rverInstance {
  middleware: Middleware[];
  store: FilesystemStore;
  httpServer?: Server;
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}

type S3ErrorClass = new (code: string, message?: string, detail?: Record<string, unknown>) => Error;

const S3rver = require('s3rver') as new (options: Record<string, unknown>) => S3rverInstance;
const S3Error = require('s3rver/lib/models/error.js') as S3ErrorClass;
const authentication = require('s3rver/lib/middleware/authentication.js') as () => Middleware;

const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';
const OWNER = { ID: '123456789000', DisplayName: 'S3rver' };
const MAX_LISTED = 1000;

function patched(instance: S3rverInstance): S3rverInstance {
  const store = instance.store;
  store.putObject = (object) => putAtomically(store, object);
  const getObject = store.getObject.bind(store);
  store.getObject = (bucket, key, options) =>
    // s3rver takes `end || Infinity`; the string '0' is truthy yet still compares as 0.
    getObject(bucket, key, options?.end === 0 ? { ...options, end: '0' } : options);
  // Just before the router (the last middleware), after the XML encoding and the vhost rewrite.
  instance.middleware.splice(instance.middleware.length - 1, 0, multipartCalls());
  return instance;
}

/** PUT as S3 does it: the new object appears whole (written aside, then renamed in) or not at all. */
async function putAtomically(store: FilesystemStore, object: S3ObjectLike) {
  const objectPath = store.getResourcePath(object.bucket, object.key, 'object');
  await mkdir(dirname(objectPath), { recursive: true });
  // Beside it (one file system), under a short name (long keys are near the 255-byte limit), and
  // not ending in ._S3rver_object, so listings never take it for an object.
  const temp = join(dirname(objectPath), `.${randomUUID()}.writing`);
  const md5 = createHash('md5');
  let size = 0;
  const content = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      md5.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(content, counter, createWriteStream(temp, { flags: 'wx' }));
    const digest = md5.digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, digest);
    await rename(temp, objectPath);
    return { size, md5: digest };
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * ListParts, ListMultipartUploads and AbortMultipartUpload, read from where s3rver keeps a
 * multipart upload: `<bucket>/._S3rver_uploads/<uploadId>/` holding `key`, `metadata`, and each
 * part as `<number>` with its MD5 in `<number>.md5`. Answers follow the S3 API reference.
 */
function multipartCalls(): Middleware {
  const authenticate = authentication();
  return async (ctx, next) => {
    const [bucket, ...rest] = ctx.path.slice(1).split('/').map(decodeURIComponent);
    const key = rest.join('/');
    const uploadId = typeof ctx.query['uploadId'] === 'string' ? ctx.query['uploadId'] : undefined;
    let handler:
      ((ctx: KoaContext, bucket: string, key: string, uploadId: string) => Promise<void>) | undefined;
    if (ctx.method === 'GET' && key === '' && 'uploads' in ctx.query) handler = listMultipartUploads;
    else if (ctx.method === 'GET' && key !== '' && uploadId !== undefined) handler = listParts;
    else if (ctx.method === 'DELETE' && key !== '' && uploadId !== undefined) handler = abortMultipartUpload;
    if (!handler || !bucket) return next();
    const run = handler;
    ctx.params = key ? { bucket, key } : { bucket };
    await authenticate(ctx, async () => {
      if (!(await ctx.store.getBucket(bucket))) {
        throw new S3Error('NoSuchBucket', 'The specified bucket does not exist', { BucketName: bucket });
      }
      await run(ctx, bucket, key, uploadId ?? '');
    });
  };
}

const uploadsDir = (store: FilesystemStore, bucket: string) =>
  store.getResourcePath(bucket, undefined, 'uploads');

/** The key the upload is for, or undefined when there is no such upload. */
async function uploadKey(store: FilesystemStore, bucket: string, uploadId: string) {
  if (!/^[0-9a-f]+$/.test(uploadId)) return undefined;
  return readFile(join(uploadsDir(store, bucket), uploadId, 'key'), 'utf8').catch(() => undefined);
}

const noSuchUpload = () =>
  new S3Error(
    'NoSuchUpload',
    'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
  );

const queryNumber = (ctx: KoaContext, name: string, fallback: number) => {
  const value = ctx.query[name];
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : fallback;
};

async function listParts(ctx: KoaContext, bucket: string, key: string, uploadId: string) {
  if ((await uploadKey(ctx.store, bucket, uploadId)) !== key) throw noSuchUpload();
  const dir = join(uploadsDir(ctx.store, bucket), uploadId);
  const marker = queryNumber(ctx, 'part-number-marker', 0);
  const maxParts = Math.min(queryNumber(ctx, 'max-parts', MAX_LISTED), MAX_LISTED);
  const numbers = (await readdir(dir))
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((n) => n > marker)
    .sort((a, b) => a - b);
  const listed = numbers.slice(0, maxParts);
  const parts = await Promise.all(
    listed.map(async (number) => {
      const info = await stat(join(dir, String(number)));
      const md5 = await readFile(join(dir, `${number}.md5`), 'utf8').catch(() => '');
      return {
        PartNumber: number,
        LastModified: info.mtime.toISOString(),
        ETag: JSON.stringify(md5),
        Size: info.size,
      };
    }),
  );
  const truncated = numbers.length > listed.length;
  ctx.body = {
    ListPartsResult: {
      '@': { xmlns: XMLNS },
      Bucket: bucket,
      Key: key,
      UploadId: uploadId,
      PartNumberMarker: marker,
      ...(truncated ? { NextPartNumberMarker: listed[listed.length - 1] } : {}),
      MaxParts: maxParts,
      IsTruncated: truncated,
      Initiator: OWNER,
      Owner: OWNER,
      StorageClass: 'STANDARD',
      Part: parts,
    },
  };
}

async function listMultipartUploads(ctx: KoaContext, bucket: string) {
  if (ctx.query['delimiter']) throw new S3Error('NotImplemented', 'delimiter is not implemented here');
  const prefix = typeof ctx.query['prefix'] === 'string' ? ctx.query['prefix'] : '';
  const keyMarker = typeof ctx.query['key-marker'] === 'string' ? ctx.query['key-marker'] : '';
  const idMarker = typeof ctx.query['upload-id-marker'] === 'string' ? ctx.query['upload-id-marker'] : '';
  const maxUploads = Math.min(queryNumber(ctx, 'max-uploads', MAX_LISTED), MAX_LISTED);
  const dir = uploadsDir(ctx.store, bucket);
  const ids = await readdir(dir).catch(() => [] as string[]);
  const uploads = (
    await Promise.all(
      ids.map(async (uploadId) => {
        const keyFile = join(dir, uploadId, 'key');
        const key = await readFile(keyFile, 'utf8').catch(() => undefined);
        const info = await stat(keyFile).catch(() => undefined);
        return key === undefined || !info ? [] : [{ key, uploadId, initiated: info.mtime }];
      }),
    )
  )
    .flat()
    .filter((upload) => upload.key.startsWith(prefix))
    // Sorted by key, then by initiation, as S3 lists them.
    .sort((a, b) =>
      a.key === b.key ? a.initiated.getTime() - b.initiated.getTime() : a.key < b.key ? -1 : 1,
    );
  // After the markers: the marker's own upload when named, else the first key past the key marker.
  let start = 0;
  if (keyMarker) {
    const marked = idMarker ? uploads.findIndex((u) => u.key === keyMarker && u.uploadId === idMarker) : -1;
    const past = uploads.findIndex((u) => u.key > keyMarker);
    start = marked >= 0 ? marked + 1 : past === -1 ? uploads.length : past;
  }
  const listed = uploads.slice(start, start + maxUploads);
  const truncated = start + listed.length < uploads.length;
  const last = listed[listed.length - 1];
  ctx.body = {
    ListMultipartUploadsResult: {
      '@': { xmlns: XMLNS },
      Bucket: bucket,
      KeyMarker: keyMarker,
      UploadIdMarker: idMarker,
      ...(truncated && last ? { NextKeyMarker: last.key, NextUploadIdMarker: last.uploadId } : {}),
      Prefix: prefix,
      MaxUploads: maxUploads,
      IsTruncated: truncated,
      Upload: listed.map((upload) => ({
        Key: upload.key,
        UploadId: upload.uploadId,
        Initiator: OWNER,
        Owner: OWNER,
        StorageClass: 'STANDARD',
        Initiated: upload.initiated.toISOString(),
      })),
    },
  };
}

async function abortMultipartUpload(ctx: KoaContext, bucket: string, key: string, uploadId: string) {
  if ((await uploadKey(ctx.store, bucket, uploadId)) !== key) throw noSuchUpload();
  await rm(join(uploadsDir(ctx.store, bucket), uploadId), { recursive: true, force: true });
  ctx.status = 204;
  ctx.body = '';
}
