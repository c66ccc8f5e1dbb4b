import { describe, expect, it } from 'vitest';
import { heatmapGrid, heatmapOption } from './chart-options';
import { ABSENT, deltaOf, hourNames, numberFormats, weekdayNames } from './format';

const en = numberFormats('en');
const THEME = {
  primary: '#1890ff',
  error: 'red',
  success: 'green',
  warning: 'orange',
  text: '#000',
  textSecondary: '#666',
  border: '#eee',
  background: '#fff',
};

describe('the statistics numbers', () => {
  it('shows an absent figure as "—", never 0', () => {
    expect(en.count(null)).toBe(ABSENT);
    expect(en.count(undefined)).toBe(ABSENT);
    expect(en.count(0)).toBe('0');
    expect(en.percent(null)).toBe(ABSENT);
    expect(numberFormats('es').count(12345)).toBe('12.345');
  });

  it('says how a figure moved against the period before', () => {
    expect(deltaOf({ value: 120, previous: 100 }, en, 'count')).toEqual({
      direction: 'up',
      text: '+20%',
      points: false,
    });
    expect(deltaOf({ value: 5, previous: 0 }, en, 'count')).toMatchObject({ direction: 'up', text: '+5' });
    expect(deltaOf({ value: 0.9, previous: 0.95 }, en, 'rate')).toMatchObject({
      direction: 'down',
      text: '-5',
      points: true,
    });
    expect(deltaOf({ value: 3, previous: 3 }, en, 'count')).toMatchObject({ direction: 'same' });
    expect(deltaOf({ value: null, previous: 3 }, en, 'count')).toBeNull();
  });

  it('names weekdays (Monday first) and hours in the language', () => {
    expect(weekdayNames('en')).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(weekdayNames('ja')[0]).toBe('月');
    expect(hourNames('en')).toHaveLength(24);
    expect(hourNames('en')[13]).toBe('1 PM');
  });
});

describe('the heatmap', () => {
  const cells = [
    { weekday: 0, hour: 9, publications: 4, engagement: 120 },
    { weekday: 6, hour: 23, publications: 1, engagement: null },
  ];

  it('lays the cells out as 7 weekdays by 24 hours', () => {
    const grid = heatmapGrid(cells, 'publications');
    expect(grid).toHaveLength(7);
    expect(grid.every((row) => row.length === 24)).toBe(true);
    expect(grid[0]?.[9]).toBe(4);
    expect(grid[6]?.[23]).toBe(1);
    expect(grid[3]?.[3]).toBe(0);
    // Engagement not given is a blank, not a zero.
    const engagement = heatmapGrid(cells, 'engagement');
    expect(engagement[0]?.[9]).toBe(120);
    expect(engagement[6]?.[23]).toBeNull();
  });

  it('gives ECharts one mark per figure, on named axes', () => {
    const option = heatmapOption(
      heatmapGrid(cells, 'engagement'),
      weekdayNames('en'),
      hourNames('en'),
      'Engagement',
      en,
      THEME,
    );
    const series = option.series as { data: number[][] }[];
    expect(series[0]?.data).toEqual([[9, 0, 120]]);
    expect((option.yAxis as { data: string[] }).data[0]).toBe('Mon');
  });
});
