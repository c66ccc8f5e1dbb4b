/**
 * The dimensions and metrics the Data API fake knows (platforms.md §11 Reports, "Names for
 * traffic from social"), as getMetadata describes them. `scope` drives the compatibility check:
 * since 2022-12-01 event-scoped metrics do not mix with session attribution dimensions.
 */

export type MetricType =
  | 'TYPE_INTEGER'
  | 'TYPE_FLOAT'
  | 'TYPE_SECONDS'
  | 'TYPE_MILLISECONDS'
  | 'TYPE_MINUTES'
  | 'TYPE_HOURS'
  | 'TYPE_STANDARD'
  | 'TYPE_CURRENCY'
  | 'TYPE_FEET'
  | 'TYPE_MILES'
  | 'TYPE_METERS'
  | 'TYPE_KILOMETERS';

export interface DimensionInfo {
  apiName: string;
  uiName: string;
  description: string;
  category: string;
  deprecatedApiNames?: string[];
  /** 'session' attribution dimensions refuse event-scoped metrics. */
  scope: 'session' | 'event' | 'any';
}

export interface MetricInfo {
  apiName: string;
  uiName: string;
  description: string;
  category: string;
  type: MetricType;
  expression?: string;
  deprecatedApiNames?: string[];
  scope: 'session' | 'event';
}

export const DIMENSIONS: readonly DimensionInfo[] = [
  {
    apiName: 'date',
    uiName: 'Date',
    description: 'The date of the event, formatted as YYYYMMDD.',
    category: 'Time',
    scope: 'any',
  },
  {
    apiName: 'sessionSource',
    uiName: 'Session source',
    description: 'The source that initiated a session on your website or app.',
    category: 'Traffic Source',
    scope: 'session',
  },
  {
    apiName: 'sessionMedium',
    uiName: 'Session medium',
    description: 'The medium that initiated a session on your website or app.',
    category: 'Traffic Source',
    scope: 'session',
  },
  {
    apiName: 'sessionSourceMedium',
    uiName: 'Session source / medium',
    description: 'The combined values of the dimensions sessionSource and sessionMedium.',
    category: 'Traffic Source',
    scope: 'session',
  },
  {
    apiName: 'sessionCampaignName',
    uiName: 'Session campaign',
    description: 'The marketing campaign name for a session.',
    category: 'Traffic Source',
    scope: 'session',
  },
  {
    apiName: 'sessionDefaultChannelGroup',
    uiName: 'Session default channel group',
    description: "The session's default channel group is based primarily on source and medium.",
    category: 'Traffic Source',
    scope: 'session',
  },
  {
    apiName: 'landingPage',
    uiName: 'Landing page',
    description: 'The page path associated with the first pageview in a session.',
    category: 'Page / Screen',
    scope: 'any',
  },
  {
    apiName: 'landingPagePlusQueryString',
    uiName: 'Landing page + query string',
    description: 'The page path + query string associated with the first pageview in a session.',
    category: 'Page / Screen',
    scope: 'any',
  },
  {
    apiName: 'pagePath',
    uiName: 'Page path',
    description: 'The portion of the URL between the hostname and query string for web pages visited.',
    category: 'Page / Screen',
    scope: 'any',
  },
];

export const METRICS: readonly MetricInfo[] = [
  {
    apiName: 'sessions',
    uiName: 'Sessions',
    description: 'The number of sessions that began on your site or app.',
    category: 'Session',
    type: 'TYPE_INTEGER',
    scope: 'session',
  },
  {
    apiName: 'engagedSessions',
    uiName: 'Engaged sessions',
    description:
      'The number of sessions that lasted longer than 10 seconds, or had a key event, or had 2 or more screen views.',
    category: 'Session',
    type: 'TYPE_INTEGER',
    scope: 'session',
  },
  {
    apiName: 'engagementRate',
    uiName: 'Engagement rate',
    description: 'The percentage of engaged sessions (Engaged sessions divided by Sessions).',
    category: 'Session',
    type: 'TYPE_FLOAT',
    expression: 'engagedSessions/sessions',
    scope: 'session',
  },
  {
    apiName: 'bounceRate',
    uiName: 'Bounce rate',
    description: 'The percentage of sessions that were not engaged.',
    category: 'Session',
    type: 'TYPE_FLOAT',
    expression: '(sessions - engagedSessions) / sessions',
    scope: 'session',
  },
  {
    apiName: 'averageSessionDuration',
    uiName: 'Average session duration',
    description: "The average duration (in seconds) of users' sessions.",
    category: 'Session',
    type: 'TYPE_SECONDS',
    scope: 'session',
  },
  {
    apiName: 'totalUsers',
    uiName: 'Total users',
    description: 'The number of distinct users who have logged at least one event.',
    category: 'User',
    type: 'TYPE_INTEGER',
    scope: 'session',
  },
  {
    apiName: 'activeUsers',
    uiName: 'Active users',
    description: 'The number of distinct users who visited your site or app.',
    category: 'User',
    type: 'TYPE_INTEGER',
    scope: 'session',
  },
  {
    apiName: 'newUsers',
    uiName: 'New users',
    description: 'The number of users who interacted with your site or launched your app for the first time.',
    category: 'User',
    type: 'TYPE_INTEGER',
    scope: 'session',
  },
  {
    apiName: 'screenPageViews',
    uiName: 'Views',
    description: 'The number of app screens or web pages your users viewed.',
    category: 'Page / Screen',
    type: 'TYPE_INTEGER',
    scope: 'session',
  },
  {
    apiName: 'eventCount',
    uiName: 'Event count',
    description: 'The count of events.',
    category: 'Event',
    type: 'TYPE_INTEGER',
    scope: 'event',
  },
];

export const dimensionInfo = new Map(DIMENSIONS.map((d) => [d.apiName, d]));
export const metricInfo = new Map(METRICS.map((m) => [m.apiName, m]));

/** GET /v1beta/properties/{id}/metadata (§11 Reports): proto3 JSON, empty fields left out. */
export function metadataJson(propertyId: string) {
  return {
    name: `properties/${propertyId}/metadata`,
    dimensions: DIMENSIONS.map(({ scope: _scope, ...dimension }) => dimension),
    metrics: METRICS.map(({ scope: _scope, ...metric }) => metric),
  };
}
