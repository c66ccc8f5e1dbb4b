import { ERRORS } from '@postdeck/contract/errors';
import { MATERIAL_UPLOAD_PATH } from '@postdeck/contract/materials';
import { PERMISSIONS } from '@postdeck/contract/permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { errorText, fieldText, requestLanguage } from '../../lib/i18n.ts';
import { sessionOf } from '../../lib/route.ts';
import { humanSize } from './material-types.ts';
import type { UploadQuotaExceeded } from './upload-quota.ts';
import type { Uploads } from './uploads.ts';

/** The 413 envelope, as text: tus hooks answer with a body string. */
function tooLargeBody(request: FastifyRequest, max: number): string {
  const lang = requestLanguage(request);
  const params = { max: humanSize(max) };
  return JSON.stringify({
    code: ERRORS.materialTooLarge.code,
    msg: errorText('materialTooLarge', lang, params),
    data: { errors: [{ field: 'file', message: fieldText('materialTooLarge', lang, params) }] },
  });
}

/** The quota refusal as an envelope, naming the limit reached. */
function overQuotaBody(request: FastifyRequest, refusal: UploadQuotaExceeded): string {
  const key = refusal.limit === 'open' ? 'uploadsOpenLimit' : 'uploadsBytesLimit';
  const max = refusal.limit === 'open' ? refusal.max : humanSize(refusal.max);
  const msg = errorText(key, requestLanguage(request), { max });
  return JSON.stringify({ code: ERRORS[key].code, msg, data: null });
}

/** Any other tus failure as an envelope: protocol errors keep tus's words, ours say nothing inside. */
function failureBody(request: FastifyRequest, status: number, reason: string): string {
  const lang = requestLanguage(request);
  if (status === 404) return JSON.stringify({ code: 404, msg: errorText('notFound', lang), data: null });
  if (status >= 500) {
    request.log.error({ status, reason }, 'tus upload failed');
    const msg = errorText('internal', lang, { requestId: request.id });
    return JSON.stringify({ code: 500, msg, data: { requestId: request.id } });
  }
  return JSON.stringify({ code: status, msg: reason.trim(), data: null });
}

/**
 * The tus protocol under MATERIAL_UPLOAD_PATH, spoken by @tus/server on the raw request: the
 * usual auth hook runs first (Bearer token, material:manage), then Fastify steps aside. Upload
 * bodies are never parsed or size-limited by Fastify; tus streams them to disk itself.
 */
export function uploadRoutes(app: FastifyInstance, uploads: Uploads) {
  const config = { permission: PERMISSIONS.materialManage };

  async function handOver(request: FastifyRequest, reply: FastifyReply) {
    const { principal } = sessionOf(request);
    const { id } = request.params as { id?: string };
    // Someone else's upload does not exist as far as this caller can tell.
    if (id !== undefined && !(await uploads.isOwnedBy(id, principal.id))) throw new AppError('notFound');
    uploads.setCaller(request.raw, {
      userId: principal.id,
      tooLarge: (max) => tooLargeBody(request, max),
      overQuota: (refusal) => overQuotaBody(request, refusal),
      failure: (status, reason) => failureBody(request, status, reason),
    });
    // Headers set on the reply so far (security headers) are kept: tus writes to the raw response.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.hijack();
    try {
      await uploads.handle(request.raw, reply.raw);
    } catch (error) {
      request.log.error({ err: error }, 'tus upload failed');
      if (!reply.raw.headersSent) reply.raw.writeHead(500).end();
      else reply.raw.destroy();
    }
  }

  return app.register(async (tus) => {
    // Leaves upload bodies unread for tus (no parsing, no body limit).
    tus.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    // tus answers on the raw response itself: nothing for the compression hooks to do.
    tus.route({ method: 'POST', url: MATERIAL_UPLOAD_PATH, config, compress: false, handler: handOver });
    tus.route({
      method: ['HEAD', 'PATCH', 'DELETE'],
      url: `${MATERIAL_UPLOAD_PATH}/:id`,
      config,
      compress: false,
      handler: handOver,
    });
  });
}
