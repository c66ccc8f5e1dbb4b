import { PUBLISHING_PLATFORMS } from '@postdeck/contract/platforms';
import { type Ga4FilterExpression, type Ga4Report, type Ga4ReportRequest, MAX_ROWS } from './reports.ts';

/**
 * What social publishing brought to a site (issue 23, the statistics' web traffic), as two reports
 * of one batchRunReports: sessions by day, source and medium for medium "social" from the
 * platforms Postdeck publishes to; and by day and landing page (with its query) for the links
 * Postdeck tagged (utm_source=<platform>&utm_medium=social&utm_campaign=<content>).
 */

/** The counts the statistics keep (contract statistics.ts, trafficCounts). */
export interface TrafficCounts {
  sessions: number;
  totalUsers: number;
  engagedSessions: number;
}

export interface SourceTraffic extends TrafficCounts {
  /** YYYY-MM-DD, in the property's time zone. */
  date: string;
  source: string;
  medium: string;
}

export interface LinkTraffic extends TrafficCounts {
  date: string;
  /** Path and query ("/post?utm_source=facebook&utm_medium=social&utm_campaign=42"). */
  landingPage: string;
  source: string;
  campaign: string;
}

export interface SocialTraffic {
  bySource: SourceTraffic[];
  byLink: LinkTraffic[];
  /** The property's time zone, which the dates are in. */
  timeZone?: string | undefined;
  /** Google hid small counts (thresholding) in one of the reports. */
  thresholded: boolean;
}

/** The days wanted: YYYY-MM-DD (or NdaysAgo, yesterday, today), in the property's time zone. */
export interface TrafficPeriod {
  from: string;
  to: string;
}

const METRICS = [{ name: 'sessions' }, { name: 'totalUsers' }, { name: 'engagedSessions' }];

const exact = (fieldName: string, value: string): Ga4FilterExpression => ({
  filter: { fieldName, stringFilter: { matchType: 'EXACT', value } },
});
const fromPlatforms: Ga4FilterExpression = {
  filter: { fieldName: 'sessionSource', inListFilter: { values: [...PUBLISHING_PLATFORMS] } },
};
const byDate = { dimension: { dimensionName: 'date', orderType: 'NUMERIC' as const } };

export function socialTrafficRequests(period: TrafficPeriod): [Ga4ReportRequest, Ga4ReportRequest] {
  const common = {
    dateRanges: [{ startDate: period.from, endDate: period.to }],
    metrics: METRICS,
    orderBys: [byDate],
    limit: MAX_ROWS,
  };
  return [
    {
      ...common,
      dimensions: [{ name: 'date' }, { name: 'sessionSource' }, { name: 'sessionMedium' }],
      dimensionFilter: { andGroup: { expressions: [exact('sessionMedium', 'social'), fromPlatforms] } },
      returnPropertyQuota: true,
    },
    {
      ...common,
      dimensions: [
        { name: 'date' },
        { name: 'landingPagePlusQueryString' },
        { name: 'sessionSource' },
        { name: 'sessionCampaignName' },
      ],
      dimensionFilter: {
        andGroup: {
          expressions: [
            exact('sessionMedium', 'social'),
            fromPlatforms,
            {
              filter: {
                fieldName: 'landingPagePlusQueryString',
                stringFilter: { matchType: 'CONTAINS', value: 'utm_campaign=' },
              },
            },
          ],
        },
      },
    },
  ];
}

/** GA's date dimension (YYYYMMDD) as YYYY-MM-DD. */
const isoDate = (value: string) =>
  /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}` : value;

const counts = (metrics: Record<string, number>): TrafficCounts => ({
  sessions: metrics['sessions'] ?? 0,
  totalUsers: metrics['totalUsers'] ?? 0,
  engagedSessions: metrics['engagedSessions'] ?? 0,
});

export function readSocialTraffic(sources: Ga4Report, links: Ga4Report): SocialTraffic {
  return {
    bySource: sources.rows.map(({ dimensions, metrics }) => ({
      date: isoDate(dimensions['date'] ?? ''),
      source: dimensions['sessionSource'] ?? '',
      medium: dimensions['sessionMedium'] ?? '',
      ...counts(metrics),
    })),
    byLink: links.rows.map(({ dimensions, metrics }) => ({
      date: isoDate(dimensions['date'] ?? ''),
      landingPage: dimensions['landingPagePlusQueryString'] ?? '',
      source: dimensions['sessionSource'] ?? '',
      campaign: dimensions['sessionCampaignName'] ?? '',
      ...counts(metrics),
    })),
    timeZone: sources.timeZone ?? links.timeZone,
    thresholded: Boolean(sources.subjectToThresholding || links.subjectToThresholding),
  };
}
