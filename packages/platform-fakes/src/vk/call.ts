import type { FastifyReply } from 'fastify';
import { avatarUrl } from '../avatar.ts';
import type { FakeContext } from '../fake-server.ts';
import type { Fault } from '../faults.ts';
import type { Params } from '../params.ts';
import { VK_ERRORS, vkError } from './replies.ts';
import type { VkCommunity, VkState, VkUser } from './state.ts';

/** One VK API call as a method's handler sees it. */
export interface VkCall {
  method: string;
  user: VkUser;
  scopes: string[];
  params: Params;
  /** The parameters as VK echoes them in an error's request_params. */
  echoed: Record<string, string>;
  state: VkState;
  ctx: FakeContext;
  reply: FastifyReply;
  /** An after-commit fault (acceptThenHang, acceptThenServerError, acceptThenMalformed) for a write to apply once done. */
  afterCommit?: Fault | undefined;
  /** slowProcessing: how many video.get checks a video saved by this call stays processing. */
  processingPolls?: number | undefined;
}

export type VkMethod = (call: VkCall) => Promise<FastifyReply> | FastifyReply;

export function fail(call: VkCall, code: number, message: string): FastifyReply {
  return vkError(call.reply, call.method, call.echoed, code, message);
}

/**
 * The write is done: the after-commit fault's answer, if one is set (VK's server error is code 10
 * with HTTP 200, as the guard answers serverError); undefined to answer as usual.
 */
export function afterWrite(call: VkCall): Promise<FastifyReply> | FastifyReply | undefined {
  return call.ctx.afterCommit(call.reply, call.afterCommit, () => fail(call, ...VK_ERRORS.server));
}

/** VK's words for a missing or malformed parameter (error 100). */
export function invalidParam(call: VkCall, what: string): FastifyReply {
  return fail(call, 100, `One of the parameters specified was missing or invalid: ${what}`);
}

/**
 * The community a call acts on (group_id, or a negative owner_id) when the user administers it;
 * otherwise the reply VK gives: 15 for a community the user does not run.
 */
export function administered(call: VkCall, groupId: number): VkCommunity | FastifyReply {
  const community = call.state.communities.get(groupId);
  if (!community) return invalidParam(call, 'group_id is undefined');
  if (!community.admins.has(call.user.id)) return fail(call, 15, 'Access denied: no access to this group');
  return community;
}

export function isReply(value: unknown): value is FastifyReply {
  return typeof value === 'object' && value !== null && 'sent' in value && 'code' in value;
}

export function communityJson(ctx: FakeContext, community: VkCommunity) {
  // One picture at every size: VK's photo_50/100/200 are the same image scaled.
  const photo = avatarUrl(ctx.url, `club${community.id}`);
  return {
    id: community.id,
    name: community.name,
    screen_name: community.screenName,
    is_closed: 0,
    type: 'page',
    is_admin: 1,
    admin_level: 3,
    is_member: 1,
    photo_50: photo,
    photo_100: photo,
    photo_200: photo,
  };
}
