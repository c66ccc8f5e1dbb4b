import { expect, type Locator, type Page } from '@playwright/test';
import { apiData } from './channel-connect';
import { readJwtCookie } from './session';

export const SCHEDULE = '/api/content/schedulepubmaterial/list';

/** A console write as the signed-in user (what the page would send), answering the envelope's data. */
export async function apiPost<T>(page: Page, path: string, body: unknown): Promise<T> {
  const auth = await readJwtCookie(page.context());
  const answer = await page.request.post(`/prod-api${path}`, {
    headers: { Authorization: `Bearer ${auth?.accessToken ?? ''}` },
    data: body,
  });
  expect(answer.ok(), `${path}: ${answer.status()} ${await answer.text()}`).toBe(true);
  return ((await answer.json()) as { data: T }).data;
}

interface Account {
  id: number;
  status: string;
}

/**
 * An active Telegram account of the sandbox: one another spec connected, or one connected here
 * through the console's call with the sandbox's test bot, in the signed-in user's department.
 */
export async function sandboxTelegram(page: Page): Promise<number> {
  const list = await apiData<{ items: Account[] }>(
    page,
    '/channel/account/list?platform=telegram&pageSize=50',
  );
  const active = list.items.find((account) => account.status === 'active');
  if (active) return active.id;
  const info = await apiData<{ department: { id: number } }>(page, '/control/user/info');
  const platforms = await apiData<{
    platforms: { platform: string; sandboxHints?: Record<string, string> }[];
  }>(page, '/channel/platforms');
  const hints = platforms.platforms.find((p) => p.platform === 'telegram')?.sandboxHints ?? {};
  const connected = await apiPost<{ accounts: Account[] }>(page, '/channel/connect/telegram', {
    departmentId: info.department.id,
    ...hints,
  });
  const [account] = connected.accounts;
  if (!account) throw new Error('no Telegram account connected');
  return account.id;
}

/** A new content scheduled to one account at `at` (ISO): its publication's id. */
export async function scheduleThroughApi(page: Page, title: string, accountId: number, at: string) {
  const info = await apiData<{ department: { id: number } }>(page, '/control/user/info');
  const content = await apiPost<{ id: number }>(page, '/content/create', {
    title,
    body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: `${title}.` }] }] },
    departmentId: info.department.id,
  });
  const made = await apiPost<{ publications: { id: number }[] }>(page, '/content/publish/create', {
    contentId: content.id,
    targets: [{ accountId }],
    scheduledAt: at,
  });
  const [publication] = made.publications;
  if (!publication) throw new Error('nothing scheduled');
  return publication.id;
}

/**
 * Drags with the mouse from the middle of one element to the middle of another, in steps, as a
 * hand does: FullCalendar starts a drag only once the pointer has moved a few pixels.
 */
export async function dragTo(page: Page, from: Locator, to: Locator) {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('nothing to drag, or nowhere to drop');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 10, start.y + start.height / 2, { steps: 5 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 15 });
  await page.mouse.up();
}
