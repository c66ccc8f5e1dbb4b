/** Bytes sent at a moment; a few seconds of them give a speed that does not jump per chunk. */
export interface Sample {
  at: number;
  bytes: number;
}

export const SPEED_WINDOW_MS = 3000;

/** Adds a sample and drops those older than the window (keeping one as the starting point). */
export function addSample(samples: readonly Sample[], sample: Sample, windowMs = SPEED_WINDOW_MS): Sample[] {
  const next = [...samples, sample];
  const firstRecent = next.findIndex((s) => sample.at - s.at <= windowMs);
  return next.slice(Math.max(0, firstRecent - 1));
}

/** Bytes per second over the samples; 0 until two samples span some time. */
export function speedOf(samples: readonly Sample[]): number {
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last || last.at <= first.at) return 0;
  return ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
}
