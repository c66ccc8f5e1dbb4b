import type { StatisticsOverview, StatsGranularity } from '@postdeck/contract/statistics';
import { Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { trendOption } from '../chart-options';
import { type NumberFormats, bucketLabel } from '../format';
import type { Language } from '@postdeck/contract/constants';
import { ChartCard } from './chart-card';
import { EChart } from './echart';
import { useChartTheme } from './use-chart-theme';

type Point = StatisticsOverview['trend'][number];

/** Publications, failures, engagement and views per day, week or month, as a chart or a table. */
export function TrendSection({
  overview,
  granularity,
  lang,
  formats,
  rangeText,
}: {
  overview: StatisticsOverview;
  granularity: StatsGranularity;
  lang: Language;
  formats: NumberFormats;
  rangeText: { from: string; to: string };
}) {
  const { t } = useTranslation();
  const chartTheme = useChartTheme();
  const { trend, figures } = overview;
  const labels = useMemo(
    () => trend.map((p) => bucketLabel(p.bucket, granularity, lang)),
    [trend, granularity, lang],
  );
  const names = useMemo(
    () => ({
      publications: t('statistics.columns.publications'),
      failed: t('statistics.columns.failed'),
      engagement: t('statistics.columns.engagement'),
      views: t('statistics.columns.views'),
    }),
    [t],
  );
  const option = useMemo(
    () => trendOption(trend, labels, names, formats, chartTheme),
    [trend, labels, names, formats, chartTheme],
  );
  const summary = t('statistics.trend.summary', {
    granularity: t(`statistics.granularities.${granularity}`),
    from: rangeText.from,
    to: rangeText.to,
    publications: formats.count(figures.publications.value),
    failed: formats.count(figures.failed.value),
    engagement: formats.count(figures.engagement.value),
    views: formats.count(figures.views.value),
  });
  return (
    <ChartCard
      title={t('statistics.trend.title')}
      chart={<EChart option={option} label={summary} height={300} />}
      table={() => (
        <Table<Point & { label: string }>
          size="small"
          rowKey="bucket"
          pagination={false}
          scroll={{ y: 320 }}
          dataSource={trend.map((p, index) => ({ ...p, label: labels[index] ?? p.bucket }))}
          columns={[
            { key: 'period', title: t('statistics.trend.period'), dataIndex: 'label' },
            ...(['publications', 'failed', 'engagement', 'views'] as const).map((key) => ({
              key,
              title: names[key],
              align: 'right' as const,
              render: (_: unknown, p: Point) => formats.count(p[key]),
            })),
          ]}
        />
      )}
    />
  );
}
