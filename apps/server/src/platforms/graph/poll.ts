/** How an adapter waits for Graph's asynchronous work (a page video, an Instagram container). */
export interface PollSettings {
  pollIntervalMs: number;
  /** Waits before giving up. */
  maxPolls: number;
  wait: (ms: number) => Promise<void>;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Checks until `check` gives an answer, waiting between checks: the answer, or undefined once
 * maxPolls waits have passed without one.
 */
export async function poll<T>(
  settings: PollSettings,
  check: () => Promise<T | undefined>,
): Promise<T | undefined> {
  for (let polls = 0; ; polls++) {
    const answer = await check();
    if (answer !== undefined) return answer;
    if (polls >= settings.maxPolls) return undefined;
    await settings.wait(settings.pollIntervalMs);
  }
}
