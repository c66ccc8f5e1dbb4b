import type { MenuAdminItem } from '@postdeck/contract/menu';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus } from '../../db/schema.ts';
import { ADMIN_PASSWORD, call, createTestApp, login, type TestApp } from '../../test/test-app.ts';

/** Two at once (issue 10, item 3): menu entries form a tree too, moved by the menu editor. */
let t: TestApp;
let admin: string;

type Answer = { status: number; body: { code: number; data: unknown } };
const post = (path: string, body: unknown) =>
  call(t.app, 'POST', path, { token: admin, body }) as Promise<Answer>;
const group = async (en: string) =>
  (await post('/control/menu/create', { parentId: null, titles: { en }, url: '#' })).body
    .data as MenuAdminItem;
const moveUnder = (entry: MenuAdminItem, parentId: number) =>
  post('/control/menu/update', { ...entry, parentId, titles: entry.titles });

/** Entries whose parent chain comes back to them. */
async function inCycles(): Promise<number[]> {
  const rows = await t.db.select({ id: menus.id, parentId: menus.parentId }).from(menus);
  const parentOf = new Map(rows.map((row) => [row.id, row.parentId]));
  return rows
    .filter((row) => {
      const seen = new Set<number>();
      for (let at: number | null | undefined = row.id; at != null; at = parentOf.get(at)) {
        if (seen.has(at)) return true;
        seen.add(at);
      }
      return false;
    })
    .map((row) => row.id);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
});
afterAll(() => t.close());

describe('menu moves at the same moment', () => {
  it('X under Y and Y under X: at most one succeeds, the other is refused, no cycle', async () => {
    for (let round = 0; round < 6; round++) {
      const x = await group(`X${round}`);
      const y = await group(`Y${round}`);
      const answers = await Promise.all([moveUnder(x, y.id), moveUnder(y, x.id)]);
      expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
      for (const refused of answers.filter((a) => a.status !== 200)) {
        expect([refused.status, refused.body.code]).toEqual([400, 100903]);
      }
    }
    expect(await inCycles()).toEqual([]);
  });

  it('a cycle already in the data: moves and menus still answer', async () => {
    const x = await group('Loop X');
    const y = await group('Loop Y');
    await t.db.update(menus).set({ parentId: y.id }).where(eq(menus.id, x.id));
    await t.db.update(menus).set({ parentId: x.id }).where(eq(menus.id, y.id));
    const z = await group('Z');
    // Under Y, whose ancestors go round X and Y forever.
    expect((await moveUnder(z, y.id)).status).toBe(200);
    expect((await call(t.app, 'GET', '/control/user/dashboard', { token: admin })).status).toBe(200);
    expect((await call(t.app, 'GET', '/control/menu/list', { token: admin })).status).toBe(200);
  });
});
