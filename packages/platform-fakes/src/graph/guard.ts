import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import { answerFault, bearerToken } from '../guard.ts';
import type { Fault } from '../faults.ts';
import type { AccessToken } from '../oauth/store.ts';
import { Params } from '../params.ts';
import { graphError, invalidToken, serverError } from './replies.ts';
import type { GraphState } from './state.ts';

export interface Authed {
  token: AccessToken;
  /** The page a page token speaks for; undefined for a user token. */
  pageId: string | undefined;
  params: Params;
  /** What the switches leave for the handler: the after-commit faults, slowProcessing. */
  fault: Fault | undefined;
}

/**
 * The token of a Graph call (the access_token parameter, or `Authorization: OAuth|Bearer`), the
 * usage headers Graph sends (platforms.md §1 Rate limits), and the fault switches that answer
 * before the handler does. `call` is the fake's name for the call ("POST /{page-id}/feed"),
 * `account` the business object it touches (a page, an Instagram user) or the user's id.
 * Undefined when the answer is already sent.
 */
export function authenticate(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: FakeContext,
  state: GraphState,
  call: string,
  account?: string,
): Authed | undefined {
  const params = new Params(request);
  const header = bearerToken(request, /^(?:OAuth|Bearer) (.+)$/i);
  const checked = state.oauth.check(params.get('access_token') ?? header);
  if (!checked.ok) {
    invalidToken(reply, checked.reason, ctx.now());
    return undefined;
  }
  const token = checked.token;
  const pageId = token.choices['page']?.[0];
  const object = account ?? pageId ?? token.userId;
  const calls = (state.calls.get(object) ?? 0) + 1;
  state.calls.set(object, calls);
  const fault = ctx.faults.take(call, object);
  const business = object !== token.userId;
  const usage = (regainMinutes: number) => ({
    call_count: regainMinutes > 0 ? 100 : Math.min(99, calls),
    total_cputime: Math.min(99, calls),
    total_time: Math.min(99, calls),
  });
  const regain = fault?.kind === 'rateLimited' ? Math.max(1, Math.ceil((fault.retryAfterS ?? 60) / 60)) : 0;
  if (business) {
    const type = state.instagram.has(object) ? 'instagram' : 'pages';
    reply.header(
      'x-business-use-case-usage',
      JSON.stringify({ [object]: [{ type, ...usage(regain), estimated_time_to_regain_access: regain }] }),
    );
  } else {
    reply.header('x-app-usage', JSON.stringify(usage(regain)));
  }
  const answered = answerFault(fault, {
    expiredToken: () => invalidToken(reply, 'expired', ctx.now()),
    revokedGrant: () => invalidToken(reply, 'revoked', ctx.now()),
    // Page tokens meet the Page's Business Use Case limit (32), others the app's (4).
    rateLimited: () =>
      graphError(
        reply,
        400,
        business && !state.instagram.has(object)
          ? { code: 32, message: '(#32) Page request limit reached' }
          : { code: 4, message: '(#4) Application request limit reached', isTransient: true },
      ),
    serverError: () => serverError(reply),
    contentRejected: (f) =>
      graphError(reply, 400, {
        code: 368,
        subcode: 1346003,
        message: f.message ?? 'The action attempted has been deemed abusive or is otherwise disallowed',
        userTitle: 'Content not allowed',
      }),
  });
  return answered ? undefined : { token, pageId, params, fault };
}

/**
 * Page writes need that page's token (platforms.md §1 Publish: "All calls use the Page access
 * token"), taken with pages_manage_posts granted.
 */
export function requirePageToken(reply: FastifyReply, authed: Authed, pageId: string): boolean {
  if (authed.pageId === pageId && authed.token.scopes.includes('pages_manage_posts')) return true;
  graphError(reply, 403, {
    code: 200,
    message:
      '(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission',
  });
  return false;
}
