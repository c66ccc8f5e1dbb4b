import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Material } from '@postdeck/contract/materials';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { createMaterialsModule } from './module.ts';
import { PROCESSING_STALLED_MS } from './process-material.ts';
import { image, type LibraryApp, libraryApp, materialOf } from './test-support.ts';

const HOUR = 60 * 60 * 1000;
// Files carry the real time, so the test clock starts there.
const clock = manualClock(new Date());
let t: LibraryApp;
let sweep: () => Promise<{ files: number; stalled: number }>;
beforeAll(async () => {
  t = await libraryApp({ clock });
  ({ sweep } = createMaterialsModule({ db: t.db, clock, config: t.config, masterSecret: t.masterSecret }));
});
afterAll(() => t.close());

const uploadsDir = () => t.config.materials.uploadsDir;
const uploadFiles = async () => (await readdir(uploadsDir())).filter((name) => !name.startsWith('.'));
/** Gives a file the test clock's time, as if written now by the clock's reckoning. */
const touch = (path: string) => utimes(path, clock.now(), clock.now());

describe('the hourly sweep', () => {
  it('removes uploads and scratch files untouched for a day, keeping recent ones', async () => {
    const abandoned = await t.tus.upload(t.token('news'), await image(20, 20), { filename: 'gone.png' });
    const scratch = join(uploadsDir(), '.imports', 'stale-import');
    await mkdir(join(uploadsDir(), '.imports'), { recursive: true });
    await writeFile(scratch, 'half a download');

    clock.advance(25 * HOUR);
    await t.signIn();
    const paused = await t.tus.create(t.token('news'), 1000, { filename: 'paused.png' });
    const pausedId = t.tus.idOf(paused.headers.get('location'));
    for (const name of await uploadFiles())
      if (name.startsWith(pausedId)) await touch(join(uploadsDir(), name));

    expect(await uploadFiles()).toEqual(
      expect.arrayContaining([abandoned, `${abandoned}.json`, pausedId, `${pausedId}.json`]),
    );
    expect((await sweep()).files).toBe(2);
    expect((await uploadFiles()).sort()).toEqual([pausedId, `${pausedId}.json`].sort());
    expect(await readdir(join(uploadsDir(), '.imports'))).toEqual([]);
    // The paused upload still resumes where it stopped.
    const head = await t.tus.head(t.token('news'), pausedId);
    expect(head.headers.get('upload-offset')).toBe('0');
  });

  it('ends a material whose processing gave up as failed with a note, leaving recent ones processing', async () => {
    // No job queue in this app: materials stay 'processing' as when their job is lost.
    const lost = materialOf(await t.add('news', await image(30, 30), 'lost.png'));
    clock.advance(PROCESSING_STALLED_MS + 1000);
    await t.signIn();
    const recent = materialOf(await t.add('news', await image(31, 30), 'recent.png'));

    expect((await sweep()).stalled).toBe(1);
    const detail = async (id: number) =>
      (await t.get<Material>('/material/detail', 'news', { id: String(id) })).body.data;
    expect(await detail(lost.id)).toMatchObject({ status: 'failed', note: 'processingStalled' });
    expect(await detail(recent.id)).toMatchObject({ status: 'processing', note: null });
  });
});
