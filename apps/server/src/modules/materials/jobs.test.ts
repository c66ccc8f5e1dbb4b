import type { Material } from '@postdeck/contract/materials';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { image, type LibraryApp, libraryApp, materialOf } from './test-support.ts';

let t: LibraryApp;
beforeAll(async () => {
  t = await libraryApp({ jobs: true });
});
afterAll(() => t.close());

describe('the processing job', () => {
  it('is enqueued with the material and run by the queue worker', async () => {
    const material = materialOf(await t.add('news', await image(70, 35), 'queued.png'));
    const jobs = await t.jobs?.boss.findJobs('materials.process');
    expect(jobs?.map((job) => job.data)).toEqual([{ materialId: material.id }]);
    // The worker polls every half second: wait for its result rather than for a fixed time.
    await vi.waitFor(
      async () => {
        const detail = await t.get<Material>('/material/detail', 'news', { id: String(material.id) });
        expect(detail.body.data).toMatchObject({ status: 'ready', width: 70, height: 35 });
      },
      { timeout: 15_000, interval: 100 },
    );
  });

  it('schedules the sweep every hour, in UTC', async () => {
    const schedules = await t.jobs?.boss.getSchedules('materials.sweep');
    expect(schedules?.map((s) => ({ cron: s.cron, tz: s.timezone }))).toEqual([
      { cron: '17 * * * *', tz: 'UTC' },
    ]);
  });
});
