import {
  CreateMultipartUploadCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../test/s3-server.ts';
import { tempDirs } from '../test/temp-dirs.ts';
import { createS3Storage, s3ClientConfig, type S3Storage } from './s3-storage.ts';
import { bytesOf, chunked, describeStorageContract, text } from './storage-contract.ts';
import { hashStream, ObjectNotFoundError, ObjectTooLargeError } from './storage.ts';

const tempDir = tempDirs('postdeck-s3-storage-');
const MB = 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

let s3: TestS3Server;
let client: S3Client;
beforeAll(async () => {
  s3 = await startS3Server();
  client = new S3Client(s3ClientConfig(s3.settings()));
});
afterAll(async () => {
  client.destroy();
  await s3.close();
});

let runs = 0;
/** A storage under a prefix of its own (one bucket, as several installations may share one). */
function prefixed(): { storage: S3Storage; prefix: string } {
  const prefix = `run-${++runs}/`;
  return { storage: createS3Storage(s3.settings(prefix), { client }), prefix };
}

/** Object keys under `prefix`, without it. */
async function keysUnder(prefix: string): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => (object.Key ?? '').slice(prefix.length)).sort();
}

/** Keys of the multipart uploads open under `prefix`, without it. */
async function openUploads(prefix: string): Promise<string[]> {
  const listed = await client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket, Prefix: prefix }));
  return (listed.Uploads ?? []).map((upload) => (upload.Key ?? '').slice(prefix.length)).sort();
}

describeStorageContract('S3 storage', async () => {
  const { storage, prefix } = prefixed();
  return {
    storage,
    keys: () => keysUnder(prefix),
    leftovers: () => openUploads(prefix),
    scratch: tempDir(),
  };
});

describe('S3 storage', () => {
  it('keeps keys under its prefix, with the content type given', async () => {
    const { storage, prefix } = prefixed();
    await storage.put('materials/ab/original.jpg', Buffer.from('jpeg'), { contentType: 'image/jpeg' });
    expect(storage.objectKey('materials/ab/original.jpg')).toBe(`${prefix}materials/ab/original.jpg`);
    const head = await client.send(
      new HeadObjectCommand({ Bucket: s3.bucket, Key: `${prefix}materials/ab/original.jpg` }),
    );
    expect(head.ContentType).toBe('image/jpeg');
    expect(await keysUnder('')).toContain(`${prefix}materials/ab/original.jpg`);
  });

  it('streams a put larger than a part as a multipart upload, hashed on the way', async () => {
    const { storage, prefix } = prefixed();
    const result = await storage.put('video/long.mp4', chunked(12, MB, 'v'));
    expect(result.bytes).toBe(12 * MB);
    expect(await hashStream(await storage.get('video/long.mp4'))).toEqual(result);
    // A range across the first part boundary (lib-storage's parts are 5 MB).
    const across = await bytesOf(await storage.get('video/long.mp4', { start: 5 * MB - 2, end: 5 * MB + 1 }));
    expect(across).toEqual(Buffer.alloc(4, 'v'));
    expect(await openUploads(prefix)).toEqual([]);
  });

  it('aborts a multipart put that passes maxBytes after parts went out: no object, no parts kept', async () => {
    const { storage, prefix } = prefixed();
    const source = chunked(12, MB, 'x');
    await expect(storage.put('video/huge.mp4', source, { maxBytes: 7 * MB })).rejects.toBeInstanceOf(
      ObjectTooLargeError,
    );
    expect(source.destroyed).toBe(true);
    expect(await keysUnder(prefix)).toEqual([]);
    expect(await openUploads(prefix)).toEqual([]);
  });

  it('copies an object of the bucket in under a key within the store, keeping the source', async () => {
    const { storage, prefix } = prefixed();
    const source = `${prefix}.uploads/7-0123456789abcdef`;
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: source, Body: 'finished upload' }));
    await storage.copyFrom('materials/cd/original.png', source, { bytes: 15, contentType: 'image/png' });
    expect(await text(await storage.get('materials/cd/original.png'))).toBe('finished upload');
    const head = await client.send(
      new HeadObjectCommand({ Bucket: s3.bucket, Key: `${prefix}materials/cd/original.png` }),
    );
    expect(head.ContentType).toBe('image/png');
    expect(await keysUnder(prefix)).toEqual(['.uploads/7-0123456789abcdef', 'materials/cd/original.png']);
  });

  it('sweeps multipart writes of its keys left open for a day, not recent ones nor uploads of others', async () => {
    const { storage, prefix } = prefixed();
    const open = (key: string) =>
      client.send(new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key: `${prefix}${key}` }));
    await open('materials/ab/original.mp4');
    await open('.uploads/7-0123456789abcdef');
    await s3.backdate(2 * DAY_MS);
    await open('materials/cd/original.mp4');

    expect(await storage.sweepTemp()).toBe(1);
    expect(await openUploads(prefix)).toEqual(['.uploads/7-0123456789abcdef', 'materials/cd/original.mp4']);
    expect(await storage.sweepTemp({ now: new Date(Date.now() + 2 * DAY_MS) })).toBe(1);
    expect(await openUploads(prefix)).toEqual(['.uploads/7-0123456789abcdef']);
  });

  it('fails with the store while it is down (never "absent"), and works again once it is back', async () => {
    const { storage } = prefixed();
    await storage.put('kept', Buffer.from('kept'));
    await s3.stop();
    try {
      const failures = await Promise.allSettled([
        storage.stat('kept'),
        storage.get('kept'),
        storage.put('new', Buffer.from('x')),
        storage.delete('kept'),
      ]);
      for (const failure of failures) {
        expect(failure.status).toBe('rejected');
        if (failure.status === 'rejected') expect(failure.reason).not.toBeInstanceOf(ObjectNotFoundError);
      }
    } finally {
      await s3.start();
    }
    expect(await text(await storage.get('kept'))).toBe('kept');
  });
});
