import { ERRORS } from '@postdeck/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { login } from '../../test/test-app.ts';
import { createUser } from '../users/user-repo.ts';
import { createMaterialsModule } from './module.ts';
import { type LibraryApp, libraryApp } from './test-support.ts';

/**
 * Per-user limits on unfinished uploads (issue 10): at most 3 at once and 16,000 declared bytes,
 * with a 4,096-byte image limit and an 8,000-byte video limit (what a deferred length counts as).
 */
const QUOTA = { open: 3, bytes: 16_000 };
const HOUR = 60 * 60 * 1000;
// Files carry the real time (the sweep compares them with the clock), so the clock starts there.
const clock = manualClock(new Date());
let t: LibraryApp;
beforeAll(async () => {
  t = await libraryApp({ clock, materials: { maxBytes: { image: 4096, video: 8000 }, uploadQuota: QUOTA } });
});
afterAll(() => t.close());

let people = 0;
/** A new editor with no upload yet, so each test starts from an empty quota. */
async function person() {
  const account = `quota_${++people}`;
  await createUser(t.db, {
    account,
    name: account,
    password: 'Secr3t!pw',
    departmentId: t.dept['news'] as number,
    roleCodes: ['editor'],
  });
  let token = (await login(t.app, account, 'Secr3t!pw')).accessToken;
  const idOf = (res: Response) => t.tus.idOf(res.headers.get('location'));
  return {
    create: (length: number | 'deferred', language = 'en') =>
      t.tus.create(
        token,
        length,
        { filename: 'clip.mp4', filetype: 'video/mp4' },
        { 'accept-language': language },
      ),
    /** Creates an upload that must be accepted, returning its id. */
    async open(length: number | 'deferred') {
      const res = await this.create(length);
      expect(res.status, await res.clone().text()).toBe(201);
      return idOf(res);
    },
    patch: (id: string, offset: number, bytes: number, extra: Record<string, string> = {}) =>
      t.tus.patch(token, id, offset, Buffer.alloc(bytes, 7), extra),
    terminate: (id: string) => t.tus.terminate(token, id),
    async signIn() {
      token = (await login(t.app, account, 'Secr3t!pw')).accessToken;
    },
  };
}

async function refusal(res: Response) {
  expect(res.status).toBe(429);
  return (await res.json()) as { code: number; msg: string; data: unknown };
}

describe('upload quota', () => {
  it('refuses the fourth unfinished upload in the caller language, naming the limit; others are unaffected', async () => {
    const ana = await person();
    for (let i = 0; i < 3; i++) await ana.open(100);
    const refused = await refusal(await ana.create(100, 'es'));
    expect(refused).toEqual({
      code: ERRORS.uploadsOpenLimit.code,
      msg: 'Ya tiene 3 subidas sin terminar, el máximo permitido a la vez: deje que termine una o cancele una y vuelva a intentarlo',
      data: null,
    });
    expect((await refusal(await ana.create(100, 'ja'))).msg).toContain('3 件');
    // The limit is per user.
    await (await person()).open(100);
  });

  it('refuses an upload that would take the declared bytes in flight past the limit', async () => {
    const ben = await person();
    await ben.open(7000);
    await ben.open(7000);
    const refused = await refusal(await ben.create(3000));
    expect(refused.code).toBe(ERRORS.uploadsBytesLimit.code);
    // 16,000 bytes, as the size limits are written.
    expect(refused.msg).toContain('more than 15.6 KB');
    // Exactly at the limit is allowed.
    await ben.open(2000);
  });

  it('counts an upload of unknown length as the largest file until it declares its length', async () => {
    const cy = await person();
    const deferred = await cy.open('deferred');
    await cy.open(7000);
    // 8,000 (unknown) + 7,000 + 2,000 > 16,000.
    expect((await refusal(await cy.create(2000))).code).toBe(ERRORS.uploadsBytesLimit.code);
    const declared = await cy.patch(deferred, 0, 0, { 'upload-length': '100' });
    expect(declared.status).toBe(204);
    // 100 + 7,000 + 2,000.
    await cy.open(2000);
    // Another of unknown length would not fit: 9,100 + 8,000.
    expect((await cy.create('deferred')).status).toBe(429);
  });

  it('stops counting uploads once finished, cancelled or swept', async () => {
    const dee = await person();
    const finished = await dee.open(500);
    const cancelled = await dee.open(500);
    await dee.open(500);
    expect((await refusal(await dee.create(500))).code).toBe(ERRORS.uploadsOpenLimit.code);

    expect((await dee.patch(finished, 0, 500)).status).toBe(204);
    const third = await dee.open(500);
    expect((await dee.terminate(cancelled)).status).toBe(204);
    await dee.open(500);
    expect((await dee.create(500)).status).toBe(429);

    // A day later, the hourly sweep removes what nobody touched: the quota is free again.
    const { sweep } = createMaterialsModule({
      db: t.db,
      clock,
      config: t.config,
      masterSecret: t.masterSecret,
    });
    clock.advance(25 * HOUR);
    await dee.signIn();
    expect((await sweep()).files).toBeGreaterThanOrEqual(3);
    expect((await dee.patch(third, 0, 500)).status).toBe(404);
    for (let i = 0; i < 3; i++) await dee.open(500);
  });

  it('holds under parallel creates: exactly as many are accepted as the limits allow', async () => {
    const eve = await person();
    const byCount = await Promise.all(Array.from({ length: 8 }, () => eve.create(100)));
    expect(byCount.map((res) => res.status).sort()).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);

    const fay = await person();
    const byBytes = await Promise.all(Array.from({ length: 6 }, () => fay.create(6000)));
    // Two of 6,000 fit in 16,000; a third would not.
    expect(byBytes.map((res) => res.status).sort()).toEqual([201, 201, 429, 429, 429, 429]);
    const codes = await Promise.all(byBytes.filter((res) => res.status === 429).map(refusal));
    expect(new Set(codes.map((body) => body.code))).toEqual(new Set([ERRORS.uploadsBytesLimit.code]));
  });
});
