import { type TelegramMethod, chatJson, userJson } from './call.ts';
import { badRequest, ok } from './replies.ts';

export const getMe: TelegramMethod = ({ bot, reply }) =>
  ok(reply, { ...userJson(bot), can_join_groups: true, can_read_all_group_messages: false });

/** A private channel the bot is not in does not exist for it. */
export const getChat: TelegramMethod = ({ bot, params, state, reply }) => {
  const channel = state.findChannel(params.get('chat_id'));
  if (!channel || (!channel.username && !channel.members.has(bot.id)))
    return badRequest(reply, 'chat not found');
  return ok(reply, chatJson(channel));
};

/** getChatMemberCount: a channel's subscribers, an Integer (the Bot API's result). */
export const getChatMemberCount: TelegramMethod = ({ bot, params, state, reply }) => {
  const channel = state.findChannel(params.get('chat_id'));
  if (!channel || (!channel.username && !channel.members.has(bot.id)))
    return badRequest(reply, 'chat not found');
  return ok(reply, channel.subscribers ?? channel.members.size);
};

export const getChatMember: TelegramMethod = ({ bot, params, state, reply }) => {
  const channel = state.findChannel(params.get('chat_id'));
  if (!channel || (!channel.username && !channel.members.has(bot.id)))
    return badRequest(reply, 'chat not found');
  const userId = Number(params.get('user_id'));
  if (!Number.isSafeInteger(userId)) return badRequest(reply, 'invalid user_id specified');
  const member = channel.members.get(userId) ?? { status: 'left' as const };
  const user = [...state.bots.values()].find((b) => b.id === userId);
  return ok(reply, {
    user: user ? userJson(user) : { id: userId, is_bot: false, first_name: `User ${userId}` },
    status: member.status,
    ...(member.status === 'administrator'
      ? {
          can_be_edited: false,
          can_post_messages: member.canPostMessages ?? false,
          can_delete_messages: member.canDeleteMessages ?? false,
        }
      : {}),
  });
};
