import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeServer, startFakeServer } from './fake-server.ts';
import { Params } from './params.ts';

let server: FakeServer;
const received: { fields: Record<string, string | string[] | undefined>; files: string[] }[] = [];

beforeAll(async () => {
  server = await startFakeServer({
    platform: 'test',
    now: () => new Date('2026-01-02T03:04:05Z'),
    routes(app, ctx) {
      app.post('/post', async (request) => {
        const params = new Params(request);
        received.push({
          fields: { text: params.get('text'), ids: params.all('ids') },
          files: [...params.files.values()].map((f) => `${f.name}:${f.mime}:${f.bytes.byteLength}`),
        });
        const fault = ctx.faults.take('post', params.get('account'));
        if (fault) return { fault: fault.kind };
        const post = ctx.posts.add({
          id: ctx.nextId(),
          account: params.get('account') ?? '',
          text: params.get('text') ?? '',
          media: [...params.files.values()],
          createdAt: ctx.now(),
        });
        return { id: post.id };
      });
    },
  });
});
afterAll(() => server.stop());

describe('startFakeServer', () => {
  it('reads JSON, urlencoded and multipart bodies alike', async () => {
    await fetch(`${server.url}/post`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'json', ids: ['1', '2'] }),
    });
    await fetch(`${server.url}/post`, {
      method: 'POST',
      body: new URLSearchParams('text=form&ids[]=3&ids[]=4'),
    });
    const form = new FormData();
    form.set('text', 'multipart');
    form.set('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'a.png');
    await fetch(`${server.url}/post`, { method: 'POST', body: form });
    expect(received.slice(-3)).toEqual([
      { fields: { text: 'json', ids: ['1', '2'] }, files: [] },
      { fields: { text: 'form', ids: ['3', '4'] }, files: [] },
      { fields: { text: 'multipart', ids: [] }, files: ['a.png:image/png:3'] },
    ]);
  });

  it('lists posts, shows each on a public page with its media', async () => {
    const form = new FormData();
    form.set('text', '<b>Hi</b>');
    form.set('file', new Blob([new Uint8Array([9, 9])], { type: 'image/png' }), 'b.png');
    const { id } = (await (await fetch(`${server.url}/post`, { method: 'POST', body: form })).json()) as {
      id: string;
    };
    const posts = (await (await fetch(`${server.url}/__fake/posts`)).json()) as { id: string }[];
    expect(posts.find((p) => p.id === id)).toEqual({
      id,
      account: '',
      text: '<b>Hi</b>',
      media: [{ name: 'b.png', mime: 'image/png', bytes: 2 }],
      createdAt: '2026-01-02T03:04:05.000Z',
      metrics: {},
    });
    const page = await (await fetch(`${server.url}/__fake/posts/${id}`)).text();
    expect(page).toContain('&#60;b&#62;Hi&#60;/b&#62;');
    expect(page).toContain(`<img src="/__fake/posts/${id}/media/0"`);
    const file = await fetch(`${server.url}/__fake/posts/${id}/media/0`);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([9, 9]));
    expect((await fetch(`${server.url}/__fake/posts/nope`)).status).toBe(404);
  });

  it('sets and clears fault switches over HTTP', async () => {
    const set = await fetch(`${server.url}/__fake/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'serverError', account: 'a' }),
    });
    expect(set.status).toBe(204);
    expect(server.faults.list()).toEqual([{ kind: 'serverError', account: 'a' }]);
    const bad = await fetch(`${server.url}/__fake/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'nonsense' }),
    });
    expect(bad.status).toBe(400);
    expect((await fetch(`${server.url}/__fake/faults`, { method: 'DELETE' })).status).toBe(204);
    expect(server.faults.list()).toEqual([]);
  });
});
