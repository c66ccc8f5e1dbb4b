import type { ChannelPlatform } from '@postdeck/contract/platforms';

/**
 * The one error every adapter throws, whatever the platform said, so the publishing pipeline and
 * the account health checks decide from `kind` alone (DESIGN.md §6-§7):
 * - reauthorize: the grant is gone or expired beyond refreshing; the user must connect again;
 * - rateLimited: try again after `retryAfterMs` when the platform says;
 * - rejected: the platform refused this content or call; `platformMessage` says why in its words;
 * - mediaInvalid: a file was refused (size, format, duration, dimensions);
 * - transient: failed without effect (5xx, unreachable); retrying is safe;
 * - outcomeUnknown: a write may have happened, its answer was lost: never retried blindly.
 */
export const PLATFORM_ERROR_KINDS = [
  'reauthorize',
  'rateLimited',
  'rejected',
  'mediaInvalid',
  'transient',
  'outcomeUnknown',
] as const;
export type PlatformErrorKind = (typeof PLATFORM_ERROR_KINDS)[number];

export interface PlatformErrorDetail {
  platform: ChannelPlatform;
  /** The HTTP status, when an answer came. */
  status?: number | undefined;
  platformMessage?: string | undefined;
  /** The platform's own error code (Graph's 190, X's problem type, TikTok's code string...). */
  platformCode?: string | undefined;
  platformSubcode?: string | undefined;
  retryAfterMs?: number | undefined;
  /** The platform's error body as received, kept for the account's failure history. */
  raw?: unknown;
}

export class PlatformError extends Error {
  readonly kind: PlatformErrorKind;
  readonly detail: PlatformErrorDetail;

  constructor(kind: PlatformErrorKind, detail: PlatformErrorDetail, options?: { cause?: unknown }) {
    // The message names no URL and no request: both can hold tokens (Telegram's path, Graph's query).
    const status = detail.status === undefined ? '' : ` (HTTP ${detail.status})`;
    const said = detail.platformMessage ? `: ${detail.platformMessage}` : '';
    super(`${detail.platform}: ${kind}${status}${said}`, options);
    this.name = 'PlatformError';
    this.kind = kind;
    this.detail = detail;
  }
}

export function isPlatformError(error: unknown): error is PlatformError {
  return error instanceof PlatformError;
}

type Code = string | number;

/**
 * One line of a platform's error table: every condition given must hold (a rule with none matches
 * any error, as a table's last line). Codes compare as strings, so Graph's 190 matches '190'.
 */
export interface ErrorRule {
  status?: number | readonly number[];
  code?: Code | readonly Code[];
  subcode?: Code | readonly Code[];
  /** Searched for in the platform's message (a g flag does no harm: search ignores lastIndex). */
  message?: RegExp;
  kind: PlatformErrorKind;
}

/** What an answer said, as a platform's `describe` extracts it from the error body. */
export interface ErrorFacts {
  status?: number | undefined;
  code?: Code | undefined;
  subcode?: Code | undefined;
  message?: string | undefined;
  retryAfterMs?: number | undefined;
  raw?: unknown;
}

/**
 * The platform's table first, first match wins; then what the status says by itself. An error
 * that came with HTTP 200 (VK, TikTok) and matches no rule is a refusal.
 */
export function classify(
  platform: ChannelPlatform,
  rules: readonly ErrorRule[],
  facts: ErrorFacts,
): PlatformError {
  const kind = rules.find((rule) => matches(rule, facts))?.kind ?? byStatus(facts.status);
  return new PlatformError(kind, {
    platform,
    status: facts.status,
    platformMessage: facts.message,
    platformCode: facts.code === undefined ? undefined : String(facts.code),
    platformSubcode: facts.subcode === undefined ? undefined : String(facts.subcode),
    retryAfterMs: facts.retryAfterMs,
    raw: facts.raw,
  });
}

function byStatus(status: number | undefined): PlatformErrorKind {
  if (status === 401) return 'reauthorize';
  if (status === 429) return 'rateLimited';
  // 408: the server gave up waiting for the request, so nothing was done.
  if (status === 408 || (status !== undefined && status >= 500)) return 'transient';
  return 'rejected';
}

function matches(rule: ErrorRule, facts: ErrorFacts): boolean {
  if (rule.status !== undefined && !oneOf(rule.status, facts.status)) return false;
  if (rule.code !== undefined && !oneOf(rule.code, facts.code)) return false;
  if (rule.subcode !== undefined && !oneOf(rule.subcode, facts.subcode)) return false;
  if (
    rule.message !== undefined &&
    !(facts.message !== undefined && facts.message.search(rule.message) !== -1)
  )
    return false;
  return true;
}

function oneOf(expected: Code | readonly Code[], actual: Code | undefined): boolean {
  if (actual === undefined) return false;
  const list: readonly Code[] = Array.isArray(expected) ? expected : [expected as Code];
  return list.some((value) => String(value) === String(actual));
}
