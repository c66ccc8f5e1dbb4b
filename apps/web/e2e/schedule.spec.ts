import { expect, test } from '@playwright/test';
import { E2E } from './e2e-env';
import { SCHEDULE, dragTo, sandboxTelegram, scheduleThroughApi } from './pages/schedule';
import { signIn } from './pages/session';

/**
 * Issue 21, the scheduled publishing page end to end on the sandbox: a publication scheduled for
 * tomorrow (through the API, as the composer would) is dragged on the month calendar to the day
 * after, the move confirmed, and the list shows its new time. The browser runs in a time zone of
 * its own, so the page's local days are not the server's.
 */
test.use({ timezoneId: 'Europe/Paris' });

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('drags a scheduled publication to the next day on the calendar, and the list shows its new time', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const accountId = await sandboxTelegram(page);
  // Tomorrow at 10:00 in the browser's zone, and the same time a day later.
  const times = await page.evaluate(() => {
    const pad = (n: number) => String(n).padStart(2, '0');
    const day = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
    const now = new Date();
    const at = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 10, 0);
    const moved = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 2, 10, 0);
    return { at: at.toISOString(), moved: moved.toISOString(), day: day(at), next: day(moved) };
  });
  const title = `Harbour tide table ${Date.now()}`;
  const id = await scheduleThroughApi(page, title, accountId, times.at);

  await page.goto(`${SCHEDULE}?view=month&date=${times.day}`);
  await expect(page.getByText('Times in Europe/Paris')).toBeVisible();
  const event = page.locator(`.fc-event:has([data-publication-id="${id}"])`);
  await expect(event).toBeVisible();
  await expect(page.locator(`td.fc-daygrid-day[data-date="${times.day}"]`).locator(event)).toHaveCount(1);

  await dragTo(
    page,
    event,
    page.locator(`td.fc-daygrid-day[data-date="${times.next}"] .fc-daygrid-day-frame`),
  );
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: `Move “${title}” to` });
  await expect(confirm).toBeVisible();
  const moved = page.waitForResponse(
    (response) => response.url().endsWith('/prod-api/content/publish/update') && response.ok(),
  );
  await confirm.getByRole('button', { name: 'Move', exact: true }).click();
  await moved;
  await expect(page.getByText(/^Moved to /)).toBeVisible();
  await expect(page.locator(`td.fc-daygrid-day[data-date="${times.next}"]`).locator(event)).toHaveCount(1);
  // The README's picture of the scheduled publishing page, on its calendar.
  await expect(page.getByText(/^Moved to /)).toBeHidden({ timeout: 10_000 });
  await page.screenshot({ path: `${E2E.screenshotDir}/schedule.png` });

  // The list, from the same day, has it at its new time.
  await page
    .locator('.ant-segmented-item')
    .filter({ hasText: /^List$/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`view=list&date=${times.day}`));
  const row = page.locator(`tr[data-publication-id="${id}"]`);
  await expect(row.locator('time')).toHaveAttribute('datetime', times.moved);
  await expect(row.getByRole('button', { name: `Open “${title}”` })).toBeVisible();
});

test('reads a CSV of posts with one bad row, names the row and its column, and schedules nothing', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const accountId = await sandboxTelegram(page);
  const pad = (n: number) => String(n).padStart(2, '0');
  const soon = new Date(Date.now() + 2 * 86_400_000);
  const day = `${soon.getUTCFullYear()}-${pad(soon.getUTCMonth() + 1)}-${pad(soon.getUTCDate())}`;
  const csv = [
    'title,text,accounts,time,timeZone,media',
    `Harbour import ready,The ferry runs at nine.,${accountId},${day} 09:00,Europe/Paris,`,
    `Harbour import late,The ferry ran at nine.,${accountId},2020-01-01 09:00,Europe/Paris,`,
  ].join('\n');

  await page.goto(SCHEDULE);
  await page.getByRole('button', { name: 'Schedule from a file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule posts from a file' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'harbour.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await expect(dialog.getByText('Rows: 2; with problems: 1')).toBeVisible({ timeout: 30_000 });
  // Named by the file's own column, as its header writes it.
  const late = dialog.getByRole('row').filter({ hasText: 'Harbour import late' });
  await expect(late).toContainText('time: This time has passed');
  await expect(dialog.getByRole('row').filter({ hasText: 'Harbour import ready' })).toContainText('Ready');
  await expect(dialog.getByText(/Fix rows 3 in the file/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Schedule 2 rows' })).toBeDisabled();
});
