import type { Language } from '@postdeck/contract/constants';
import type { FieldError } from '@postdeck/contract/envelope';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { $ZodRawIssue } from 'zod/v4/core';
import { appErrorFromDatabase } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { errorText, fieldText, issueText, requestLanguage } from '../lib/i18n.ts';
import { RequestValidationError } from './validation.ts';

/** Sends a catalogue error in the envelope, in the caller's language. */
export function sendAppError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const lang = requestLanguage(request);
  const errors = error.fieldErrors?.map((f) => ({
    field: f.field,
    message: fieldText(f.message, lang, f.params ?? error.params),
  }));
  const data = errors ? { ...error.data, errors } : error.data;
  // A failure of ours or of a platform's, told honestly to the caller: its cause is for the log.
  if (error.status >= 500 && error.cause !== undefined) request.log.warn({ err: error.cause }, error.message);
  const retryAfter = error.data?.['retryAfterSeconds'];
  if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
  return reply
    .code(error.status)
    .send({ code: error.code, msg: errorText(error.key, lang, error.params), data });
}

function validationFields(error: RequestValidationError, lang: Language): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || (error.validationContext ?? 'body'),
    message: issueText(issue as unknown as $ZodRawIssue, lang),
  }));
}

/**
 * One place turns every failure into the envelope: validation 400 naming the fields,
 * body-parser failures as 4xx naming the body, known errors by catalogue, database
 * constraint violations as 409 or 400 naming the field, anything else a 500 with the
 * request id and no stack.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((rawError: FastifyError | Error, request, reply) => {
    const lang = requestLanguage(request);
    if (rawError instanceof AppError) return sendAppError(request, reply, rawError);

    if (rawError instanceof RequestValidationError) {
      const fields = validationFields(rawError, lang);
      const summary = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
      return reply.code(400).send({
        code: 400,
        msg: `${errorText('validation', lang)}: ${summary}`,
        data: { errors: fields },
      });
    }

    // Constraint violations (a unique value two requests raced for, an id that does not exist).
    const fromDatabase = appErrorFromDatabase(rawError);
    if (fromDatabase) return sendAppError(request, reply, fromDatabase);

    const fastifyCode = (rawError as FastifyError).code;
    const status = (rawError as FastifyError).statusCode ?? 500;
    const bodyField = { field: 'body', message: rawError.message };
    switch (fastifyCode) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendAppError(request, reply, new AppError('payloadTooLarge', { fieldErrors: [bodyField] }));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendAppError(
          request,
          reply,
          new AppError('unsupportedMediaType', { fieldErrors: [bodyField] }),
        );
      default:
        break;
    }
    if (status === 403) return sendAppError(request, reply, new AppError('forbidden'));
    if (status === 404) return sendAppError(request, reply, new AppError('notFound'));
    if (status >= 400 && status < 500) {
      // Malformed JSON, empty JSON bodies, bad content length: the body itself is the field.
      return reply.code(status).send({
        code: status,
        msg: `${errorText('validation', lang)}: body: ${rawError.message}`,
        data: { errors: [bodyField] },
      });
    }

    request.log.error({ err: rawError }, 'unhandled error');
    return reply.code(500).send({
      code: 500,
      msg: errorText('internal', lang, { requestId: request.id }),
      data: { requestId: request.id },
    });
  });

  // Client routes of the web app are a route of their own (web.ts): what is left is not found.
  app.setNotFoundHandler((request, reply) => sendAppError(request, reply, new AppError('notFound')));
}
