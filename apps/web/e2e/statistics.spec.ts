import type { StatisticsOverview } from '@postdeck/contract/statistics';
import { expect, type Page, test } from '@playwright/test';
import { E2E } from './e2e-env';
import { apiData } from './pages/channel-connect';
import { closeFailureBanner, fakeOrigin, setFault } from './pages/publishing';
import { apiPost, sandboxTelegram } from './pages/schedule';
import { signIn } from './pages/session';

/**
 * The statistics page (issue 23) end to end on the sandbox: publications made through the console's
 * calls (three to Telegram, one of them refused by its local server), then the page's figures,
 * its per-platform table and failures by cause against what the statistics call answers for the
 * same range, and the workbook download.
 */
const STATISTICS = '/api/report/statistics';

async function publishNow(page: Page, title: string, accountId: number): Promise<number> {
  const info = await apiData<{ department: { id: number } }>(page, '/control/user/info');
  const content = await apiPost<{ id: number }>(page, '/content/create', {
    title,
    body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: `${title}.` }] }] },
    departmentId: info.department.id,
  });
  const made = await apiPost<{ publications: { id: number }[] }>(page, '/content/publish/create', {
    contentId: content.id,
    targets: [{ accountId }],
  });
  const id = made.publications[0]?.id;
  if (id === undefined) throw new Error('nothing was made');
  return id;
}

async function finalState(page: Page, id: number): Promise<string> {
  let status = '';
  await expect
    .poll(
      async () => {
        status = (await apiData<{ status: string }>(page, `/content/publish/detail?id=${id}`)).status;
        return ['published', 'failed'].includes(status);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return status;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

test('the statistics page shows the figures the statistics call answers, and downloads them', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page);
  const telegram = await sandboxTelegram(page);
  const origin = await fakeOrigin(page, 'Telegram');
  await setFault(page, origin, { kind: 'contentRejected', message: 'Not in this channel', times: 1 });
  const refused = await publishNow(page, 'Statistics: refused', telegram);
  expect(await finalState(page, refused)).toBe('failed');
  for (const title of ['Statistics: first', 'Statistics: second']) {
    expect(await finalState(page, await publishNow(page, title, telegram))).toBe('published');
  }

  await page.goto(STATISTICS);
  await expect(page.getByTestId('figure-publications')).toBeVisible({ timeout: 20_000 });
  // The page's default range: the last 30 days, by day.
  const now = Date.now();
  const api = await apiData<StatisticsOverview>(
    page,
    `/statistics/overview?from=${day(now - 29 * 86_400_000)}&to=${day(now)}&granularity=day`,
  );
  expect(api.figures.publications.value).toBeGreaterThanOrEqual(3);
  expect(api.figures.failed.value).toBeGreaterThanOrEqual(1);

  const figure = (key: string) => page.getByTestId(`figure-${key}`).locator('.ant-statistic-content');
  await expect(figure('publications')).toHaveText(
    api.figures.publications.value?.toLocaleString('en-US') ?? '',
  );
  await expect(figure('failed')).toHaveText(api.figures.failed.value?.toLocaleString('en-US') ?? '');
  const rate = api.figures.successRate.value ?? 0;
  await expect(figure('successRate')).toContainText(
    new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 }).format(rate),
  );

  // The per-platform table's rows are keyed by the platform.
  const telegramRow = api.byPlatform.find((p) => p.platform === 'telegram');
  const row = page.locator('tr[data-row-key="telegram"]');
  await expect(row.locator('td').nth(1)).toHaveText(String(telegramRow?.publications));

  const rejected = api.failureCauses.find((c) => c.cause === 'rejected');
  const refusedRow = page.locator('tr.ant-table-row').filter({ hasText: 'Refused by the platform' });
  await expect(refusedRow.locator('td').nth(1)).toHaveText(String(rejected?.count ?? ''));

  await closeFailureBanner(page);
  await page.screenshot({ path: `${E2E.screenshotDir}/statistics.png`, fullPage: false });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export XLSX' }).click();
  expect((await download).suggestedFilename()).toMatch(
    /^statistics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/,
  );
});
