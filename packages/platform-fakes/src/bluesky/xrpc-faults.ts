import type { FastifyReply } from 'fastify';
import type { Fault } from '../faults.ts';

/**
 * A fault switch answered as Bluesky answers (platforms.md §9 Errors): XRPC's
 * `{"error", "message"}` body, with the status, names and messages the reference PDS and its
 * xrpc-server send (auth-verifier.ts, rate-limiter-http.ts), so the adapter cannot tell them from
 * bsky.social's. The after-commit faults and slowProcessing are not answers here: the proxy lets
 * the write go through first (proxy.ts), and the video service applies slowProcessing (video.ts).
 */
export function sendXrpcFault(reply: FastifyReply, fault: Fault, now: Date): FastifyReply | undefined {
  switch (fault.kind) {
    case 'expiredToken':
      return xrpcError(reply, 400, 'ExpiredToken', 'Token has expired');
    case 'revokedGrant':
      // What the PDS answers a token it no longer accepts (a revoked app password's session).
      return xrpcError(reply, 400, 'InvalidToken', 'Token could not be verified');
    case 'rateLimited': {
      const waitS = fault.retryAfterS ?? 60;
      reply.headers({
        'ratelimit-limit': '3000',
        'ratelimit-remaining': '0',
        'ratelimit-reset': String(Math.floor(now.getTime() / 1000) + waitS),
        'ratelimit-policy': '3000;w=300',
        'retry-after': String(waitS),
      });
      return xrpcError(reply, 429, 'RateLimitExceeded', 'Rate Limit Exceeded');
    }
    case 'serverError':
      return serverError(reply);
    case 'contentRejected':
      return xrpcError(
        reply,
        400,
        'InvalidRequest',
        fault.message ??
          'Invalid app.bsky.feed.post record: Record/text must not be longer than 300 graphemes',
      );
    case 'acceptThenHang':
    case 'acceptThenServerError':
    case 'acceptThenMalformed':
    case 'slowProcessing':
      return undefined;
  }
}

/** What the PDS's xrpc-server answers an error it did not expect. */
export function serverError(reply: FastifyReply): FastifyReply {
  return xrpcError(reply, 500, 'InternalServerError', 'Internal Server Error');
}

export function xrpcError(reply: FastifyReply, status: number, error: string, message: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send({ error, message });
}
