import { API_BASE } from '@postdeck/contract/constants';
import { endpoints } from '@postdeck/contract/endpoints';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inPoll } from '../db/read-priority.ts';
import { registerPollPriority } from './polls.ts';

const app = Fastify();
// What a handler sees after awaiting, as a database call made on its behalf would.
const marked = async () => {
  await new Promise((resolve) => setImmediate(resolve));
  return { poll: inPoll() };
};

beforeAll(async () => {
  registerPollPriority(app);
  app.route({
    method: endpoints.notReadList.method,
    url: API_BASE + endpoints.notReadList.path,
    handler: marked,
  });
  app.route({ method: endpoints.myInfor.method, url: API_BASE + endpoints.myInfor.path, handler: marked });
  app.get(`${API_BASE}/elsewhere`, marked);
  await app.ready();
});
afterAll(() => app.close());

describe('the polls go first', () => {
  it("marks the handling of the console's polls, and of nothing else", async () => {
    const poll = async (method: 'GET' | 'POST', url: string) =>
      (await app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) })).json<{
        poll: boolean;
      }>().poll;
    expect(await poll('POST', `${API_BASE}${endpoints.notReadList.path}`)).toBe(true);
    expect(await poll('GET', `${API_BASE}${endpoints.myInfor.path}?page=1&pageSize=1`)).toBe(true);
    // The message list itself is no poll.
    expect(await poll('GET', `${API_BASE}${endpoints.myInfor.path}?page=2&pageSize=1`)).toBe(false);
    expect(await poll('GET', `${API_BASE}${endpoints.myInfor.path}?page=1&pageSize=10`)).toBe(false);
    expect(await poll('GET', `${API_BASE}/elsewhere`)).toBe(false);
    expect(inPoll()).toBe(false);
  });
});
