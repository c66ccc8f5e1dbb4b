import type { FieldError } from '@postdeck/contract/envelope';

/**
 * - api: the server answered with an envelope whose code is not 200;
 * - http: a non-2xx answer without an envelope (a proxy's error page, a restart);
 * - network / timeout: no answer at all.
 */
export type ApiErrorKind = 'api' | 'http' | 'network' | 'timeout';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** HTTP status; 0 when there was no answer. */
  status: number;
  /** Envelope code; 0 when there was no envelope. */
  code: number;
  /** The server's message (already in the user's language), or '' */
  msg: string;
  /** The text shown to the user for this failure. */
  message: string;
  fieldErrors?: FieldError[];
  retryAfterSeconds?: number;
  requestId?: string;
  data?: unknown;
}

/** Every failed call rejects with one of these. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly code: number;
  readonly msg: string;
  readonly fieldErrors: FieldError[];
  readonly retryAfterSeconds: number | undefined;
  readonly requestId: string | undefined;
  readonly data: unknown;
  /**
   * Set once the client has shown or acted on the failure, so callers (the navigation guard,
   * requests that shared one failed token refresh) do not show it a second time.
   */
  handled = false;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.msg = init.msg;
    this.fieldErrors = init.fieldErrors ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.requestId = init.requestId;
    this.data = init.data;
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;
