import type { FastifyReply } from 'fastify';
import type { FakeContext } from '../fake-server.ts';
import type { Fault } from '../faults.ts';
import type { TikTokCreator, TikTokState } from './state.ts';

/** One authorised API call as a route's handler sees it. */
export interface TikTokCall {
  creator: TikTokCreator;
  /** The JSON body (every Content Posting call takes one). */
  body: Record<string, unknown>;
  query: Record<string, string>;
  state: TikTokState;
  ctx: FakeContext;
  reply: FastifyReply;
  /** The after-commit faults (faults.ts) and slowProcessing apply inside the handler; the rest before it. */
  fault?: Fault | undefined;
}

export type TikTokHandler = (call: TikTokCall) => Promise<FastifyReply> | FastifyReply;

export const object = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
