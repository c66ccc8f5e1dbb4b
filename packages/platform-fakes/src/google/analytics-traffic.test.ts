import { describe, expect, it } from 'vitest';
import { defaultChannelGroup, generateTraffic, taggedLinks } from './analytics-traffic.ts';

const LINK = 'https://shop.example/post/1?utm_source=facebook&utm_medium=social&utm_campaign=42';
const published = new Date('2026-03-05T08:00:00Z');
const base = {
  seed: 'seed-1',
  links: [{ url: LINK, publishedAt: published }],
  timeZone: 'Europe/Berlin',
  from: '2026-03-01',
  to: '2026-03-20',
  now: new Date('2026-03-12T12:00:00Z'),
  background: false,
};

describe('GA4 traffic generator', () => {
  it('gives the same sessions for the same seed and links, others for another seed', () => {
    const once = generateTraffic(base);
    expect(generateTraffic({ ...base })).toEqual(once);
    expect(once.length).toBeGreaterThan(0);
    expect(generateTraffic({ ...base, seed: 'seed-2' })).not.toEqual(once);
  });

  it("brings a link's sessions only from the day it was published, and none after today", () => {
    const rows = generateTraffic(base);
    const dates = rows.map((row) => row.date);
    expect(Math.min(...dates.map(Date.parse))).toBeGreaterThanOrEqual(Date.parse('2026-03-05'));
    expect(Math.max(...dates.map(Date.parse))).toBeLessThanOrEqual(Date.parse('2026-03-12'));
    expect(dates).toContain('2026-03-06');
    for (const row of rows) {
      expect(row).toMatchObject({
        source: 'facebook',
        medium: 'social',
        campaign: '42',
        landingPage: '/post/1?utm_source=facebook&utm_medium=social&utm_campaign=42',
      });
      expect(row.engagedSessions).toBeLessThanOrEqual(row.sessions);
      expect(row.totalUsers).toBeLessThanOrEqual(row.sessions);
      expect(row.newUsers).toBeLessThanOrEqual(row.totalUsers);
    }
    // Not yet published: nothing.
    expect(generateTraffic({ ...base, now: new Date('2026-03-04T12:00:00Z') })).toEqual([]);
  });

  it('grows today with the clock, and keeps the days before as they were', () => {
    const morning = generateTraffic({ ...base, now: new Date('2026-03-12T06:00:00Z') });
    const evening = generateTraffic({ ...base, now: new Date('2026-03-12T21:00:00Z') });
    const before = (rows: typeof morning) => rows.filter((row) => row.date < '2026-03-12');
    expect(before(evening)).toEqual(before(morning));
    const today = (rows: typeof morning) =>
      rows.filter((row) => row.date === '2026-03-12').reduce((sum, row) => sum + row.sessions, 0);
    expect(today(evening)).toBeGreaterThanOrEqual(today(morning));
  });

  it('adds a background of other sources every day when asked', () => {
    const rows = generateTraffic({ ...base, links: [], background: true });
    expect(new Set(rows.map((row) => row.date)).size).toBe(12);
    expect(new Set(rows.map((row) => row.source))).toContain('google');
    expect(rows.every((row) => !row.landingPage.includes('utm_'))).toBe(true);
  });

  it('finds the tagged links in posts, each from its first publication', () => {
    const links = taggedLinks([
      { text: `New post! ${LINK}.`, createdAt: '2026-03-06T00:00:00Z' },
      { text: `Again ${LINK}`, createdAt: published },
      { text: 'Untagged https://shop.example/post/2 and none', createdAt: published },
    ]);
    expect(links).toEqual([{ url: LINK, publishedAt: published, removedAt: undefined }]);
  });

  it("derives GA4's default channel group", () => {
    expect(defaultChannelGroup('facebook', 'social', '42')).toBe('Organic Social');
    expect(defaultChannelGroup('mastodon', 'social', '42')).toBe('Organic Social');
    expect(defaultChannelGroup('unknown-site', 'social', '42')).toBe('Organic Social');
    expect(defaultChannelGroup('facebook', 'paid_social', '42')).toBe('Paid Social');
    expect(defaultChannelGroup('google', 'organic', '(organic)')).toBe('Organic Search');
    expect(defaultChannelGroup('(direct)', '(none)', '(direct)')).toBe('Direct');
    expect(defaultChannelGroup('newsletter', 'email', 'x')).toBe('Email');
  });
});
