import type { Language } from '@postdeck/contract/constants';
import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import {
  POST_METRICS,
  type StatisticsAccounts,
  type StatisticsOverview,
  type StatisticsTop,
  type StatsTotals,
} from '@postdeck/contract/statistics';
import ExcelJS from 'exceljs';
import { PLATFORM_ERROR_KINDS, type PlatformErrorKind } from '../../platforms/errors.ts';
import { STATISTICS_EXPORT_TEXTS } from './export-texts.ts';

const isPlatformErrorKind = (cause: string): cause is PlatformErrorKind =>
  (PLATFORM_ERROR_KINDS as readonly string[]).includes(cause);

/** The figures of the statistics page as a workbook: a sheet per part, headers in the caller's language. */
export async function statisticsWorkbook(
  overview: StatisticsOverview,
  perAccount: StatisticsAccounts,
  topPublications: StatisticsTop,
  lang: Language,
): Promise<Buffer> {
  const texts = STATISTICS_EXPORT_TEXTS[lang];
  const workbook = new ExcelJS.Workbook();
  const sheet = (name: string, header: string[], rows: (string | number | null)[][]) => {
    const ws = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.addRow(header).font = { bold: true };
    for (const row of rows) ws.addRow(row);
    ws.columns.forEach((column) => {
      column.width = 16;
    });
  };
  const totalsHeader = [
    texts.columns.publications,
    texts.columns.published,
    texts.columns.failed,
    texts.columns.engagement,
    ...POST_METRICS.map((m) => texts.columns[m]),
  ];
  const totals = (t: StatsTotals) => [
    t.publications,
    t.published,
    t.failed,
    t.engagement,
    ...POST_METRICS.map((m) => t[m]),
  ];
  const causeName = (cause: string) =>
    isPlatformErrorKind(cause) ? texts.causes[cause] : texts.causes.other.replace('{{cause}}', cause);
  const platformName = (platform: string) =>
    PLATFORM_CAPABILITIES[platform as keyof typeof PLATFORM_CAPABILITIES]?.displayName ?? platform;

  const f = overview.figures;
  sheet(
    texts.sheets.overview,
    [texts.columns.figure, texts.columns.value, texts.columns.previous],
    [
      [
        texts.figures.range,
        `${overview.range.from} – ${overview.range.to}`,
        `${overview.previousRange.from} – ${overview.previousRange.to}`,
      ],
      [texts.figures.publications, f.publications.value, f.publications.previous],
      [texts.figures.failed, f.failed.value, f.failed.previous],
      [texts.figures.successRate, f.successRate.value, f.successRate.previous],
      [texts.figures.engagement, f.engagement.value, f.engagement.previous],
      [texts.figures.views, f.views.value, f.views.previous],
      [texts.figures.followerChange, f.followerChange.value, f.followerChange.previous],
    ],
  );
  sheet(
    texts.sheets.trend,
    [texts.columns.bucket, ...totalsHeader],
    overview.trend.map((t) => [t.bucket, ...totals(t)]),
  );
  sheet(
    texts.sheets.platforms,
    [texts.columns.platform, ...totalsHeader],
    overview.byPlatform.map((t) => [platformName(t.platform), ...totals(t)]),
  );
  sheet(
    texts.sheets.accounts,
    [
      texts.columns.account,
      texts.columns.platform,
      texts.columns.followers,
      texts.columns.followerChange,
      ...totalsHeader,
    ],
    perAccount.items.map((t) => [
      t.name,
      platformName(t.platform),
      t.followers,
      t.followerChange,
      ...totals(t),
    ]),
  );
  sheet(
    texts.sheets.top,
    [
      texts.columns.title,
      texts.columns.platform,
      texts.columns.account,
      texts.columns.publishedAt,
      texts.columns.link,
      texts.columns.engagement,
      ...POST_METRICS.map((m) => texts.columns[m]),
    ],
    topPublications.items.map((t) => [
      t.title,
      platformName(t.platform),
      t.account.name,
      t.publishedAt.replace('T', ' ').slice(0, 19),
      t.externalUrl,
      t.engagement,
      ...POST_METRICS.map((m) => t.metrics[m] ?? null),
    ]),
  );
  sheet(
    texts.sheets.failures,
    [texts.columns.cause, texts.columns.count],
    overview.failureCauses.map((c) => [causeName(c.cause), c.count]),
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
