import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { type Fault, type FaultSwitch, Faults, isFaultKind } from './faults.ts';
import { addFormParsers } from './params.ts';
import { postPage } from './post-page.ts';
import { PostStore } from './posts.ts';

/** Calls one account made over one of its platform's documented limits, as the fake counted them. */
export interface LimitExceeded {
  account: string;
  /** The limit, as the fake names it (the call it counts, or the quota). */
  limit: string;
  exceeded: number;
}

/** What a platform's routes share: its posts, its fault switches, its clock and its own address. */
export interface FakeContext {
  readonly platform: string;
  readonly posts: PostStore;
  readonly faults: Faults;
  now(): Date;
  /** The server's base URL (known once it listens; routes read it per request). */
  readonly url: string;
  /** A new id, increasing, for messages, statuses, media. */
  nextId(): string;
  /**
   * Counts a call refused because `account` went over one of the platform's documented limits
   * (a fault switch's rateLimited is not counted: the limit was not reached).
   */
  overLimit(account: string, limit: string): void;
  /**
   * accept-then-hang: the write is done, its answer never comes; the connection is dropped when
   * the server stops. The handler returns what this returns.
   */
  hang(reply: FastifyReply): Promise<FastifyReply>;
  /**
   * The after-commit faults of a write (faults.ts), once the write is done: hangs, answers the
   * platform's 5xx (`serverError`, the fake's own error body), or a 200 that is not its answer.
   * Undefined when the fault is none of them: the handler answers as usual.
   */
  afterCommit(
    reply: FastifyReply,
    fault: Fault | undefined,
    serverError: () => FastifyReply | Promise<FastifyReply>,
  ): Promise<FastifyReply> | FastifyReply | undefined;
}

export interface FakeServerOptions {
  platform: string;
  routes(app: FastifyInstance, ctx: FakeContext): void;
  now?: () => Date;
}

export interface FakeServer {
  url: string;
  posts: PostStore;
  faults: Faults;
  /** The calls refused over a documented limit so far, by account and limit (overLimit). */
  limitsExceeded(): LimitExceeded[];
  stop(): Promise<void>;
}

/** Uploads up to Telegram's 50 MB and some headroom. */
const BODY_LIMIT = 128 * 1024 * 1024;

/** A loopback server for one platform, on a free port, with the inspection and fault routes every fake has. */
export async function startFakeServer(options: FakeServerOptions): Promise<FakeServer> {
  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT, forceCloseConnections: true });
  addFormParsers(app);
  let releaseHung: () => void = () => undefined;
  const stopping = new Promise<void>((resolve) => (releaseHung = resolve));
  let counter = 100;
  let url = '';
  const exceeded = new Map<string, LimitExceeded>();
  const ctx: FakeContext = {
    platform: options.platform,
    posts: new PostStore(),
    faults: new Faults(),
    now: options.now ?? (() => new Date()),
    get url() {
      return url;
    },
    nextId: () => String(++counter),
    overLimit(account, limit) {
      const key = JSON.stringify([account, limit]);
      const tally = exceeded.get(key) ?? { account, limit, exceeded: 0 };
      tally.exceeded += 1;
      exceeded.set(key, tally);
    },
    async hang(reply) {
      reply.hijack();
      await stopping;
      reply.raw.destroy();
      return reply;
    },
    afterCommit(reply, fault, serverError) {
      if (fault?.kind === 'acceptThenHang') return this.hang(reply);
      if (fault?.kind === 'acceptThenServerError') return serverError();
      // Cut off mid-answer, as a proxy that dropped the rest would leave it.
      if (fault?.kind === 'acceptThenMalformed')
        return reply.code(200).type('application/json; charset=utf-8').send('{"id":"12');
      return undefined;
    },
  };
  inspectionRoutes(app, ctx);
  options.routes(app, ctx);
  await app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    url,
    posts: ctx.posts,
    faults: ctx.faults,
    limitsExceeded: () => [...exceeded.values()].map((tally) => ({ ...tally })),
    async stop() {
      releaseHung();
      await app.close();
    },
  };
}

function inspectionRoutes(app: FastifyInstance, ctx: FakeContext): void {
  app.get('/__fake/posts', async () => ctx.posts.all().map((post) => PostStore.toJson(post)));
  app.get<{ Params: { id: string } }>('/__fake/posts/:id', async (request, reply) => {
    const post = ctx.posts.get(request.params.id);
    if (!post) return reply.code(404).type('text/plain').send('No such post');
    return reply.type('text/html; charset=utf-8').send(postPage(ctx.platform, post));
  });
  app.get<{ Params: { id: string; index: string } }>(
    '/__fake/posts/:id/media/:index',
    async (request, reply) => {
      const file = ctx.posts.get(request.params.id)?.media[Number(request.params.index)];
      if (!file) return reply.code(404).type('text/plain').send('No such file');
      return reply.type(file.mime).send(Buffer.from(file.bytes));
    },
  );
  app.post('/__fake/faults', async (request, reply) => {
    const body = request.body as Partial<FaultSwitch> | null;
    if (!body || !isFaultKind(body.kind)) return reply.code(400).send({ error: 'kind is required' });
    ctx.faults.set(body as FaultSwitch);
    return reply.code(204).send();
  });
  app.delete('/__fake/faults', async (_request, reply) => {
    ctx.faults.clear();
    return reply.code(204).send();
  });
}
