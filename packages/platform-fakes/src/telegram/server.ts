import type { FastifyInstance, FastifyReply } from 'fastify';
import { type FakeContext, type FakeServer, startFakeServer } from '../fake-server.ts';
import { AFTER_COMMIT_FAULTS, type Fault } from '../faults.ts';
import { Params } from '../params.ts';
import { postPage } from '../post-page.ts';
import { sendProfile } from '../profile-page.ts';
import type { TelegramMethod } from './call.ts';
import { getChat, getChatMember, getChatMemberCount, getMe } from './chats.ts';
import { badRequest, fail, tooManyRequests, unauthorized } from './replies.ts';
import { deleteMessage, sendMediaGroup, sendMessage, sendPhoto, sendVideo } from './send.ts';
import { type TelegramBot, type TelegramChannel, type TelegramMember, TelegramState } from './state.ts';

/**
 * A Telegram Bot API server on loopback (platforms.md §6): `/bot<token>/<method>`, GET or POST,
 * parameters in the query, JSON, urlencoded or multipart. Fault switches match the method name
 * as `call` and the chat_id as given as `account`.
 */

const METHODS: Record<string, TelegramMethod> = {
  getMe,
  getChat,
  getChatMember,
  getChatMemberCount,
  sendMessage,
  sendPhoto,
  sendVideo,
  sendMediaGroup,
  deleteMessage,
};
const WRITES = new Set(['sendMessage', 'sendPhoto', 'sendVideo', 'sendMediaGroup', 'deleteMessage']);

export interface TelegramFake extends FakeServer {
  /** Bots, channels and what each post was sent with, for tests to look into. */
  state: TelegramState;
  addBot(bot: { username: string; firstName?: string; token?: string }): TelegramBot;
  addChannel(channel: {
    title: string;
    username?: string;
    id?: number;
    members?: [number, TelegramMember][];
    subscribers?: number;
  }): TelegramChannel;
  /** Where the fake serves a post's public page, as t.me would: `<pageBase>/<username>/<id>`. */
  pageBase: string;
}

export async function startTelegramFake(options: { now?: () => Date } = {}): Promise<TelegramFake> {
  const state = new TelegramState();
  const server = await startFakeServer({
    platform: 'telegram',
    now: options.now,
    routes: (app, ctx) => routes(app, ctx, state),
  });
  return {
    ...server,
    state,
    addBot: (bot) => state.addBot(bot),
    addChannel: (channel) => state.addChannel(channel),
    pageBase: `${server.url}/t`,
  };
}

function routes(app: FastifyInstance, ctx: FakeContext, state: TelegramState): void {
  app.route<{ Params: { token: string; method: string } }>({
    method: ['GET', 'POST'],
    url: '/bot:token/:method',
    handler: async (request, reply) => {
      const bot = state.bots.get(request.params.token);
      if (!bot) return unauthorized(reply);
      const method = METHODS[request.params.method];
      if (!method) return fail(reply, 404, 'Not Found');
      const params = new Params(request);
      const fault = ctx.faults.take(request.params.method, params.get('chat_id'));
      // A read has nothing to commit: its after-commit faults answer at once.
      if (!WRITES.has(request.params.method)) {
        const after = ctx.afterCommit(reply, fault, () => answerFault(reply, { kind: 'serverError' }));
        if (after) return after;
      }
      if (fault && !AFTER_COMMIT_FAULTS.includes(fault.kind) && fault.kind !== 'slowProcessing')
        return answerFault(reply, fault);
      return method({ bot, params, state, ctx, reply, fault });
    },
  });
  const page = (chat: string, messageId: string, reply: FastifyReply) => {
    const channel = state.findChannel(chat);
    const postId = channel?.messages.get(Number(messageId))?.postId;
    const post = postId === undefined ? undefined : ctx.posts.get(postId);
    if (!post) return reply.code(404).type('text/plain').send('Post not found');
    return reply.type('text/html; charset=utf-8').send(postPage('Telegram', post));
  };
  // t.me/<channel>: a public channel's page, where the adapter links it.
  app.get<{ Params: { channel: string } }>('/t/:channel', (request, reply) => {
    const channel = state.findChannel(`@${request.params.channel}`);
    const link = (messageId: number) => `/t/${channel?.username ?? ''}/${messageId}`;
    return sendProfile(
      reply,
      channel && {
        platform: 'Telegram',
        name: channel.title,
        handle: `@${channel.username ?? ''}`,
        posts: [...channel.messages]
          .filter(([, message]) => !message.deleted)
          .flatMap(([messageId, message], index, all) => {
            const post = ctx.posts.get(message.postId);
            // An album is one post over several messages: listed once, at its first.
            const first = all.findIndex(([, other]) => other.postId === message.postId) === index;
            return post && first ? [{ post, href: link(messageId) }] : [];
          }),
      },
      'Channel not found',
    );
  });
  app.get<{ Params: { chat: string; id: string } }>('/t/c/:chat/:id', (request, reply) =>
    page(`-100${request.params.chat}`, request.params.id, reply),
  );
  app.get<{ Params: { channel: string; id: string } }>('/t/:channel/:id', (request, reply) =>
    page(`@${request.params.channel}`, request.params.id, reply),
  );
}

/** A bot token does not expire: an expired or revoked one is simply refused (401). */
function answerFault(reply: FastifyReply, fault: Fault): FastifyReply {
  switch (fault.kind) {
    case 'expiredToken':
    case 'revokedGrant':
      return unauthorized(reply);
    case 'rateLimited':
      return tooManyRequests(reply, fault.retryAfterS ?? 5);
    case 'serverError':
      return fail(reply, 500, 'Internal Server Error');
    default:
      return badRequest(reply, fault.message ?? 'message text is empty');
  }
}
