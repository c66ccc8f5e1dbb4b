import autocannon from 'autocannon';

/**
 * How the benchmarks report (issue 11): every figure is the median of several runs, printed with
 * the spread of those runs, because one run on a shared two-core machine can be off by a third.
 */

/** Runs of each measurement (BENCH_RUNS, 3 unless set). */
export const RUNS = Math.max(1, Number(process.env['BENCH_RUNS'] ?? 3));

export interface Spread {
  median: number;
  min: number;
  max: number;
}

export function spread(values: readonly number[]): Spread {
  if (values.length === 0) throw new Error('no runs to summarise');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1
      ? (sorted[mid] as number)
      : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  return { median, min: sorted[0] as number, max: sorted.at(-1) as number };
}

/** "median (min-max)", or the one value when every run agreed. */
export function formatSpread(values: readonly number[], digits = 0): string {
  const { median, min, max } = spread(values);
  const format = (n: number) =>
    n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  return min === max ? format(median) : `${format(median)} (${format(min)}-${format(max)})`;
}

/** The value at quantile `q` of sorted `timings`. */
export const quantile = (timings: readonly number[], q: number) =>
  timings[Math.min(timings.length - 1, Math.floor(q * timings.length))] ?? 0;

/**
 * Whether a ratio against a baseline measured before and after can be trusted: the two must
 * agree within 20 %, else the machine changed speed during the run and the round is repeated.
 */
export function baselinesAgree(before: number, after: number): boolean {
  return Math.abs(before - after) <= 0.2 * Math.max(before, after);
}

/** Each run's requests a second, median and 99th percentile latency (ms). */
export interface PathRuns {
  rps: number[];
  p50: number[];
  p99: number[];
}

/**
 * `clients` connections to `base` asking for `path()` (called for every request, so each asks
 * for something else): 2 s of warm-up, then RUNS runs of `durationS` seconds. Any non-2xx answer
 * or error fails the benchmark, naming `request`.
 */
export async function measurePath({
  base,
  headers,
  clients,
  durationS,
  path,
  request,
}: {
  base: string;
  headers: Record<string, string>;
  clients: number;
  durationS: number;
  path: () => string;
  request: string;
}): Promise<PathRuns> {
  const load = (duration: number) =>
    autocannon({
      url: base,
      connections: clients,
      duration,
      headers,
      requests: [{ setupRequest: (req) => ({ ...req, path: path() }) }],
    });
  await load(2);
  const runs: PathRuns = { rps: [], p50: [], p99: [] };
  for (let run = 0; run < RUNS; run++) {
    const result = await load(durationS);
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${request}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    runs.rps.push(result.requests.average);
    runs.p50.push(result.latency.p50);
    runs.p99.push(result.latency.p99);
  }
  return runs;
}
