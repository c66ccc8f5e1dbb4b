import { createHash, randomBytes } from 'node:crypto';
import type { ChannelPlatform } from '@postdeck/contract/platforms';
import { submitConsent } from '@postdeck/platform-fakes/oauth/consent-client';
import type { FakeMetrics, PostStore } from '@postdeck/platform-fakes/posts';
import { expect, it } from 'vitest';
import {
  type ErrorRule,
  type PlatformError,
  type PlatformErrorDetail,
  type PlatformErrorKind,
  classify,
  isPlatformError,
} from './errors.ts';
import type { AccountAccess, AccountAdapter, Grant, PlatformAdapter, PostInput } from './adapter.ts';
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

/** What the shared post tests use, read when each runs (the suites set them up in beforeAll or beforeEach). */
export interface PostsFixture {
  adapter: PlatformAdapter;
  account: AccountAccess;
  /** The fake's posts. */
  posts: Pick<PostStore, 'get'>;
  now(): Date;
  /** A post the platform takes with this text (some need a file). */
  post(text: string): PostInput | Promise<PostInput>;
}

/** The fake's counts for a published post come back as its metrics, with the time they were read. */
export function itReadsMetrics(title: string, counts: FakeMetrics, fixture: () => PostsFixture): void {
  it(title, async () => {
    const { adapter, account, posts, now, post } = fixture();
    const published = await adapter.publish(account, await post('Counted'));
    const stored = posts.get(published.externalId);
    if (stored) stored.metrics = counts;
    expect(await adapter.metrics?.(account, published.externalId)).toEqual({
      ...counts,
      at: now().toISOString(),
    });
  });
}

/** A removed post is gone from the fake; removing it again is no error. */
export function itRemovesTwice(title: string, fixture: () => PostsFixture): void {
  it(title, async () => {
    const { adapter, account, posts, now, post } = fixture();
    const published = await adapter.publish(account, await post('Gone soon'));
    await adapter.remove(account, published.externalId);
    expect(posts.get(published.externalId)?.deletedAt).toEqual(now());
    await adapter.remove(account, published.externalId);
  });
}

/** Where every adapter test's consent comes back to. */
export const REDIRECT = 'https://postdeck.test/channels/callback';

/** A PKCE verifier and its S256 challenge. */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface ConsentOptions {
  /** The consent page's answer: who approves, what they untick, which one they choose. */
  answer?: { userId?: string | undefined; untick?: readonly string[]; choose?: readonly string[] };
  /** The platform's OAuth takes PKCE. */
  pkce?: boolean;
  /** What the exchange carries from the redirect back (VK's device_id). */
  context?: (back: URL) => Record<string, string>;
}

/** The connect flow as a browser drives it: the consent URL, the fake's page approved, the code exchanged. */
export async function connectByConsent(
  adapter: AccountAdapter,
  options: ConsentOptions = {},
): Promise<Grant> {
  const proof = options.pkce ? pkce() : undefined;
  const url = adapter.authorizationUrl?.({
    state: 'state-1',
    redirectUri: REDIRECT,
    ...(proof ? { codeChallenge: proof.challenge } : {}),
  });
  const back = await submitConsent(url ?? '', { decision: 'approve', ...options.answer });
  if (back.searchParams.get('state') !== 'state-1') throw new Error(`lost state: ${back.toString()}`);
  const grant = await adapter.exchangeCode?.({
    code: back.searchParams.get('code') ?? '',
    redirectUri: REDIRECT,
    ...(proof ? { codeVerifier: proof.verifier } : {}),
    ...(options.context ? { context: options.context(back) } : {}),
  });
  if (!grant) throw new Error('no exchangeCode');
  return grant;
}

/** An error table as the HTTP helper applies it: the answer's body and status through describe and rules. */
export function errorClassifier(platform: ChannelPlatform, rules: readonly ErrorRule[], describe: Describe) {
  return (status: number, body: unknown): PlatformError =>
    classify(platform, rules, { ...describe(body, status), status, raw: body });
}
