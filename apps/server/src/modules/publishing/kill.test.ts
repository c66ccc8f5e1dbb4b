import { describe, expect, it } from 'vitest';
import { breaches, type KillRunReport, runKillLoop, withPostgresDatabase } from '../../../bench/kill-loop.ts';

/**
 * The small version of the kill benchmark (bench/publish-kill.ts, issue 20 item 11): 100
 * publications across the 50 accounts of all ten platforms, Postdeck killed with SIGKILL 10 times
 * at moments a fixed seed picks, the local platform servers in a process of their own. On PGlite,
 * and in the server-postgres project on a database of the TEST_DATABASE_URL server. Nothing is
 * timed: each check holds whenever the kills land.
 */
const postgres = process.env['TEST_DB_KIND'] === 'postgres' ? process.env['TEST_DATABASE_URL'] : undefined;

const run = (databaseUrl: string | undefined) =>
  runKillLoop({ publications: 100, kills: 10, seed: 11, databaseUrl, settleTimeoutMs: 180_000 });

describe('publishing under kill -9', () => {
  it(
    'ends each publication in one final state, with one post per published one and none twice',
    { timeout: 420_000 },
    async () => {
      const report: KillRunReport = postgres
        ? await withPostgresDatabase(postgres, run)
        : await run(undefined);
      expect(report.publications).toBe(100);
      expect(Object.keys(report.states).sort()).toEqual([
        'bluesky',
        'facebook',
        'instagram',
        'linkedin',
        'mastodon',
        'telegram',
        'tiktok',
        'vk',
        'x',
        'youtube',
      ]);
      // Unconfirmed only where the platform can neither dedupe a resend nor be searched, or its search came up empty.
      expect(breaches(report)).toEqual({});
    },
  );
});
