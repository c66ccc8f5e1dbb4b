import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TelegramFake, startTelegramFake } from './server.ts';

let fake: TelegramFake;
let base: string;
let chat: number;

beforeAll(async () => {
  fake = await startTelegramFake();
  const bot = fake.addBot({ username: 'probe_bot' });
  base = `${fake.url}/bot${bot.token}`;
  chat = fake.addChannel({
    title: 'Probe',
    username: 'probe',
    members: [[bot.id, { status: 'administrator', canPostMessages: true }]],
  }).id;
});
afterAll(() => fake.stop());

const json = async (response: Response) => [response.status, await response.json()] as const;

describe('Telegram fake', () => {
  it('takes parameters in the query and in a urlencoded body', async () => {
    const [status, body] = await json(await fetch(`${base}/sendMessage?chat_id=@probe&text=Hi`));
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, result: { text: 'Hi', chat: { id: chat, username: 'probe' } } });
    const form = await fetch(`${base}/sendMessage`, {
      method: 'POST',
      body: new URLSearchParams({ chat_id: String(chat), text: 'Form' }),
    });
    expect((await form.json()) as unknown).toMatchObject({ ok: true, result: { text: 'Form' } });
  });

  it("answers with the Bot API's error bodies", async () => {
    expect(await json(await fetch(`${fake.url}/bot1:bad/getMe`))).toEqual([
      401,
      { ok: false, error_code: 401, description: 'Unauthorized' },
    ]);
    expect(await json(await fetch(`${base}/sendMessage?chat_id=@probe&text=`))).toEqual([
      400,
      { ok: false, error_code: 400, description: 'Bad Request: message text is empty' },
    ]);
    fake.faults.set({ kind: 'rateLimited', retryAfterS: 3, times: 1 });
    expect(await json(await fetch(`${base}/sendMessage?chat_id=@probe&text=x`))).toEqual([
      429,
      {
        ok: false,
        error_code: 429,
        description: 'Too Many Requests: retry after 3',
        parameters: { retry_after: 3 },
      },
    ]);
  });

  it('serves each post on a t.me-like page', async () => {
    const [, body] = await json(await fetch(`${base}/sendMessage?chat_id=@probe&text=Paged`));
    const id = (body as { result: { message_id: number } }).result.message_id;
    const page = await fetch(`${fake.pageBase}/probe/${id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Paged');
    expect((await fetch(`${fake.pageBase}/probe/999999`)).status).toBe(404);
  });
});

describe('Telegram fake: getChatMemberCount', () => {
  it("answers a channel's subscribers as an Integer: the members listed, or the count a test set", async () => {
    expect(await json(await fetch(`${base}/getChatMemberCount?chat_id=@probe`))).toEqual([
      200,
      { ok: true, result: 1 },
    ]);
    const channel = fake.state.channels.get(chat);
    if (channel) channel.subscribers = 2_048;
    expect(await json(await fetch(`${base}/getChatMemberCount?chat_id=${chat}`))).toEqual([
      200,
      { ok: true, result: 2_048 },
    ]);
    expect(await json(await fetch(`${base}/getChatMemberCount?chat_id=@nowhere`))).toEqual([
      400,
      { ok: false, error_code: 400, description: 'Bad Request: chat not found' },
    ]);
  });
});
