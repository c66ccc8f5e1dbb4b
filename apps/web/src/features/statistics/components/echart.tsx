import { BarChart, HeatmapChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { type EChartsType, init, use as registerParts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { ChartOption } from '../chart-options';

// Only what this page draws: lines and bars for the trend, the weekday-by-hour heatmap.
registerParts([
  LineChart,
  BarChart,
  HeatmapChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
  SVGRenderer,
]);

interface EChartProps {
  option: ChartOption;
  /** What the chart shows, in words, for screen readers (a table alternative sits beside it). */
  label: string;
  height: number;
}

/**
 * An ECharts chart in a div: made on mount, given each new option whole, resized with its box,
 * disposed on unmount. SVG: crisp at any zoom, and the page's charts have few marks.
 */
export function EChart({ option, label, height }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const made = init(element, undefined, { renderer: 'svg' });
    chart.current = made;
    const observer = new ResizeObserver(() => made.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      made.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
