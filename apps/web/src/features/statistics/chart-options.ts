import type { StatisticsHeatmap, StatisticsOverview } from '@postdeck/contract/statistics';
import type { BarSeriesOption, HeatmapSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
  VisualMapComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { NumberFormats } from './format';

export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | HeatmapSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
  | VisualMapComponentOption
>;

/** The colours a chart takes from the app's theme (antd's tokens). */
export interface ChartTheme {
  primary: string;
  error: string;
  success: string;
  warning: string;
  text: string;
  textSecondary: string;
  border: string;
  background: string;
}

export type HeatmapMetric = 'publications' | 'engagement';

/**
 * The heatmap's 7 × 24 grid (rows Monday … Sunday, columns hours 0–23, UTC): the cells' values,
 * null where the answer has no cell or, for engagement, no figure.
 */
export function heatmapGrid(cells: StatisticsHeatmap['cells'], metric: HeatmapMetric): (number | null)[][] {
  const grid: (number | null)[][] = Array.from({ length: 7 }, () =>
    Array.from({ length: 24 }, (): number | null => (metric === 'publications' ? 0 : null)),
  );
  for (const cell of cells) {
    const row = grid[cell.weekday];
    if (row && cell.hour >= 0 && cell.hour < 24) row[cell.hour] = cell[metric];
  }
  return grid;
}

/** A tooltip's lines in the page's words: a heading, then "name: value" per series. */
const tooltipText = (heading: string, lines: readonly [string, string][]) =>
  [heading, ...lines.map(([name, value]) => `${name}: ${value}`)]
    .map((line) => line.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`))
    .join('<br/>');

export interface TrendNames {
  publications: string;
  failed: string;
  engagement: string;
  views: string;
}

/**
 * The trend: publications and failures as bars (left axis), engagement and views as lines
 * (right axis); an absent figure is a gap, not a zero.
 */
export function trendOption(
  trend: StatisticsOverview['trend'],
  labels: readonly string[],
  names: TrendNames,
  formats: NumberFormats,
  theme: ChartTheme,
): ChartOption {
  const axisLabel = { color: theme.textSecondary, formatter: (value: number) => formats.count(value) };
  return {
    color: [theme.primary, theme.error, theme.success, theme.warning],
    textStyle: { color: theme.text },
    grid: { left: 8, right: 8, top: 40, bottom: 8 },
    legend: { top: 0, textStyle: { color: theme.text } },
    tooltip: {
      trigger: 'axis',
      backgroundColor: theme.background,
      borderColor: theme.border,
      textStyle: { color: theme.text },
      formatter: (params: unknown) => {
        const list = (Array.isArray(params) ? params : [params]) as {
          dataIndex: number;
          seriesName: string;
          value: number | null;
        }[];
        const index = list[0]?.dataIndex ?? 0;
        return tooltipText(
          labels[index] ?? '',
          list.map((item) => [item.seriesName, formats.count(item.value)]),
        );
      },
    },
    xAxis: {
      type: 'category',
      data: [...labels],
      axisLabel: { color: theme.textSecondary },
      axisLine: { lineStyle: { color: theme.border } },
    },
    yAxis: [
      { type: 'value', minInterval: 1, axisLabel, splitLine: { lineStyle: { color: theme.border } } },
      { type: 'value', axisLabel, splitLine: { show: false } },
    ],
    series: [
      { type: 'bar', name: names.publications, data: trend.map((p) => p.publications) },
      { type: 'bar', name: names.failed, data: trend.map((p) => p.failed) },
      {
        type: 'line',
        name: names.engagement,
        yAxisIndex: 1,
        connectNulls: false,
        data: trend.map((p) => p.engagement),
      },
      {
        type: 'line',
        name: names.views,
        yAxisIndex: 1,
        connectNulls: false,
        data: trend.map((p) => p.views),
      },
    ],
  };
}

/** The weekday-by-hour heatmap of one metric; empty cells (no figure) are left blank. */
export function heatmapOption(
  grid: (number | null)[][],
  weekdays: readonly string[],
  hours: readonly string[],
  metricName: string,
  formats: NumberFormats,
  theme: ChartTheme,
): ChartOption {
  const data = grid.flatMap((row, weekday) =>
    row.flatMap((value, hour) =>
      value === null ? [] : [[hour, weekday, value] as [number, number, number]],
    ),
  );
  const max = Math.max(1, ...data.map(([, , value]) => value));
  return {
    textStyle: { color: theme.text },
    grid: { left: 8, right: 8, top: 8, bottom: 56 },
    tooltip: {
      backgroundColor: theme.background,
      borderColor: theme.border,
      textStyle: { color: theme.text },
      formatter: (params: unknown) => {
        const [hour = 0, weekday = 0, value = 0] = (params as { value: [number, number, number] }).value;
        return tooltipText(`${weekdays[weekday] ?? ''} ${hours[hour] ?? ''}`, [
          [metricName, formats.count(value)],
        ]);
      },
    },
    xAxis: {
      type: 'category',
      data: [...hours],
      splitArea: { show: true },
      axisLabel: { color: theme.textSecondary },
    },
    yAxis: {
      type: 'category',
      data: [...weekdays],
      inverse: true,
      splitArea: { show: true },
      axisLabel: { color: theme.textSecondary },
    },
    visualMap: {
      min: 0,
      max,
      calculable: false,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      itemHeight: 120,
      textStyle: { color: theme.textSecondary },
      formatter: (value: unknown) => formats.count(Number(value)),
      inRange: { color: [theme.background, theme.primary] },
    },
    series: [
      {
        type: 'heatmap',
        name: metricName,
        data,
        itemStyle: { borderColor: theme.border, borderWidth: 1 },
        emphasis: { itemStyle: { borderColor: theme.text } },
      },
    ],
  };
}
