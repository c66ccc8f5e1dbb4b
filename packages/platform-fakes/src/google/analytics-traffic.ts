/**
 * The sessions a GA4 property's fake holds (platforms.md §11 Fake-server notes, "Data"): rows of
 * (date, source, medium, campaign, landing page with its query) with their counts, generated
 * deterministically from a seed. Links published with UTM parameters bring sessions from the day
 * they were published, fading day by day; a background of organic search, direct, referral and
 * e-mail visits comes every day. Nothing is generated for a day after the clock's today, and
 * today (and the day of publishing) only for the part of the day that has passed.
 */

/** One row of sessions as GA4 would aggregate them (session-scoped, last click). */
export interface TrafficSessions {
  /** YYYY-MM-DD, in the property's time zone. */
  date: string;
  source: string;
  medium: string;
  campaign: string;
  /** Path and query, as landingPagePlusQueryString reads ("/blog/a?utm_source=x"). */
  landingPage: string;
  sessions: number;
  engagedSessions: number;
  totalUsers: number;
  newUsers: number;
  screenPageViews: number;
  /** Summed session duration, for averageSessionDuration. */
  durationS: number;
}

/** A link that was published (in a post's text) at a moment. */
export interface PublishedLink {
  url: string;
  publishedAt: Date;
  /** When the post was deleted: no new sessions from the day after. */
  removedAt?: Date | undefined;
}

/** What the fakes' PostStores hold, as much as the generator reads. */
export interface PostLike {
  text: string;
  createdAt: Date | string;
  deletedAt?: Date | string | undefined;
}

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/**
 * The links in posts' texts that carry utm_source, each at the first time it was published
 * (the same URL in two posts counts from the earlier).
 */
export function taggedLinks(posts: readonly PostLike[]): PublishedLink[] {
  const found = new Map<string, PublishedLink>();
  for (const post of posts) {
    for (const [match] of post.text.matchAll(URL_PATTERN)) {
      const url = match.replace(/[).,;!?]+$/, '');
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        continue;
      }
      if (!parsed.searchParams.get('utm_source')) continue;
      const publishedAt = new Date(post.createdAt);
      const removedAt = post.deletedAt === undefined ? undefined : new Date(post.deletedAt);
      const known = found.get(url);
      if (!known || known.publishedAt > publishedAt) found.set(url, { url, publishedAt, removedAt });
    }
  }
  return [...found.values()];
}

/** FNV-1a over the parts: the one source of the generator's numbers. */
function hash(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const char of parts.join('\u0000')) {
    h ^= char.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193);
  }
  // A final mix so that near inputs spread.
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h >>> 0;
}

/** A number in [0, 1) fixed by the parts. */
const unit = (...parts: (string | number)[]) => hash(...parts) / 2 ** 32;

