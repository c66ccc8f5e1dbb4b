import type { ChannelPlatform } from '@postdeck/contract/platforms';
import { type ErrorRule, type PlatformError, classify, isPlatformError } from './errors.ts';
import type { Describe } from './http.ts';

/**
 * What every adapter's tests share (imported only by *.test.ts): the PlatformError a call fails
 * with, and what an error body becomes through a platform's table.
 */

/** The PlatformError the promise rejects with; the test fails if it resolves or throws anything else. */
export async function failure(promise: Promise<unknown> | undefined): Promise<PlatformError> {
  if (promise === undefined) throw new Error('the adapter has no such call');
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isPlatformError(error)) throw new Error(`expected a PlatformError, got ${String(error)}`);
  return error;
}

/** An error table as the HTTP helper applies it: the answer's body and status through describe and rules. */
export function errorClassifier(platform: ChannelPlatform, rules: readonly ErrorRule[], describe: Describe) {
  return (status: number, body: unknown): PlatformError =>
    classify(platform, rules, { ...describe(body, status), status, raw: body });
}
