import type { StatisticsFilters, StatisticsHeatmap } from '@postdeck/contract/statistics';
import { sql } from 'drizzle-orm';
import { type Db, rawRows } from '../../db/client.ts';
import { type Departments, sources } from './filters.ts';

/** Publications and engagement by weekday (0 Monday) and UTC hour of publishing, from the hourly roll-up. */
export async function heatmap(
  db: Db,
  filters: StatisticsFilters,
  departments: Departments,
): Promise<StatisticsHeatmap> {
  const source = sources(filters, departments, filters);
  const rows = await rawRows<{
    weekday: number;
    hour: number;
    publications: number;
    engagement: number | null;
  }>(
    db,
    sql`select (extract(isodow from d.day)::int - 1) as weekday, d.hour::int as hour,
          sum(d.publications)::int as publications, sum(d.engagement)::float8 as engagement
        from ${source.hourly} d where ${source.hourlyWhere}
        group by 1, 2 order by 1, 2`,
  );
  return {
    cells: rows.map((r) => ({
      weekday: Number(r.weekday),
      hour: Number(r.hour),
      publications: Number(r.publications),
      engagement: r.engagement === null ? null : Number(r.engagement),
    })),
  };
}
