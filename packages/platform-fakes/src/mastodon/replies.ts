import type { FastifyReply } from 'fastify';

/** Mastodon's error bodies (platforms.md §8 Errors): `{"error": "..."}`, OAuth's with a description. */
export const mastodonError = (reply: FastifyReply, status: number, error: string) =>
  reply.code(status).send({ error });

export const oauthError = (reply: FastifyReply, status: number, error: string, description: string) =>
  reply.code(status).send({ error, error_description: description });

export const notFound = (reply: FastifyReply) => mastodonError(reply, 404, 'Record not found');
export const invalidToken = (reply: FastifyReply) => mastodonError(reply, 401, 'The access token is invalid');
export const revokedToken = (reply: FastifyReply) =>
  mastodonError(reply, 401, 'The access token was revoked');
/** Rails' 500 page text, as Mastodon's API sends it. */
export const serverError = (reply: FastifyReply) =>
  mastodonError(reply, 500, "We're sorry, but something went wrong on our end.");
export const validationFailed = (reply: FastifyReply, what: string) =>
  mastodonError(reply, 422, `Validation failed: ${what}`);

export const INVALID_GRANT =
  'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.';
export const INVALID_CLIENT =
  'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.';
