/** Why a guarded fetch was refused or failed; the caller maps every reason to a 400 on the `url` field. */
export type UrlFetchReason =
  | 'scheme'
  | 'credentials'
  | 'port'
  | 'dns'
  | 'address'
  | 'redirects'
  | 'too_large'
  | 'timeout'
  | 'http_status'
  | 'content_type'
  | 'network';

/** The one error a guarded fetch throws (or a guarded body stream emits). */
export class UrlFetchError extends Error {
  readonly reason: UrlFetchReason;
  /** The URL being fetched when it failed: after redirects, the hop that failed, not the one the user gave. */
  readonly url: string;
  /** The refused or unreachable IP address, when the failure concerns one. */
  readonly address: string | undefined;
  /** The final response's status, for 'http_status'. */
  readonly status: number | undefined;

  constructor(
    reason: UrlFetchReason,
    message: string,
    details: { url: string; address?: string; status?: number; cause?: unknown },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'UrlFetchError';
    this.reason = reason;
    this.url = details.url;
    this.address = details.address;
    this.status = details.status;
  }
}
