import { z } from '@postdeck/contract/zod';
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

const chatSchema = z.object({
  id: z.number().int(),
  type: z.enum(['private', 'group', 'supergroup', 'channel']),
  title: z.string().optional(),
  username: z.string().optional(),
});

/** A sent Message, the part a post's id and link come from. */
const messageSchema = z.object({
  message_id: z.number().int().positive(),
  date: z.number(),
  chat: chatSchema,
});

export type TelegramMessage = z.infer<typeof messageSchema>;

/** What a send takes besides its content (platforms.md §6 Publish). */
export interface TelegramSendOptions {
  /** Subscribers get the message without a sound. */
  disable_notification?: boolean;
  link_preview_options?: { is_disabled: boolean };
}

interface TelegramSendMessage extends TelegramSendOptions {
  chat_id: string;
  text: string;
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

  /**
   * A Bot API call's `result`. Reads are cast; a write's result is checked against what the Bot
   * API documents: one that does not parse may stand for a message that was sent (DESIGN.md §6),
   * so it is an unknown outcome, or 'transient' where the call is safe to repeat.
   */
  async function call<T>(
    token: string,
    method: string,
    params: Record<string, unknown> | FormData,
    idempotent: boolean,
    schema?: z.ZodType<T>,
  ): Promise<T> {
    const url = `${settings.apiBase}/bot${token}/${method}`;
    const { body } = await http.request({
      method: 'POST',
      url,
      ...(params instanceof FormData ? { body: params } : { json: params }),
      idempotent,
    });
    const answer = body as { ok?: unknown; result?: unknown } | null;
    const parsed = schema?.safeParse(answer?.result);
    if (!answer || answer.ok !== true || answer.result === undefined || parsed?.success === false)
      throw new PlatformError(idempotent ? 'transient' : 'outcomeUnknown', {
        platform: 'telegram',
        platformMessage: parsed?.error
          ? `the result is not the one the Bot API documents (${parsed.error.issues[0]?.message ?? 'unreadable'})`
          : 'the answer holds no result',
        raw: body,
      });
    return parsed ? (parsed.data as T) : (answer.result as T);
  }

  return {
    getMe: (token: string) => call<TelegramUser>(token, 'getMe', {}, true),
    getChat: (token: string, chatId: string) =>
      call<TelegramChat>(token, 'getChat', { chat_id: chatId }, true),
    getChatMember: (token: string, chatId: string, userId: number) =>
      call<TelegramChatMember>(token, 'getChatMember', { chat_id: chatId, user_id: userId }, true),
    /** A channel's subscribers (the Bot API's getChatMemberCount: an Integer). */
    getChatMemberCount: (token: string, chatId: string) =>
      call(token, 'getChatMemberCount', { chat_id: chatId }, true, z.number().int().nonnegative()),
    sendMessage: (token: string, params: TelegramSendMessage) =>
      call(token, 'sendMessage', { ...params }, false, messageSchema),
    /** sendPhoto, sendVideo: a multipart body with the file. */
    sendFile: (token: string, method: 'sendPhoto' | 'sendVideo', form: FormData) =>
      call(token, method, form, false, messageSchema),
    sendMediaGroup: (token: string, form: FormData) =>
      call(token, 'sendMediaGroup', form, false, z.array(messageSchema).min(1)),
    /** Safe to repeat: the adapter takes "message to delete not found" as done. */
    deleteMessage: (token: string, chatId: string, messageId: number) =>
      call(token, 'deleteMessage', { chat_id: chatId, message_id: messageId }, true, z.literal(true)),
  };
}
