import { endpoints } from '@postdeck/contract/endpoints';
import { envelope } from '@postdeck/contract/envelope';
import { PUBLISH_IMPORT_MAX_BYTES, type PublishImportPreviewBody } from '@postdeck/contract/publish-import';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../lib/i18n.ts';
import { route, sessionOf } from '../../lib/route.ts';
import { generatedDownloadHeaders } from '../../storage/http-headers.ts';
import { requestMeta } from '../audit/audit.ts';
import { type PublishImport, type PublishImportDeps, createPublishImport } from './publish-import.ts';
import { importTemplate } from './template.ts';

/** The file in base64 (4 characters for every 3 bytes) and the JSON around it. */
const PREVIEW_BODY_LIMIT = Math.ceil(PUBLISH_IMPORT_MAX_BYTES / 3) * 4 + 64 * 1024;

const TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** Bulk scheduling's calls (issue 21): the template file, the preview and its confirmation. */
export function publishImportRoutes(app: FastifyInstance, deps: PublishImportDeps): PublishImport {
  const imports = createPublishImport(deps);

  // A file, not the JSON envelope, so not through route(); the permission is the table's.
  const template = endpoints.publishImportTemplate;
  app.route({
    method: template.method,
    url: template.path,
    schema: {
      summary: template.summary,
      tags: [template.tag],
      querystring: template.querystring,
      produces: [TYPES.csv, TYPES.xlsx],
    },
    config: { permission: template.permission },
    handler: async (request, reply) => {
      const { format } = request.query as { format: 'csv' | 'xlsx' };
      const example = await imports.templateExample(sessionOf(request).principal);
      const file = await importTemplate(format, requestLanguage(request), example);
      return reply
        .headers(generatedDownloadHeaders(TYPES[format], `publish-import-template.${format}`))
        .send(file);
    },
  });

  // Through app.route rather than route(): its body is the file in base64, larger than the
  // API's body limit (BODY_LIMIT, 1 MiB by default), so it carries a limit of its own.
  const preview = endpoints.publishImportPreview;
  app.route({
    method: preview.method,
    url: preview.path,
    bodyLimit: PREVIEW_BODY_LIMIT,
    schema: {
      summary: preview.summary,
      tags: [preview.tag],
      body: preview.body,
      response: { 200: envelope(preview.response) },
    },
    config: { permission: preview.permission },
    handler: async (request) => {
      const data = await imports.preview(
        sessionOf(request).principal,
        request.body as PublishImportPreviewBody,
        requestMeta(request),
        requestLanguage(request),
      );
      return { code: 200, msg: 'success', data };
    },
  });

  route(app, 'publishImportConfirm', ({ body, request }) =>
    imports.confirm(sessionOf(request).principal, body.importId, requestMeta(request)),
  );

  return imports;
}