/** Rounds up or down by a fixed draw, so the expected value is kept without randomness. */
const roundBy = (value: number, draw: number) => Math.floor(value + draw);

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
export const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
export const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of a moment in a time zone (YYYY-MM-DD). */
export function dateIn(timeZone: string, at: Date): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts['year']}-${parts['month']}-${parts['day']}`;
}

/** The part of its day (in the time zone) that has passed at a moment, in [0, 1). */
function dayFraction(timeZone: string, at: Date): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  );
  return ((parts['hour'] ?? 0) * 60 + (parts['minute'] ?? 0)) / 1440;
}

function counts(
  sessions: number,
  draw: (name: string) => number,
): Omit<TrafficSessions, 'date' | 'source' | 'medium' | 'campaign' | 'landingPage'> {
  const engagedSessions = Math.min(sessions, roundBy(sessions * (0.35 + 0.4 * draw('engaged')), draw('e')));
  const totalUsers = Math.max(1, Math.min(sessions, Math.ceil(sessions * (0.75 + 0.2 * draw('users')))));
  return {
    sessions,
    engagedSessions,
    totalUsers,
    newUsers: Math.min(totalUsers, roundBy(totalUsers * (0.5 + 0.3 * draw('new')), draw('n'))),
    screenPageViews: sessions + engagedSessions + roundBy(engagedSessions * draw('views'), draw('v')),
    durationS: engagedSessions * (40 + Math.floor(120 * draw('duration'))) + sessions * 8,
  };
}

export interface GenerateOptions {
  seed: string;
  links: readonly PublishedLink[];
  /** The property's time zone: days, and the day a link was published, are its. */
  timeZone: string;
  /** First and last day wanted (YYYY-MM-DD); nothing comes after `now`'s day. */
  from: string;
  to: string;
  now: Date;
  /** Organic, direct, referral and e-mail visits every day (default true). */
  background?: boolean;
}

/** How many days a link keeps bringing visits after it was published. */
const LINK_DAYS = 30;

/** The background a site has besides social posts: source, medium, campaign, sessions a day (most). */
const BACKGROUND = [
  { source: 'google', medium: 'organic', campaign: '(organic)', most: 60 },
  { source: '(direct)', medium: '(none)', campaign: '(direct)', most: 30 },
  { source: 'bing', medium: 'organic', campaign: '(organic)', most: 8 },
  { source: 'news.ycombinator.com', medium: 'referral', campaign: '(referral)', most: 5 },
  // A post's link shared without tags: Facebook's link shim, counted as Organic Social by its source.
  { source: 'm.facebook.com', medium: 'referral', campaign: '(referral)', most: 6 },
  { source: 'newsletter', medium: 'email', campaign: 'monthly_newsletter', most: 4 },
] as const;
const BACKGROUND_PAGES = ['/', '/blog', '/pricing', '/docs/getting-started'];

/**
 * The sessions of every day from `from` to `to` (capped at today): the tagged links' since each
 * was published, and the background. The same options give the same rows.
 */
export function generateTraffic(options: GenerateOptions): TrafficSessions[] {
  const today = dateIn(options.timeZone, options.now);
  const todayNumber = dayNumber(today);
  const todayPart = dayFraction(options.timeZone, options.now);
  const first = dayNumber(options.from);
  const last = Math.min(dayNumber(options.to), todayNumber);
  const rows: TrafficSessions[] = [];
  for (let day = first; day <= last; day++) {
    const date = dateOfDay(day);
    const share = day === todayNumber ? todayPart : 1;
    for (const link of options.links) rows.push(...linkSessions(options, link, day, date, share));
    if (options.background ?? true) {
      // Weekends are quieter.
      const weekday = new Date(day * DAY_MS).getUTCDay();
      const weekly = weekday === 0 || weekday === 6 ? 0.65 : 1;
      for (const source of BACKGROUND) {
        for (const page of BACKGROUND_PAGES) {
          const draw = (name: string) => unit(options.seed, 'bg', date, source.source, page, name);
          const pageShare = page === '/' ? 0.5 : 0.5 / (BACKGROUND_PAGES.length - 1);
          const sessions = roundBy(source.most * draw('size') * pageShare * weekly * share, draw('round'));
          if (sessions <= 0) continue;
          rows.push({
            date,
            source: source.source,
            medium: source.medium,
            campaign: source.campaign,
            landingPage: page,
            ...counts(sessions, draw),
          });
        }
      }
    }
  }
  return rows;
}

function linkSessions(
  options: GenerateOptions,
  link: PublishedLink,
  day: number,
  date: string,
  share: number,
): TrafficSessions[] {
  const published = dayNumber(dateIn(options.timeZone, link.publishedAt));
  const age = day - published;
  if (age < 0 || age > LINK_DAYS) return [];
  if (link.removedAt && day > dayNumber(dateIn(options.timeZone, link.removedAt))) return [];
  let url: URL;
  try {
    url = new URL(link.url);
  } catch {
    return [];
  }
  const draw = (name: string) => unit(options.seed, link.url, date, name);
  // How big the link is (5 to 45 sessions its first full day) and how fast it fades: fixed per link.
  const size = 5 + 40 * unit(options.seed, link.url, 'size');
  const fade = 0.45 + 0.35 * unit(options.seed, link.url, 'fade');
  // The day of publishing counts from the moment of publishing.
  const first = age === 0 ? 1 - dayFraction(options.timeZone, link.publishedAt) : 1;
  const expected = size * fade ** age * first * share * (0.8 + 0.4 * draw('noise'));
  const sessions = roundBy(expected, draw('round'));
  if (sessions <= 0) return [];
  const params = url.searchParams;
  return [
    {
      date,
      source: params.get('utm_source') ?? '(not set)',
      medium: params.get('utm_medium') ?? '(not set)',
      campaign: params.get('utm_campaign') ?? '(not set)',
      landingPage: `${url.pathname}${url.search}`,
      ...counts(sessions, draw),
    },
  ];
}

const SOCIAL_SOURCES =
  /^(facebook|m\.facebook\.com|l\.facebook\.com|lm\.facebook\.com|instagram|l\.instagram\.com|linkedin|lnkd\.in|linkedin\.com|x|twitter|t\.co|vk|vk\.com|telegram|t\.me|tiktok|mastodon|bluesky|bsky\.app|pinterest|reddit|threads|youtube)$/i;
const SEARCH_SOURCES = /^(google|bing|yahoo|duckduckgo|baidu|yandex|ecosia)$/i;
const VIDEO_SOURCES = /^(youtube|vimeo|youtube\.com|m\.youtube\.com)$/i;
const PAID = /^(.*cp.*|ppc|retargeting|paid.*)$/i;
const SOCIAL_MEDIUMS = ['social', 'social-network', 'social-media', 'sm', 'social network', 'social media'];

/**
 * GA4's default channel group (§11 UTM and channel groups): the first rule that holds, in
 * Google's order (Direct, Cross-network, Paid Search, Paid Social, Paid Other, Organic Social,
 * Organic Video, Organic Search, Referral, Email, Unassigned).
 */
export function defaultChannelGroup(source: string, medium: string, campaign: string): string {
  const m = medium.toLowerCase();
  if (source === '(direct)' && (m === '(none)' || m === '(not set)')) return 'Direct';
  if (/cross-network/i.test(campaign)) return 'Cross-network';
  if (SEARCH_SOURCES.test(source) && PAID.test(m)) return 'Paid Search';
  if (SOCIAL_SOURCES.test(source) && PAID.test(m)) return 'Paid Social';
  if (PAID.test(m)) return 'Paid Other';
  if (SOCIAL_SOURCES.test(source) || SOCIAL_MEDIUMS.includes(m)) return 'Organic Social';
  if (VIDEO_SOURCES.test(source) || /video/.test(m)) return 'Organic Video';
  if (SEARCH_SOURCES.test(source) || m === 'organic') return 'Organic Search';
  if (m === 'referral' || m === 'app' || m === 'link') return 'Referral';
  if (/^(email|e-mail|e_mail|e mail)$/.test(m) || /^(email|e-mail|e_mail|e mail)$/i.test(source))
    return 'Email';
  return 'Unassigned';
}
