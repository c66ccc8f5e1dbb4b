import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The console's polls go first on the embedded database (issue 11). Every signed-in user asks
 * for the unread count every 5 seconds, and a failed publication is told through it; a poll
 * costs a millisecond or two. But PGlite runs one statement at a time, and while 50 editors saved
 * at once a poll queued behind their own reads, up to 130 ms. Reads made while handling a poll
 * run before other waiting reads (embedded-queue.ts), at most 8 in a row while one waits, and
 * are counted with them so writes still move.
 * A PostgreSQL server runs them side by side and reads no mark.
 */
const polls = new AsyncLocalStorage<true>();

/** Runs `next` (the rest of a request's handling) with its database reads marked as a poll's. */
export const asPoll = (next: () => void): void => polls.run(true, next);

/** Whether the caller is handling a poll. */
export const inPoll = (): boolean => polls.getStore() === true;
