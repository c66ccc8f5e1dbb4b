import type { Language } from '@postdeck/contract/constants';
import type { StatisticsHeatmap } from '@postdeck/contract/statistics';
import { Segmented, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { type HeatmapMetric, heatmapGrid, heatmapOption } from '../chart-options';
import { type NumberFormats, hourNames, weekdayNames } from '../format';
import { ChartCard } from './chart-card';
import { EChart } from './echart';
import styles from './statistics.module.css';
import { useChartTheme } from './use-chart-theme';

/** Publications or engagement by weekday and hour of publishing (UTC), as a chart or a 7 × 24 table. */
export function ActivityHeatmap({
  heatmap,
  lang,
  formats,
}: {
  heatmap: {
    data: StatisticsHeatmap | undefined;
    isPending: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  lang: Language;
  formats: NumberFormats;
}) {
  const { t } = useTranslation();
  const chartTheme = useChartTheme();
  const [metric, setMetric] = useState<HeatmapMetric>('publications');
  const weekdays = useMemo(() => weekdayNames(lang), [lang]);
  const hours = useMemo(() => hourNames(lang), [lang]);
  const cells = heatmap.data?.cells;
  const grid = useMemo(() => heatmapGrid(cells ?? [], metric), [cells, metric]);
  const metricName = t(`statistics.heatmap.${metric}`);
  const option = useMemo(
    () => heatmapOption(grid, weekdays, hours, metricName, formats, chartTheme),
    [grid, weekdays, hours, metricName, formats, chartTheme],
  );

  let most: { weekday: number; hour: number; value: number } | undefined;
  grid.forEach((row, weekday) =>
    row.forEach((value, hour) => {
      if (value !== null && value > 0 && (!most || value > most.value)) most = { weekday, hour, value };
    }),
  );
  const summary = most
    ? t('statistics.heatmap.summary', {
        metric: metricName,
        weekday: weekdayNames(lang, 'long')[most.weekday],
        hour: hours[most.hour],
        value: formats.count(most.value),
      })
    : t('statistics.heatmap.summaryEmpty', { metric: metricName });

  const title = t('statistics.heatmap.title');
  const metricSwitch = (
    <Segmented<HeatmapMetric>
      size="small"
      aria-label={t('statistics.heatmap.metric')}
      value={metric}
      onChange={setMetric}
      style={{ marginInlineEnd: 8 }}
      options={[
        { value: 'publications', label: t('statistics.heatmap.publications') },
        { value: 'engagement', label: t('statistics.heatmap.engagement') },
      ]}
    />
  );
  if (heatmap.isPending || (heatmap.isError && !heatmap.data))
    return (
      <ChartCard
        title={title}
        chart={
          heatmap.isPending ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : (
            <LoadError title={t('statistics.loadFailed')} onRetry={() => heatmap.refetch()} />
          )
        }
        table={() => null}
      />
    );
  return (
    <ChartCard
      title={title}
      extra={metricSwitch}
      chart={<EChart option={option} label={summary} height={320} />}
      table={() => (
        <div className={styles.scroll} tabIndex={0} role="region" aria-label={summary}>
          <table className={styles.heatmapTable} data-testid="heatmap-table">
            <caption className={styles.caption}>
              {t('statistics.heatmap.caption', { metric: metricName })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('statistics.heatmap.weekday')}</th>
                {hours.map((hour) => (
                  <th scope="col" key={hour}>
                    {hour}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {grid.map((row, weekday) => (
                <tr key={weekday}>
                  <th scope="row">{weekdays[weekday]}</th>
                  {row.map((value, hour) => (
                    <td key={hour}>{formats.count(value)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    />
  );
}
