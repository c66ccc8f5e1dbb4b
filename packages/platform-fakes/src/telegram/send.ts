import type { FakeMedia } from '../posts.ts';
import { type TelegramCall, type TelegramMethod, chatJson } from './call.ts';
import { type MediaType, isProblem, mediaJson, readMedia } from './media.ts';
import { badRequest, fail, forbidden, ok } from './replies.ts';
import type { TelegramChannel } from './state.ts';

/** A Bot API 500, what an after-commit server error answers. */
const serverError = (call: TelegramCall) => () => fail(call.reply, 500, 'Internal Server Error');

/** platforms.md §6: text 1-4096 characters, captions 0-1024 (JavaScript's length: UTF-16 units). */
const TEXT_MAX = 4096;
const CAPTION_MAX = 1024;
/** platforms.md §6 Delete: only messages sent less than 48 hours ago. */
const DELETE_WINDOW_MS = 48 * 3600 * 1000;

/** The channel the bot may post in, or the reply that says why not. */
function postingChannel(call: TelegramCall): TelegramChannel | ReturnType<TelegramMethod> {
  const { bot, params, state, reply } = call;
  const channel = state.findChannel(params.get('chat_id'));
  if (!channel) return badRequest(reply, 'chat not found');
  const member = channel.members.get(bot.id);
  if (!member || member.status === 'left' || member.status === 'kicked')
    return forbidden(reply, 'bot is not a member of the channel chat');
  if (member.status !== 'creator' && !(member.status === 'administrator' && member.canPostMessages))
    return badRequest(reply, 'need administrator rights in the channel chat');
  return channel;
}

interface Item {
  type: MediaType | 'text';
  media?: FakeMedia;
}

/** What a send was asked besides its content, as Telegram would show it (no sound, no preview). */
function sendOptions(call: TelegramCall): { silent: boolean; linkPreview: boolean } | string {
  const silent = call.params.get('disable_notification');
  if (silent !== undefined && silent !== 'true' && silent !== 'false')
    return 'disable_notification must be a Boolean';
  const preview = call.params.get('link_preview_options');
  let disabled = false;
  if (preview !== undefined) {
    const parsed = call.params.json('link_preview_options') as { is_disabled?: unknown } | undefined;
    if (!parsed || typeof parsed !== 'object') return "can't parse link preview options JSON object";
    disabled = parsed.is_disabled === true;
  }
  return { silent: silent === 'true', linkPreview: !disabled };
}

/** Stores the post, gives its messages ids and answers them (or not: the after-commit faults). */
async function send(call: TelegramCall, channel: TelegramChannel, text: string, items: Item[]) {
  const { ctx, reply } = call;
  const options = sendOptions(call);
  if (typeof options === 'string') return badRequest(reply, options);
  const sentAt = ctx.now();
  const ids = items.map(() => ++channel.lastMessageId);
  const postId = `${channel.id}_${ids[0]}`;
  ctx.posts.add({
    id: postId,
    account: String(channel.id),
    text,
    media: items.flatMap((item) => (item.media ? [item.media] : [])),
    createdAt: sentAt,
  });
  for (const id of ids) channel.messages.set(id, { sentAt, postId, deleted: false });
  call.state.sendOptions.set(postId, options);
  const after = ctx.afterCommit(reply, call.fault, serverError(call));
  if (after) return after;
  const groupId = items.length > 1 ? `${ids[0]}0000` : undefined;
  const messages = items.map((item, index) => ({
    message_id: ids[index],
    date: Math.floor(sentAt.getTime() / 1000),
    chat: chatJson(channel),
    sender_chat: chatJson(channel),
    ...(groupId ? { media_group_id: groupId } : {}),
    ...(item.type === 'text'
      ? { text }
      : {
          ...mediaJson(item.type, item.media as FakeMedia, ids[index] ?? 0),
          ...(index === 0 && text ? { caption: text } : {}),
        }),
  }));
  return ok(reply, items.length > 1 ? messages : messages[0]);
}

export const sendMessage: TelegramMethod = (call) => {
  const channel = postingChannel(call);
  if (!isChannel(channel)) return channel;
  const text = call.params.get('text') ?? '';
  if (text.trim() === '') return badRequest(call.reply, 'message text is empty');
  if (text.length > TEXT_MAX) return badRequest(call.reply, 'message is too long');
  return send(call, channel, text, [{ type: 'text' }]);
};

const sendOne =
  (type: MediaType): TelegramMethod =>
  (call) => {
    const channel = postingChannel(call);
    if (!isChannel(channel)) return channel;
    const caption = call.params.get('caption') ?? '';
    if (caption.length > CAPTION_MAX) return badRequest(call.reply, 'message caption is too long');
    const media = readMedia(call.params, type, call.params.get(type), type);
    if (isProblem(media)) return fail(call.reply, media.code, media.description);
    return send(call, channel, caption, [{ type, media }]);
  };

export const sendPhoto = sendOne('photo');
export const sendVideo = sendOne('video');

export const sendMediaGroup: TelegramMethod = (call) => {
  const channel = postingChannel(call);
  if (!isChannel(channel)) return channel;
  const list = call.params.json('media');
  if (!Array.isArray(list) || list.length < 2 || list.length > 10)
    return badRequest(call.reply, 'wrong number of messages in the media group');
  const items: Item[] = [];
  let caption = '';
  for (const [index, raw] of list.entries()) {
    const entry = raw as { type?: unknown; media?: unknown; caption?: unknown };
    if (entry.type !== 'photo' && entry.type !== 'video')
      return badRequest(call.reply, "can't parse InputMedia: media type is invalid");
    const itemCaption = typeof entry.caption === 'string' ? entry.caption : '';
    if (itemCaption.length > CAPTION_MAX) return badRequest(call.reply, 'message caption is too long');
    if (index === 0) caption = itemCaption;
    const media = readMedia(
      call.params,
      entry.type,
      typeof entry.media === 'string' ? entry.media : undefined,
      `media${index}`,
    );
    if (isProblem(media)) return fail(call.reply, media.code, media.description);
    items.push({ type: entry.type, media });
  }
  return send(call, channel, caption, items);
};

export const deleteMessage: TelegramMethod = (call) => {
  const { params, state, ctx, reply } = call;
  const channel = state.findChannel(params.get('chat_id'));
  if (!channel) return badRequest(reply, 'chat not found');
  const message = channel.messages.get(Number(params.get('message_id')));
  if (!message || message.deleted) return badRequest(reply, 'message to delete not found');
  const now = ctx.now();
  if (now.getTime() - message.sentAt.getTime() >= DELETE_WINDOW_MS)
    return badRequest(reply, "message can't be deleted");
  message.deleted = true;
  const siblings = [...channel.messages.values()].filter((m) => m.postId === message.postId);
  if (siblings.every((m) => m.deleted)) ctx.posts.markDeleted(message.postId, now);
  return ctx.afterCommit(reply, call.fault, serverError(call)) ?? ok(reply, true);
};

function isChannel(value: unknown): value is TelegramChannel {
  return typeof value === 'object' && value !== null && 'members' in value;
}
