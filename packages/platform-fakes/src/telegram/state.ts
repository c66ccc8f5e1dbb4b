/** The bots and channels a Telegram fake knows, as tests register them. */

export interface TelegramBot {
  id: number;
  token: string;
  username: string;
  firstName: string;
}

/** A member's standing in a channel, as getChatMember reports it. */
export interface TelegramMember {
  status: 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';
  canPostMessages?: boolean;
  canDeleteMessages?: boolean;
}

export interface TelegramChannel {
  id: number;
  title: string;
  /** Public channels have one; t.me links of private ones use the id. */
  username?: string;
  members: Map<number, TelegramMember>;
  /** Its subscribers, as getChatMemberCount answers (a test sets it); the members listed when unset. */
  subscribers?: number | undefined;
  /** Sent messages by id: when, and which stored post holds them. */
  messages: Map<number, { sentAt: Date; postId: string; deleted: boolean }>;
  lastMessageId: number;
}

export class TelegramState {
  readonly bots = new Map<string, TelegramBot>();
  readonly channels = new Map<number, TelegramChannel>();
  /** What each post was sent with, by post id: disable_notification, and whether a link preview shows. */
  readonly sendOptions = new Map<string, { silent: boolean; linkPreview: boolean }>();
  #nextBot = 7_000_000_000;
  #nextChannel = 1_000_000_000_000;

  addBot(bot: { username: string; firstName?: string; token?: string }): TelegramBot {
    const id = ++this.#nextBot;
    const token = bot.token ?? `${id}:AAF${id.toString(36)}fake-token-${this.bots.size}`;
    const added = { id, token, username: bot.username, firstName: bot.firstName ?? bot.username };
    this.bots.set(token, added);
    return added;
  }

  addChannel(channel: {
    title: string;
    username?: string;
    id?: number;
    members?: [number, TelegramMember][];
    subscribers?: number;
  }): TelegramChannel {
    const id = channel.id ?? -++this.#nextChannel;
    const added: TelegramChannel = {
      id,
      title: channel.title,
      username: channel.username,
      members: new Map(channel.members ?? []),
      subscribers: channel.subscribers,
      messages: new Map(),
      lastMessageId: 0,
    };
    this.channels.set(id, added);
    return added;
  }

  /** A chat_id as the Bot API takes it: the integer id or "@username". */
  findChannel(chatId: string | undefined): TelegramChannel | undefined {
    if (chatId === undefined) return undefined;
    if (chatId.startsWith('@')) {
      const name = chatId.slice(1).toLowerCase();
      return [...this.channels.values()].find((c) => c.username?.toLowerCase() === name);
    }
    return this.channels.get(Number(chatId));
  }
}
