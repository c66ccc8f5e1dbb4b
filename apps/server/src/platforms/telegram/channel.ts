import type { Grant, Target } from '../adapter.ts';
import { PlatformError } from '../errors.ts';
import type { TelegramApi, TelegramChat } from './api.ts';

/**
 * Telegram connects with a bot token and a channel, no OAuth (platforms.md §6 Auth): the token
 * must name a bot, the channel must exist for it, and the bot must be an administrator allowed
 * to post there. Anything less is refused with a message the channels page shows as it is.
 */
export async function checkChannel(
  api: TelegramApi,
  postUrlBase: string,
  botToken: string,
  channel: string,
): Promise<Target> {
  const bot = await api.getMe(botToken);
  const chat = await api.getChat(botToken, normaliseChannel(channel));
  const member = await api.getChatMember(botToken, String(chat.id), bot.id);
  const allowed =
    member.status === 'creator' || (member.status === 'administrator' && member.can_post_messages === true);
  if (!allowed) {
    throw new PlatformError('rejected', {
      platform: 'telegram',
      platformCode: 'botNotAdministrator',
      platformMessage: `The bot @${bot.username ?? bot.id} is not an administrator of ${describeChat(chat)} allowed to post messages`,
      raw: member,
    });
  }
  return channelTarget(chat, postUrlBase, {
    accessToken: botToken,
    scopes: [],
    context: { chatId: String(chat.id), ...(chat.username ? { username: chat.username } : {}) },
  });
}

export function channelTarget(chat: TelegramChat, postUrlBase: string, grant: Grant): Target {
  return {
    externalId: String(chat.id),
    name: chat.title ?? chat.username ?? String(chat.id),
    handle: chat.username ? `@${chat.username}` : undefined,
    profileUrl: chat.username ? `${postUrlBase}/${chat.username}` : undefined,
    grant,
  };
}

/** "@name", "name", "t.me/name" and "https://t.me/name" all name the channel @name; ids pass as they are. */
function normaliseChannel(channel: string): string {
  const given = channel.trim();
  if (/^-?\d+$/.test(given)) return given;
  const name = given.replace(/^(https?:\/\/)?t\.me\//i, '').replace(/^@/, '');
  return `@${name}`;
}

function describeChat(chat: TelegramChat): string {
  return chat.username ? `@${chat.username}` : `"${chat.title ?? chat.id}"`;
}
