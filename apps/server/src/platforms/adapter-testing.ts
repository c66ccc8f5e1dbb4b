import type { ChannelPlatform } from '@postdeck/contract/platforms';
import { expect, it } from 'vitest';
import {
  type ErrorRule,
  type PlatformError,
  type PlatformErrorDetail,
  type PlatformErrorKind,
  classify,
  isPlatformError,
} from './errors.ts';
import type { Describe } from './http.ts';

/**
 * What every adapter's tests share (imported only by *.test.ts): the PlatformError a call fails
 * with, what an error body becomes through a platform's table, and the fault switches every fake has.
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

/** A failure's kind and the part of its detail a test cares about (matchers such as expect.stringMatching allowed). */
export type ExpectedFailure = { kind: PlatformErrorKind } & Partial<
  Record<keyof PlatformErrorDetail, unknown>
>;

/** The PlatformError the promise rejects with, checked against the kind and detail expected. */
export async function expectFailure(
  promise: Promise<unknown> | undefined,
  expected: ExpectedFailure,
): Promise<PlatformError> {
  const error = await failure(promise);
  const { kind, ...detail } = expected;
  expect(error.kind).toBe(kind);
  expect(error.detail).toMatchObject(detail);
  return error;
}

/** The fault switches every fake sets on an account (faults.ts). */
export const ACCOUNT_FAULTS = ['expiredToken', 'revokedGrant', 'serverError'] as const;
export type AccountFault = (typeof ACCOUNT_FAULTS)[number];

/**
 * One test per account fault: `call` sets the fault for one call and makes it; the failure must be
 * what `expected` names for it (the platform's status, code and words where the test checks them).
 */
export function itMapsAccountFaults(
  expected: Record<AccountFault, ExpectedFailure>,
  call: (fault: AccountFault) => Promise<unknown>,
): void {
  for (const fault of ACCOUNT_FAULTS)
    it(`${fault} → ${expected[fault].kind}`, async () => {
      await expectFailure(call(fault), expected[fault]);
    });
}

/** An error table as the HTTP helper applies it: the answer's body and status through describe and rules. */
export function errorClassifier(platform: ChannelPlatform, rules: readonly ErrorRule[], describe: Describe) {
  return (status: number, body: unknown): PlatformError =>
    classify(platform, rules, { ...describe(body, status), status, raw: body });
}
