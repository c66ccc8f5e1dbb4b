import { fieldErrorSchema } from './envelope.ts';
import { publishingPlatformSchema } from './platforms.ts';
import { z } from './zod.ts';

/**
 * Bulk scheduling (issue 21): a CSV or XLSX of posts (title, text, accounts, time with its zone,
 * media by library id or by URL) read into a preview that runs the publishing preflight on each
 * row; nothing is scheduled until the user confirms, and then every row or none.
 */
export const PUBLISH_IMPORT_MAX_ROWS = 500;
/** The file as sent: 2 MB, base64 in JSON. */
export const PUBLISH_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const PUBLISH_IMPORT_FORMATS = ['csv', 'xlsx'] as const;

/** The template's columns, in order. `accounts` holds account ids or names, separated by `;`. */
export const PUBLISH_IMPORT_COLUMNS = ['title', 'text', 'accounts', 'time', 'timeZone', 'media'] as const;

export const publishImportPreviewBodySchema = z.object({
  fileName: z.string().trim().min(1).max(255),
  format: z.enum(PUBLISH_IMPORT_FORMATS),
  /** The file's bytes, base64. */
  data: z
    .string()
    .max(Math.ceil(PUBLISH_IMPORT_MAX_BYTES / 3) * 4)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'validation.base64'),
});
export type PublishImportPreviewBody = z.infer<typeof publishImportPreviewBodySchema>;

export const publishImportRowSchema = z.object({
  /** The row's number in the file (the header is row 1). */
  row: z.number().int(),
  title: z.string(),
  text: z.string(),
  accounts: z.array(z.object({ id: z.number().int(), name: z.string(), platform: publishingPlatformSchema })),
  /** UTC, ISO; null when the row's time could not be read. */
  scheduledAt: z.string().nullable(),
  timeZone: z.string(),
  mediaIds: z.array(z.number().int()),
  /** What stops this row, each naming its column (`time`, `accounts`, `accounts.2`, `media`...). */
  problems: z.array(fieldErrorSchema),
});
export type PublishImportRow = z.infer<typeof publishImportRowSchema>;

export const publishImportPreviewSchema = z.object({
  /** Names this preview for the confirmation; it expires (the server says when). */
  importId: z.string(),
  expiresAt: z.string(),
  rows: z.array(publishImportRowSchema),
  /** No row has a problem: it can be confirmed. */
  valid: z.boolean(),
});
export type PublishImportPreview = z.infer<typeof publishImportPreviewSchema>;

export const publishImportConfirmBodySchema = z.object({ importId: z.string().min(1).max(100) });
export const publishImportResultSchema = z.object({
  /** The parents made, one per row, in the file's order. */
  parentIds: z.array(z.number().int()),
});

export const publishImportTemplateQuerySchema = z.object({
  format: z.enum(PUBLISH_IMPORT_FORMATS).default('csv'),
});
/** A file, not the JSON envelope. */
export const publishImportTemplateSchema = z.string();
