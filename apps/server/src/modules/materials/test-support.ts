import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Material, UploadComplete } from '@postdeck/contract/materials';
import sharp from 'sharp';
import type { Config, StorageConfig } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { ADMIN_PASSWORD, call, createTestApp, login, testConfig } from '../../test/test-app.ts';
import { openStorage } from '../../storage/open-storage.ts';
import { createUser } from '../users/user-repo.ts';
import { createMediaTools } from './media-tools.ts';
import { processMaterial } from './process-material.ts';
import { departmentTree } from '../../test/fixtures.ts';

/** Shared by the media library's tests: an app on temp directories, people, a tus client, images. */

export const UPLOAD_URL = '/prod-api/material/upload';
const PASSWORD = 'Secr3t!pw';

export type Envelope<T> = { code: number; msg: string; data: T };
export type FieldErrors = { errors?: { field: string; message: string }[] } | null;

/** Media settings on fresh temp directories, with overrides. */
export function materialsConfig(
  root: string,
  overrides: Partial<Config['materials']> = {},
): Config['materials'] {
  return {
    ...testConfig().materials,
    filesDir: join(root, 'files'),
    uploadsDir: join(root, 'uploads'),
    ...overrides,
  };
}

/**
 * The app listening on a loopback port (tus is spoken over real HTTP), on the local directory
 * backend or on `storage` (an S3 test server's settings), with departments
 * news ⊃ video and intl, and users: `news` (editor in news), `intl` (editor in intl), `lead`
 * (dept_admin of news), `viewer` (viewer in news) and `admin`.
 */
