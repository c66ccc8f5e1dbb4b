import type { FastifyReply } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import type { Fault } from '../faults.ts';
import type { Params } from '../params.ts';
import type { TelegramBot, TelegramChannel, TelegramState } from './state.ts';

/** One Bot API call as a method's handler sees it. */
export interface TelegramCall {
  bot: TelegramBot;
  params: Params;
  state: TelegramState;
  ctx: FakeContext;
  reply: FastifyReply;
  /** The fault the write's answer meets once it is done (faults.ts: the after-commit faults). */
  fault: Fault | undefined;
}

export type TelegramMethod = (call: TelegramCall) => Promise<FastifyReply> | FastifyReply;

export function chatJson(channel: TelegramChannel) {
  return {
    id: channel.id,
    type: 'channel' as const,
    title: channel.title,
    ...(channel.username ? { username: channel.username } : {}),
  };
}

export function userJson(bot: TelegramBot) {
  return { id: bot.id, is_bot: true, first_name: bot.firstName, username: bot.username };
}
