import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import { bearerToken } from '../guard.ts';
import { APP_VIEW_METHODS, type AppView } from './app-view.ts';
import { VIDEO_METHODS, type VideoService } from './video.ts';
import { sendXrpcFault, serverError } from './xrpc-faults.ts';

/** Bluesky's blob cap (platforms.md §9 Rate limits: 50 MB) and some headroom. */
const BODY_LIMIT = 64 * 1024 * 1024;

/** Hop-by-hop headers, and the ones fetch has already acted on (it decompresses the body). */
const DROPPED = new Set([
  'host',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'content-encoding',
  'upgrade',
]);

/**
 * Every /xrpc/ call passed to the PDS as it came (the video service's to video.ts, the appview's
 * getPosts and getProfile to app-view.ts), unless a fault switch answers first; the after-commit ones answer in
 * place of the PDS once it has done the call. The PDS is real, so this is the one place faults
 * can come from. A switch's `call` is the XRPC method
 * (`com.atproto.repo.createRecord`); its `account` is the DID the bearer token was issued to, or
 * for createSession the identifier signed in with.
 */
export function proxyRoutes(
  app: FastifyInstance,
  ctx: FakeContext,
  pdsOrigin: () => string,
  video: VideoService,
  appView: AppView,
): void {
  void app.register(async (scope) => {
    // Bodies pass through as bytes: uploadBlob's are images, createSession's JSON is read only here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    scope.all<{ Params: { '*': string }; Querystring: Record<string, string | undefined> }>(
      '/xrpc/*',
      async (request, reply) => {
        const method = request.params['*'];
        const fault = ctx.faults.take(method, accountOf(request, method));
        if (fault) {
          const answered = sendXrpcFault(reply, fault, ctx.now());
          if (answered) return answered;
        }
        if (VIDEO_METHODS.has(method)) return video.handle(method, request, reply, fault);
        if (APP_VIEW_METHODS.has(method)) return appView.handle(method, request, reply);
        const answer = await forward(request, pdsOrigin());
        // The PDS has done the call: an after-commit fault replaces its answer.
        const after = ctx.afterCommit(reply, fault, () => serverError(reply));
        if (after) return after;
        reply.code(answer.status);
        answer.headers.forEach((value, name) => {
          if (!DROPPED.has(name)) void reply.header(name, value);
        });
        return reply.send(Buffer.from(await answer.arrayBuffer()));
      },
    );
  });
}

async function forward(request: FastifyRequest, origin: string): Promise<Response> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || DROPPED.has(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body);
  return fetch(new URL(request.url, origin), {
    method: request.method,
    headers,
    body: hasBody ? new Uint8Array(request.body as Buffer) : undefined,
    redirect: 'manual',
  });
}

/** The DID in the bearer token (read, not verified: the PDS verifies it), or the sign-in identifier. */
function accountOf(request: FastifyRequest, method: string): string | undefined {
  if (method === 'com.atproto.server.createSession' && Buffer.isBuffer(request.body)) {
    try {
      const body = JSON.parse(request.body.toString('utf8')) as { identifier?: unknown };
      return typeof body.identifier === 'string' ? body.identifier : undefined;
    } catch {
      return undefined;
    }
  }
  const token = bearerToken(request);
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : undefined;
  } catch {
    return undefined;
  }
}