export async function libraryApp(
  options: {
    materials?: Partial<Config['materials']>;
    storage?: StorageConfig;
    fetchAllowPrivate?: string;
    clock?: Clock;
    jobs?: boolean;
  } = {},
) {
  const root = await mkdtemp(join(tmpdir(), 'postdeck-materials-'));
  const masterSecret = randomBytes(48);
  const config = {
    materials: materialsConfig(root, options.materials),
    storage: options.storage ?? ({ backend: 'local' } as StorageConfig),
    fetchAllowPrivate: options.fetchAllowPrivate ?? '',
  };
  const t = await createTestApp({
    config,
    masterSecret,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.jobs ? { jobs: true } : {}),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as { port: number }).port;

  const dept: Record<string, number> = {};
  Object.assign(dept, await departmentTree(t.db));
  const users: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  const people: [string, string, string][] = [
    ['news', 'news', 'editor'],
    ['intl', 'intl', 'editor'],
    ['lead', 'news', 'dept_admin'],
    ['viewer', 'news', 'viewer'],
  ];
  for (const [key, department, role] of people) {
    users[key] = await createUser(t.db, {
      account: `m_${key}`,
      name: `Mo ${key}`,
      password: PASSWORD,
      departmentId: dept[department] as number,
      roleCodes: [role],
    });
  }

  /** Signs everyone in (again: access tokens last 15 minutes of the test clock). */
  async function signIn() {
    for (const key of Object.keys(users))
      tokens[key] = (await login(t.app, `m_${key}`, PASSWORD)).accessToken;
    tokens['admin'] = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
  }
  await signIn();

  const token = (who: string) => tokens[who] as string;
  const get = <T>(path: string, who: string, query: Record<string, string> = {}) =>
    call(t.app, 'GET', path, { token: token(who), query }) as Promise<{ status: number; body: Envelope<T> }>;
  const post = <T>(path: string, who: string, body: unknown) =>
    call(t.app, 'POST', path, { token: token(who), body }) as Promise<{ status: number; body: Envelope<T> }>;

  const base = `http://127.0.0.1:${port}`;
  const tus = tusClient(base);
  const opened = openStorage(config.storage, config.materials.filesDir);

  return {
    ...t,
    root,
    config,
    masterSecret,
    base,
    dept,
    users,
    token,
    signIn,
    get,
    post,
    tus,
    /** Uploads `bytes` with tus in two PATCHes and completes the upload. */
    async add(who: string, bytes: Buffer, filename: string, extra: { departmentId?: number } = {}) {
      const id = await tus.upload(token(who), bytes, { filename });
      return post<UploadComplete>('/material/uploadComplete', who, { uploadId: id, ...extra });
    },
    /** Runs the processing job's handler for one material, as the queue would. */
    process: (materialId: number) =>
      processMaterial(
        {
          db: t.db,
          clock: t.clock,
          storage: opened.storage,
          tools: createMediaTools(config.materials),
          workDir: join(config.materials.uploadsDir, '.work'),
        },
        materialId,
      ),
    /** Fetches a signed address (the API prefix included) as the browser would: no Authorization. */
    fetchSigned: (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers }),
    async close() {
      if (opened.backend === 's3') opened.storage.client.destroy();
      await t.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

export type LibraryApp = Awaited<ReturnType<typeof libraryApp>>;

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Just enough of the tus protocol (creation, PATCH, HEAD) over fetch. */
export function tusClient(base: string) {
  const headers = (token: string, extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${token}`,
    'tus-resumable': '1.0.0',
    ...extra,
  });
  const idOf = (location: string | null) => {
    if (!location) throw new Error('tus: no Location');
    return location.split('/').pop() as string;
  };

  const client = {
    /** `length` 'deferred': the client declares it later (Upload-Defer-Length). */
    create: (
      token: string,
      length: number | 'deferred',
      meta: Record<string, string> = {},
      extra: Record<string, string> = {},
    ) =>
      fetch(`${base}${UPLOAD_URL}`, {
        method: 'POST',
        headers: headers(token, {
          ...(length === 'deferred' ? { 'upload-defer-length': '1' } : { 'upload-length': String(length) }),
          'upload-metadata': Object.entries(meta)
            .map(([k, v]) => `${k} ${b64(v)}`)
            .join(','),
          ...extra,
        }),
      }),
    /** `extra` may declare a deferred length (Upload-Length). */
    patch: (
      token: string,
      id: string,
      offset: number,
      chunk: Uint8Array,
      extra: Record<string, string> = {},
    ) =>
      fetch(`${base}${UPLOAD_URL}/${id}`, {
        method: 'PATCH',
        headers: headers(token, {
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          ...extra,
        }),
        body: chunk,
      }),
    head: (token: string, id: string) =>
      fetch(`${base}${UPLOAD_URL}/${id}`, { method: 'HEAD', headers: headers(token) }),
    /** Cancels an upload (tus termination). */
    terminate: (token: string, id: string) =>
      fetch(`${base}${UPLOAD_URL}/${id}`, { method: 'DELETE', headers: headers(token) }),
    idOf,

    /** Creates an upload and sends it in `parts` PATCHes; returns the upload id. */
    async upload(
      token: string,
      bytes: Buffer,
      meta: Record<string, string> = {},
      parts = 2,
    ): Promise<string> {
      const created = await client.create(token, bytes.length, meta);
      if (created.status !== 201) throw new Error(`tus create: ${created.status} ${await created.text()}`);
      const id = idOf(created.headers.get('location'));
      const size = Math.ceil(bytes.length / parts);
      for (let offset = 0; offset < bytes.length; offset += size) {
        const res = await client.patch(token, id, offset, bytes.subarray(offset, offset + size));
        if (res.status !== 204) throw new Error(`tus patch: ${res.status} ${await res.text()}`);
      }
      return id;
    },
  };
  return client;
}

let shade = 0;
/** A PNG (or another format) with a colour no other call gets, so its bytes are unique. */
export function image(
  width = 64,
  height = 48,
  format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png',
): Promise<Buffer> {
  shade++;
  const background = { r: shade % 256, g: Math.floor(shade / 256) % 256, b: 200 };
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}

/** A PNG of random pixels: it does not compress, so its size is about width × height × 3 bytes. */
export function noisyImage(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** The material of a successful answer, or a failure naming the answer. */
export function materialOf(res: { status: number; body: Envelope<UploadComplete> }): Material {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data.material;
}
