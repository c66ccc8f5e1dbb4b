/** Time source injected everywhere time matters, so tests move it instead of sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests set and advance by hand. */
export function manualClock(start = new Date('2026-01-01T00:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    set(date: Date) {
      current = date.getTime();
    },
  };
}
