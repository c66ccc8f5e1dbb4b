import { expect, type Page } from '@playwright/test';
import { readJwtCookie } from './session';

export const CHANNELS = '/api/channel/account/list';

/** Opens the connect dialog and chooses the platform and the department. */
export async function openConnect(page: Page, platform: string, department: string) {
  await page.goto(CHANNELS);
  await expect(page.getByText('Sandbox').first()).toBeVisible();
  await page.getByRole('button', { name: 'Connect account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect an account' });
  // The drop-downs open and filter with animations that can move an option between press and
  // release, losing the click: choose until the field shows the choice.
  const options = page.locator('.ant-select-dropdown:visible');
  await expect(async () => {
    if (!(await options.isVisible())) await dialog.getByLabel('Platform').click();
    await options.getByTitle(platform, { exact: true }).click({ timeout: 2_000 });
    await expect(dialog.getByTitle(platform, { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await dialog.getByLabel('Department').fill(department.split(' ')[0] ?? department);
  await expect(async () => {
    await page.getByRole('tree').getByTitle(department).click({ timeout: 2_000 });
    await expect(dialog.getByTitle(department)).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(page.getByRole('tree')).toBeHidden();
  return dialog;
}

/** A console call as the signed-in user (what the page would send), answering the envelope's data. */
export async function apiData<T>(page: Page, path: string): Promise<T> {
  const auth = await readJwtCookie(page.context());
  const answer = await page.request.get(`/prod-api${path}`, {
    headers: { Authorization: `Bearer ${auth?.accessToken ?? ''}` },
  });
  expect(answer.ok(), `${path}: ${answer.status()}`).toBe(true);
  return ((await answer.json()) as { data: T }).data;
}
