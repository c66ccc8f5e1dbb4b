/**
 * Fault switches a test (or the sandbox's operator) sets on a fake: each platform's fake answers
 * them with that platform's own error body and headers.
 * - expiredToken, revokedGrant: the token no longer works;
 * - rateLimited: a 429 (or the platform's equivalent) with retryAfterS;
 * - serverError: a 5xx;
 * - acceptThenHang: the write happens, its answer never comes (held until the server stops);
 * - acceptThenServerError: the write happens, then a 5xx with the platform's error body (a
 *   server that failed after its commit, a gateway that gave up after passing the write on);
 * - acceptThenMalformed: the write happens, then a 200 whose body is not the platform's answer;
 * - contentRejected: the platform refuses the content with `message`;
 * - slowProcessing: media stays "processing" for `polls` status checks.
 */
export const FAULT_KINDS = [
  'expiredToken',
  'revokedGrant',
  'rateLimited',
  'serverError',
  'acceptThenHang',
  'acceptThenServerError',
  'acceptThenMalformed',
  'contentRejected',
  'slowProcessing',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface Fault {
  kind: FaultKind;
  retryAfterS?: number;
  message?: string;
  /** slowProcessing: how many status checks answer "still processing". */
  polls?: number;
}

export interface FaultSwitch extends Fault {
  /** Only this account's calls (as the platform's fake names accounts); every account when absent. */
  account?: string;
  /** Only this call (the fake's name for it: a Bot API method, "POST /api/v1/statuses"); every call when absent. */
  call?: string;
  /** One-shot: applies to this many calls, then goes; stays until cleared when absent. */
  times?: number;
}

export class Faults {
  #switches: FaultSwitch[] = [];

  set(fault: FaultSwitch): void {
    this.#switches.push({ ...fault });
  }

  clear(): void {
    this.#switches = [];
  }

  list(): readonly FaultSwitch[] {
    return this.#switches;
  }

  /**
   * The fault for this call on this account, if a switch matches (the first set wins); a
   * one-shot switch is used up by it.
   */
  take(call: string, account: string | undefined): Fault | undefined {
    const index = this.#switches.findIndex(
      (s) => (s.call === undefined || s.call === call) && (s.account === undefined || s.account === account),
    );
    const found = this.#switches[index];
    if (!found) return undefined;
    if (found.times !== undefined) {
      found.times -= 1;
      if (found.times <= 0) this.#switches.splice(index, 1);
    }
    const { kind, retryAfterS, message, polls } = found;
    return { kind, retryAfterS, message, polls };
  }
}

export function isFaultKind(value: unknown): value is FaultKind {
  return typeof value === 'string' && (FAULT_KINDS as readonly string[]).includes(value);
}

/** The faults a write's handler applies itself, after the write is done (the guards answer the others first). */
export const AFTER_COMMIT_FAULTS: readonly FaultKind[] = [
  'acceptThenHang',
  'acceptThenServerError',
  'acceptThenMalformed',
];
