import type { Department } from '@postdeck/contract/departments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, call, createTestApp, login, type TestApp } from '../../test/test-app.ts';
import { createUser } from '../users/user-repo.ts';

import { departmentTree } from '../../test/fixtures.ts';

const PASSWORD = 'Secr3t!pw';
let t: TestApp;
const dept: Record<string, number> = {};

async function tokenOf(account: string, department: string, role: string) {
  await createUser(t.db, {
    account,
    name: account,
    password: PASSWORD,
    departmentId: dept[department] as number,
    roleCodes: [role],
  });
  return (await login(t.app, account, PASSWORD)).accessToken;
}

const list = async (token: string | undefined) => {
  const res = await call(t.app, 'GET', '/control/dept/list', token ? { token } : {});
  return res.body as { code: number; data: { items: Department[] } | null };
};

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(dept, await departmentTree(t.db));
});
afterAll(() => t.close());

describe('GET /control/dept/list', () => {
  it('gives an administrator every department with its parent', async () => {
    const { accessToken } = await login(t.app, 'admin', ADMIN_PASSWORD);
    const { data } = await list(accessToken);
    expect(data?.items).toEqual(
      expect.arrayContaining([
        { id: dept['root'], name: expect.any(String), parentId: null },
        { id: dept['news'], name: 'Newsroom', parentId: dept['root'] },
        { id: dept['video'], name: 'Video', parentId: dept['news'] },
        { id: dept['intl'], name: 'International', parentId: dept['root'] },
      ]),
    );
    expect(data?.items).toHaveLength(4);
  });

  it('limits a department administrator to their tree and an editor to their own department', async () => {
    const lead = await tokenOf('d_lead', 'news', 'dept_admin');
    expect((await list(lead)).data?.items.map((d) => d.name).sort()).toEqual(['Newsroom', 'Video']);
    const editor = await tokenOf('d_editor', 'video', 'editor');
    expect((await list(editor)).data?.items).toEqual([
      { id: dept['video'], name: 'Video', parentId: dept['news'] },
    ]);
  });

  it('refuses a caller without a session', async () => {
    expect((await list(undefined)).code).toBe(101102);
  });
});
