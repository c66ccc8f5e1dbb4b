import type { Clock } from '../../lib/clock.ts';
import { PlatformError } from '../errors.ts';
import { createPlatformHttp } from '../http.ts';
import { TELEGRAM_ERROR_RULES, describeTelegramError } from './errors.ts';

/** The Bot API objects the adapter reads (https://core.telegram.org/bots/api), only the fields it uses. */
export interface TelegramUser {
  id: number;
  is_bot: boolean;
  first_name: string;
  username?: string;
}

export interface TelegramChat {
  id: number;
  type: 'private' | 'group' | 'supergroup' | 'channel';
  title?: string;
  username?: string;
}

export interface TelegramChatMember {
  status: 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';
  user: TelegramUser;
  can_post_messages?: boolean;
}

export interface TelegramMessage {
  message_id: number;
  date: number;
  chat: TelegramChat;
}

export interface TelegramApiSettings {
  apiBase: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  clock?: Clock;
}

export type TelegramApi = ReturnType<typeof createTelegramApi>;

/** Bot API calls: `<apiBase>/bot<token>/<method>`, the answer's `result` out of `{ok:true,result}`. */
export function createTelegramApi(settings: TelegramApiSettings) {
  const http = createPlatformHttp({
    platform: 'telegram',
    rules: TELEGRAM_ERROR_RULES,
    describe: describeTelegramError,
    timeoutMs: settings.timeoutMs,
    fetch: settings.fetch,
    clock: settings.clock,
  });

  async function call<T>(
    token: string,
    method: string,
    params: Record<string, unknown> | FormData,
    idempotent: boolean,
  ): Promise<T> {
    const url = `${settings.apiBase}/bot${token}/${method}`;
    const { body } = await http.request({
      method: 'POST',
      url,
      ...(params instanceof FormData ? { body: params } : { json: params }),
      idempotent,
    });
    const answer = body as { ok?: unknown; result?: unknown } | null;
    if (!answer || answer.ok !== true || answer.result === undefined)
      throw new PlatformError(idempotent ? 'transient' : 'outcomeUnknown', {
        platform: 'telegram',
        platformMessage: 'the answer holds no result',
        raw: body,
      });
    return answer.result as T;
  }

  return {
    getMe: (token: string) => call<TelegramUser>(token, 'getMe', {}, true),
    getChat: (token: string, chatId: string) =>
      call<TelegramChat>(token, 'getChat', { chat_id: chatId }, true),
    getChatMember: (token: string, chatId: string, userId: number) =>
      call<TelegramChatMember>(token, 'getChatMember', { chat_id: chatId, user_id: userId }, true),
    sendMessage: (token: string, params: { chat_id: string; text: string }) =>
      call<TelegramMessage>(token, 'sendMessage', params, false),
    /** sendPhoto, sendVideo: a multipart body with the file. */
    sendFile: (token: string, method: 'sendPhoto' | 'sendVideo', form: FormData) =>
      call<TelegramMessage>(token, method, form, false),
    sendMediaGroup: (token: string, form: FormData) =>
      call<TelegramMessage[]>(token, 'sendMediaGroup', form, false),
    /** Safe to repeat: the adapter takes "message to delete not found" as done. */
    deleteMessage: (token: string, chatId: string, messageId: number) =>
      call<true>(token, 'deleteMessage', { chat_id: chatId, message_id: messageId }, true),
  };
}
