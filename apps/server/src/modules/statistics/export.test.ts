import type { StatisticsOverview } from '@postdeck/contract/statistics';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { statisticsWorkbook } from './export.ts';

const none = { value: null, previous: null };
const overview: StatisticsOverview = {
  range: { from: '2026-06-01', to: '2026-06-07' },
  previousRange: { from: '2026-05-25', to: '2026-05-31' },
  figures: {
    publications: none,
    failed: none,
    successRate: none,
    engagement: none,
    views: none,
    followerChange: none,
  },
  trend: [],
  byPlatform: [],
  failureCauses: [
    { cause: 'rejected', count: 3 },
    { cause: 'noGrant', count: 1 },
  ],
};

async function failures(lang: 'en' | 'ja') {
  const file = await statisticsWorkbook(overview, { items: [] }, { items: [] }, lang);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets.at(-1);
  return [2, 3].map((row) => [sheet?.getRow(row).getCell(1).value, sheet?.getRow(row).getCell(2).value]);
}

describe('the statistics workbook', () => {
  it("names the failures' causes in the reader's language, and a cause of Postdeck's own as it is", async () => {
    expect(await failures('en')).toEqual([
      ['Refused by the platform', 3],
      ['Other (noGrant)', 1],
    ]);
    expect(await failures('ja')).toEqual([
      ['プラットフォームが拒否', 3],
      ['その他（noGrant）', 1],
    ]);
  });
});
