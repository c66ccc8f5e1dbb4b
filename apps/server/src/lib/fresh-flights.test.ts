import { describe, expect, it } from 'vitest';
import { createFreshFlights } from './fresh-flights.ts';

/** A read whose runs the test ends by hand, numbered in the order they started. */
function controlledRead() {
  const started: { resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  const work = () =>
    new Promise<number>((resolve, reject) => {
      started.push({ resolve, reject });
    });
  const run = (n: number) => {
    const found = started[n];
    if (!found) throw new Error(`run ${n} never started`);
    return found;
  };
  return { runs: started, run, work };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('fresh flights', () => {
  it('answers a caller only with a run that started after it asked', async () => {
    const flights = createFreshFlights<number>();
    const { runs, run, work } = controlledRead();
    const first = flights.share('count', work);
    const second = flights.share('count', work);
    const third = flights.share('count', work);
    expect(runs).toHaveLength(1);
    run(0).resolve(1);
    await settle();
    // The callers who arrived during run 1 share run 2, started when run 1 ended.
    expect(runs).toHaveLength(2);
    const fourth = flights.share('count', work);
    run(1).resolve(2);
    await settle();
    expect(runs).toHaveLength(3);
    run(2).resolve(3);
    expect(await Promise.all([first, second, third, fourth])).toEqual([1, 2, 2, 3]);
    await settle();
    expect(flights.size).toBe(0);
  });

  it('keeps keys apart', async () => {
    const flights = createFreshFlights<number>();
    const a = controlledRead();
    const b = controlledRead();
    const fromA = flights.share('a', a.work);
    const fromB = flights.share('b', b.work);
    a.run(0).resolve(1);
    b.run(0).resolve(2);
    expect(await Promise.all([fromA, fromB])).toEqual([1, 2]);
  });

  it('gives a failed run to its own callers only, and runs again for the next', async () => {
    const flights = createFreshFlights<number>();
    const { run, work } = controlledRead();
    const failing = flights.share('count', work);
    const waiting = flights.share('count', work);
    run(0).reject(new Error('statement timeout'));
    await expect(failing).rejects.toThrow('statement timeout');
    await settle();
    run(1).resolve(7);
    expect(await waiting).toBe(7);
    await settle();
    expect(flights.size).toBe(0);
  });
});
