import { systemClock } from '../../lib/clock.ts';
import type {
  AccountAccess,
  MediaFile,
  PlatformAdapter,
  PostInput,
  PublishedPost,
  Target,
} from '../adapter.ts';
import { PlatformError, isPlatformError } from '../errors.ts';
import { mediaBlob, withLink } from '../media-blob.ts';
import { type TelegramMessage, type TelegramSendOptions, createTelegramApi } from './api.ts';
import { channelTarget, checkChannel } from './channel.ts';
import { type AdapterCallSettings } from '../settings.ts';

export const DEFAULT_TELEGRAM_HOSTS = {
  apiBase: 'https://api.telegram.org',
  /** Public post links: t.me/<channel>/<message id>. */
  postUrlBase: 'https://t.me',
};

/** timeoutMs: uploads of 50 MB need the default's room. */
export interface TelegramAdapterSettings extends AdapterCallSettings {
  apiBase?: string;
  postUrlBase?: string;
}

export interface TelegramAdapter extends PlatformAdapter {
  /** The connect step: the bot token and the channel, checked (channel.ts); the channel's Target with its grant. */
  checkTelegramChannel(botToken: string, channel: string): Promise<Target>;
}

/**
 * Telegram channels through a bot (platforms.md §6). The grant's access token is the bot token;
 * its context holds the channel's id and username. No post metrics (platforms.md §6: the Bot API
 * gives no views or forwards), but the channel's subscribers (getChatMemberCount) as its
 * followers. No way to list a channel's posts (the Bot API has none) and no dedupe, so no `find`: a lost answer stays unknown until
 * the user settles it. A post's externalId is its message ids, comma-separated (an album is one
 * message per file).
 */
export function createTelegramAdapter(settings: TelegramAdapterSettings = {}): TelegramAdapter {
  const postUrlBase = settings.postUrlBase ?? DEFAULT_TELEGRAM_HOSTS.postUrlBase;
  const clock = settings.clock ?? systemClock;
  const api = createTelegramApi({
    apiBase: settings.apiBase ?? DEFAULT_TELEGRAM_HOSTS.apiBase,
    timeoutMs: settings.timeoutMs ?? 120_000,
    fetch: settings.fetch,
    clock,
  });

  async function send(token: string, chatId: string, post: PostInput): Promise<TelegramMessage[]> {
    const text = withLink(post.text, post.link);
    const [first, ...rest] = post.media;
    const silent = post.options?.silent === true;
    if (!first) {
      const options: TelegramSendOptions = {
        ...(silent ? { disable_notification: true } : {}),
        // Only a text message shows a link preview; a caption under a file has none.
        ...(post.options?.linkPreview === false ? { link_preview_options: { is_disabled: true } } : {}),
      };
      return [await api.sendMessage(token, { chat_id: chatId, text, ...options })];
    }
    const form = new FormData();
    form.set('chat_id', chatId);
    if (silent) form.set('disable_notification', 'true');
    if (rest.length === 0) {
      if (text) form.set('caption', text);
      const field = first.kind === 'image' ? 'photo' : 'video';
      form.set(field, await mediaBlob(first), first.name);
      if (first.kind === 'video') addVideoFacts(form, first);
      return [await api.sendFile(token, first.kind === 'image' ? 'sendPhoto' : 'sendVideo', form)];
    }
    // An album shows the first item's caption as its own (platforms.md §6), so the text goes there.
    const media = await Promise.all(
      post.media.map(async (file, index) => {
        form.set(`file${index}`, await mediaBlob(file), file.name);
        return {
          type: file.kind === 'image' ? 'photo' : 'video',
          media: `attach://file${index}`,
          ...(index === 0 && text ? { caption: text } : {}),
        };
      }),
    );
    form.set('media', JSON.stringify(media));
    return api.sendMediaGroup(token, form);
  }

  function postUrl(message: TelegramMessage): string {
    const { chat } = message;
    return chat.username
      ? `${postUrlBase}/${chat.username}/${message.message_id}`
      : `${postUrlBase}/c/${String(chat.id).replace(/^-100/, '')}/${message.message_id}`;
  }

  return {
    platform: 'telegram',
    checkTelegramChannel: (botToken, channel) => checkChannel(api, postUrlBase, botToken, channel),
    async targets(grant) {
      const chatId = grant.context?.['chatId'];
      if (!chatId) return [];
      return [channelTarget(await api.getChat(grant.accessToken, chatId), postUrlBase, grant)];
    },
    async publish(account: AccountAccess, post: PostInput): Promise<PublishedPost> {
      const messages = await send(account.grant.accessToken, account.externalId, post);
      const [first] = messages;
      // Sent, but the answer names no message: what was posted is not known.
      if (!first)
        throw new PlatformError('outcomeUnknown', {
          platform: 'telegram',
          platformMessage: 'the answer lists no message',
          raw: messages,
        });
      return { externalId: messages.map((m) => m.message_id).join(','), url: postUrl(first) };
    },
    async accountMetrics(account) {
      return {
        followers: await api.getChatMemberCount(account.grant.accessToken, account.externalId),
        at: clock.now().toISOString(),
      };
    },
    async remove(account, externalId) {
      for (const id of externalId.split(',')) {
        try {
          await api.deleteMessage(account.grant.accessToken, account.externalId, Number(id));
        } catch (error) {
          // Already gone (a repeated removal, or deleted in Telegram): the removal is done.
          if (
            isPlatformError(error) &&
            /message to delete not found/.test(error.detail.platformMessage ?? '')
          )
            continue;
          throw error;
        }
      }
    },
  };
}

function addVideoFacts(form: FormData, file: MediaFile): void {
  form.set('supports_streaming', 'true');
  if (file.durationS !== undefined) form.set('duration', String(Math.round(file.durationS)));
  if (file.width !== undefined) form.set('width', String(file.width));
  if (file.height !== undefined) form.set('height', String(file.height));
}
