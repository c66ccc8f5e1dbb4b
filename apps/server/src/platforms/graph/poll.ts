import type { Polling } from '../settings.ts';

/**
 * Checks until `check` gives an answer, waiting between checks: the answer, or undefined once
 * maxPolls waits have passed without one.
 */
export async function poll<T>(
  settings: Polling,
  check: () => Promise<T | undefined>,
): Promise<T | undefined> {
  for (let polls = 0; ; polls++) {
    const answer = await check();
    if (answer !== undefined) return answer;
    if (polls >= settings.maxPolls) return undefined;
    await settings.wait(settings.pollIntervalMs);
  }
}
