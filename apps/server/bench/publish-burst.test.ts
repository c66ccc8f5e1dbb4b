import { describe, expect, it } from 'vitest';
import { runBurst } from './burst.ts';

/**
 * The small version of the on-time benchmark (bench/publish-burst.ts, issue 22 item 4): 315
 * publications over the 35 accounts of the seven platforms that take text alone, due over 10 s
 * a few seconds from now, sent by Postdeck (PGlite, one process) to the local servers. Lateness
 * is the benchmark's to measure; here only what must hold whatever the machine's speed: every one
 * published, once, none before its due time, no limit a local server keeps exceeded.
 */
describe('a burst of due publications', () => {
  it('sends each once, none early, within the platforms’ limits', { timeout: 300_000 }, async () => {
    const report = await runBurst({
      publications: 315,
      spreadMs: 10_000,
      wholeMinute: false,
      marginMs: 3_000,
      platforms: ['facebook', 'x', 'vk', 'telegram', 'linkedin', 'mastodon', 'bluesky'],
      pollRate: 0,
      settleMs: 150_000,
    });
    expect(report.publications).toBe(315);
    expect(report.notFinalNotHeldBack).toEqual([]);
    const states = report.platforms.map((p) => [p.platform, p.published, p.failed, p.unconfirmed]);
    expect(states).toEqual(report.platforms.map((p) => [p.platform, 45, 0, 0]));
    expect(report.postMismatch).toEqual([]);
    expect(report.early).toEqual([]);
    expect(report.limits).toEqual([]);
    expect(report.crashes).toBe(0);
  });
});
