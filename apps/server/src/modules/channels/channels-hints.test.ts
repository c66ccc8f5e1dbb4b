import type { ChannelPlatformInfo } from '@postdeck/contract/channels';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as BlueskySandbox from '../../platforms/bluesky/sandbox.ts';
import type { SandboxPlatform } from '../../platforms/sandbox.ts';
import { departmentTree } from '../../test/fixtures.ts';
import { ADMIN_PASSWORD, type TestApp, call, createTestApp, login } from '../../test/test-app.ts';
import { createUser } from '../users/user-repo.ts';

/**
 * The real PDS takes seconds and hundreds of MB: a stand-in records when it is asked to start,
 * and finishes starting only when the test lets it.
 */
const bluesky = vi.hoisted(() => {
  let finish: (platform: SandboxPlatform) => void = () => undefined;
  const started = new Promise<SandboxPlatform>((resolve) => {
    finish = resolve;
  });
  return { starts: 0, started, finish: (platform: SandboxPlatform) => finish(platform) };
});
vi.mock('../../platforms/bluesky/sandbox.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof BlueskySandbox>()),
  startBlueskySandbox: () => {
    bluesky.starts += 1;
    return bluesky.started;
  },
}));

const PASSWORD = 'Secr3t!pw';
let t: TestApp;
const tokens: Record<string, string> = {};

type Platforms = { sandbox: boolean; platforms: ChannelPlatformInfo[] };
const platforms = async (who: string) => {
  const answer = await call(t.app, 'GET', '/channel/platforms', { token: tokens[who] });
  expect(answer.status).toBe(200);
  return answer.body.data as Platforms;
};
const hintsOf = (answer: Platforms) =>
  Object.fromEntries(answer.platforms.flatMap((p) => (p.sandboxHints ? [[p.platform, p.sandboxHints]] : [])));

beforeAll(async () => {
  t = await createTestApp();
  const dept = await departmentTree(t.db);
  // Both may list channel accounts; neither may connect one.
  for (const role of ['viewer', 'editor']) {
    await createUser(t.db, {
      account: `h_${role}`,
      name: `Hu ${role}`,
      password: PASSWORD,
      departmentId: dept.news,
      roleCodes: [role],
    });
    tokens[role] = (await login(t.app, `h_${role}`, PASSWORD)).accessToken;
  }
  tokens['admin'] = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
});
afterAll(async () => {
  bluesky.finish({ hosts: {}, stop: () => Promise.resolve() });
  await t.close();
});

describe('the sandbox hints of GET /channel/platforms', () => {
  it('are kept from those who may only look, who do not start the Bluesky server either', async () => {
    for (const who of ['viewer', 'editor']) {
      const answer = await platforms(who);
      expect(answer.sandbox).toBe(true);
      expect(answer.platforms.map((p) => p.platform)).toContain('telegram');
      expect(hintsOf(answer), who).toEqual({});
      expect(JSON.stringify(answer)).not.toMatch(/sandboxHints|"\d+:[\w-]{20,}"|demo-sand-box/);
    }
    expect(bluesky.starts).toBe(0);
  });

  it('go to those who may connect, and the Bluesky server starts then, before anyone waits for it', async () => {
    const answer = await platforms('admin');
    expect(hintsOf(answer)).toMatchObject({
      telegram: { botToken: expect.stringMatching(/^\d+:/) },
      bluesky: { identifier: 'postdeck-demo.test', appPassword: expect.any(String) },
    });
    // The list answered without waiting for the server, which is still starting.
    expect(bluesky.starts).toBe(1);
    await platforms('admin');
    expect(bluesky.starts).toBe(1);
  });
});
