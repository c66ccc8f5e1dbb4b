import { ERRORS, type ErrorKey } from '@postdeck/contract/errors';
import type { FieldError } from '@postdeck/contract/envelope';

/**
 * A failure a handler means to report: the catalogue entry picks status, code and text;
 * `params` fill the text's placeholders; `data` goes to the envelope's data.
 */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly params: Record<string, string | number>;
  readonly data: Record<string, unknown> | null;
  readonly fieldErrors: LocalFieldError[] | undefined;

  constructor(
    key: ErrorKey,
    options: {
      params?: Record<string, string | number>;
      data?: Record<string, unknown>;
      fieldErrors?: LocalFieldError[];
      /** What went wrong underneath, for the log (never sent to the caller). */
      cause?: unknown;
    } = {},
  ) {
    super(ERRORS[key].msg.en, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.key = key;
    this.params = options.params ?? {};
    this.data = options.data ?? null;
    this.fieldErrors = options.fieldErrors;
  }

  get status(): number {
    return ERRORS[this.key].http;
  }

  get code(): number {
    return ERRORS[this.key].code;
  }
}

/** A field error before it is worded: its message key, and the figures its text names. */
export type LocalFieldError = FieldError & { params?: Record<string, string | number> | undefined };

/** A field error whose message is a contract key (`validation.*`) or an error key, localised later. */
export const fieldError = (
  field: string,
  message: string,
  params?: Record<string, string | number>,
): LocalFieldError => (params ? { field, message, params } : { field, message });
