import { quantile } from './stats.ts';

/** What a load run measured, in the shape of autocannon's result where the two are compared. */
export interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

/**
 * Open-loop load: a request every 1000 / `rate` ms for `durationS`, whatever the answers, as
 * independent users arrive. (autocannon's overallRate sends each second's requests together at
 * the start of the second, which measures a burst, not a rate.)
 */
export async function pacedLoad(options: {
  rate: number;
  durationS: number;
  send: (index: number) => Promise<Response>;
}): Promise<LoadResult> {
  const count = Math.round(options.rate * options.durationS);
  const intervalMs = 1000 / options.rate;
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = started + i * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const sent = performance.now();
    inFlight.push(
      options.send(i).then(
        async (res) => {
          await res.arrayBuffer();
          latencies.push(performance.now() - sent);
          if (!res.ok) non2xx++;
        },
        () => {
          errors++;
        },
      ),
    );
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: { average: latencies.length / seconds, total: latencies.length },
    latency: {
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      max: Math.max(...latencies),
    },
    non2xx,
    errors,
    timeouts: 0,
  };
}
