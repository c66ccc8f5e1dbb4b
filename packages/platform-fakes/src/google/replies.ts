import type { FastifyReply } from 'fastify';

/**
 * Google's error bodies (platforms.md §3 Errors, §11 Errors). The YouTube Data API answers the
 * older envelope, `errors[{message, domain, reason}]`; the Analytics Admin API, a gRPC
 * transcoding, answers `status` with `details[ErrorInfo]`. The OAuth endpoints answer RFC 6749's
 * `{error, error_description}`.
 */

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

export interface YoutubeErrorReason {
  reason: string;
  message: string;
  domain?: string;
  location?: string;
  locationType?: string;
}

export function youtubeError(reply: FastifyReply, status: number, error: YoutubeErrorReason): FastifyReply {
  const { reason, message, domain = 'youtube.api', ...where } = error;
  return reply.code(status).send({
    error: {
      code: status,
      message,
      errors: [{ message, domain, reason, ...where }],
      ...(STATUS_NAMES[status] ? { status: STATUS_NAMES[status] } : {}),
    },
  });
}

export function adminError(
  reply: FastifyReply,
  status: number,
  message: string,
  reason?: string,
): FastifyReply {
  return reply.code(status).send({
    error: {
      code: status,
      message,
      status: STATUS_NAMES[status] ?? 'UNKNOWN',
      ...(reason
        ? {
            details: [
              {
                '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
                reason,
                domain: 'googleapis.com',
                metadata: { service: 'analyticsadmin.googleapis.com' },
              },
            ],
          }
        : {}),
    },
  });
}

export const oauthError = (reply: FastifyReply, status: number, error: string, description: string) =>
  reply.code(status).send({ error, error_description: description });

export const INVALID_CREDENTIALS =
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';
export const INSUFFICIENT_SCOPES = 'Request had insufficient authentication scopes.';
export const QUOTA_EXCEEDED =
  'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.';
export const BACKEND_ERROR = 'Backend Error';

/** YouTube's answer to a failure on its side (§3 Errors: 503 backendError). */
export const backendError = (reply: FastifyReply) =>
  youtubeError(reply, 503, { reason: 'backendError', message: BACKEND_ERROR, domain: 'global' });
