import { int4Schema } from './envelope.ts';
import { z } from './zod.ts';

/**
 * Pausing publishing (issue 20, item 6): an administrator stops what goes out on one account,
 * on a department's accounts, or everywhere, with a reason the composer shows. Due publications
 * wait ('queued') and go out in the order they were due once the pause is lifted.
 */
export const PAUSE_SCOPES = ['all', 'department', 'account'] as const;
export const pauseScopeSchema = z.enum(PAUSE_SCOPES);
export type PauseScope = z.infer<typeof pauseScopeSchema>;

export const PAUSE_REASON_MAX = 500;
const reasonSchema = z.string().trim().min(1, 'validation.required').max(PAUSE_REASON_MAX);

/** POST /content/publish/pause/create: 'all' names no target; the others a department or an account. */
export const pauseBodySchema = z.discriminatedUnion('scope', [
  z.object({ scope: z.literal('all'), reason: reasonSchema }),
  z.object({ scope: z.literal('department'), targetId: int4Schema, reason: reasonSchema }),
  z.object({ scope: z.literal('account'), targetId: int4Schema, reason: reasonSchema }),
]);
export type PauseBody = z.infer<typeof pauseBodySchema>;

const named = z.object({ id: z.number().int(), name: z.string() });

export const publishingPauseSchema = z.object({
  id: z.number().int(),
  scope: pauseScopeSchema,
  /** The department or account paused; null for 'all'. */
  target: named.nullable(),
  reason: z.string(),
  pausedBy: named.nullable(),
  pausedAt: z.string(),
  /** Whether the caller may lift it ('all' only with a data scope of everything). */
  canResume: z.boolean(),
});
export type PublishingPause = z.infer<typeof publishingPauseSchema>;

/** GET /content/publish/pause/list: the active pauses that concern the caller's data scope. */
export const pauseListSchema = z.object({
  items: z.array(publishingPauseSchema),
  /** Whether the caller may pause everything (a data scope of all). */
  canPauseAll: z.boolean(),
});

export const pauseResultSchema = z.object({
  pause: publishingPauseSchema,
  /**
   * Publications of the scope a worker had already taken when the pause landed: they are on
   * their way and are not stopped (at most once to the platform, DESIGN.md §6).
   */
  alreadySending: z.number().int(),
  /** Publications of the scope waiting to go out (queued or scheduled): they wait now. */
  waiting: z.number().int(),
});

/** POST /content/publish/pause/resume */
export const resumeBodySchema = z.object({ id: int4Schema });
export const resumeResultSchema = z.object({
  pause: publishingPauseSchema,
  /** Publications held by the pause, queued again in the order they were due. */
  released: z.number().int(),
});
