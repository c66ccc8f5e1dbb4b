import { describe, expect, it } from 'vitest';
import { formatTime, parseTime, timeAgo } from './time';

describe('parseTime (UT-1)', () => {
  it('reads the ISO 8601 times the server sends', () => {
    const iso = '2026-03-02T09:55:00.000Z';
    expect(parseTime(iso)).toBe(parseTime(new Date(iso)));
    expect(parseTime(iso)).not.toContain('NaN');
  });

  const d = new Date('2018-07-13 17:54:01');
  it('formats a Date, its string and a 10-digit timestamp string alike', () => {
    expect(parseTime(d)).toBe('2018-07-13 17:54:01');
    expect(parseTime(d + '')).toBe('2018-07-13 17:54:01');
    expect(parseTime((d.getTime() / 1000).toFixed(0))).toBe('2018-07-13 17:54:01');
    expect(parseTime(d.getTime() / 1000)).toBe('2018-07-13 17:54:01');
  });
  it('takes a custom format', () => {
    expect(parseTime(d, '{y}/{m}/{d} {h}-{i}')).toBe('2018/07/13 17-54');
  });
  it('gives the weekday', () => {
    expect(parseTime(d, '{a}')).toBe('五');
    expect(parseTime(+d + 1000 * 60 * 60 * 24 * 2, '{a}')).toBe('日');
  });
  it('gives null for falsy input', () => {
    expect(parseTime(null)).toBeNull();
    expect(parseTime('')).toBeNull();
  });
});

describe('formatTime (UT-2) with an injected clock', () => {
  const now = new Date('2020-03-05 12:00:00').getTime();
  it('uses the template thresholds in Chinese', () => {
    expect(formatTime(now - 10_000, { now })).toBe('刚刚');
    expect(formatTime(now - 2 * 60_000 + 5000, { now })).toBe('2分钟前');
    expect(formatTime(now - 2 * 3_600_000 + 5000, { now })).toBe('2小时前');
    expect(formatTime(now - 30 * 3_600_000, { now })).toBe('1天前');
    expect(formatTime(new Date('2018-07-13 17:54:01'), { now })).toBe('7月13日17时54分');
    expect(formatTime(new Date('2018-07-13 17:54:01'), { now, format: '{y}-{m}-{d}' })).toBe('2018-07-13');
  });
  it('speaks the other three languages with the same thresholds', () => {
    const twoMin = now - 2 * 60_000 + 5000;
    expect(formatTime(twoMin, { now, lang: 'en' })).toBe('2 minutes ago');
    expect(formatTime(twoMin, { now, lang: 'es' })).toBe('hace 2 minutos');
    expect(formatTime(twoMin, { now, lang: 'ja' })).toBe('2分前');
    expect(formatTime(now - 2 * 3_600_000 + 5000, { now, lang: 'en' })).toBe('2 hours ago');
    expect(formatTime(now - 10_000, { now, lang: 'ja' })).toBe('たった今');
    expect(formatTime(now - 30 * 3_600_000, { now, lang: 'es' })).toBe('hace 1 día');
  });
});

describe('timeAgo (UT-3)', () => {
  it('picks minutes, hours or days and pluralises', () => {
    expect(timeAgo(0)).toBe('0 minutes');
    expect(timeAgo(60)).toBe('1 minute');
    expect(timeAgo(7200)).toBe('2 hours');
    expect(timeAgo(86400)).toBe('1 day');
    expect(timeAgo(3 * 86400)).toBe('3 days');
  });
});
