import { publishHistoryQuerySchema } from './publish-history.ts';
import { z } from './zod.ts';

/**
 * The publish list exported (issue 21): the rows of the filtered list, one line per account's
 * publication, with the columns the page shows, as XLSX or CSV. Cells that a spreadsheet would
 * read as a formula are written as text.
 */
export const PUBLISH_EXPORT_FORMATS = ['xlsx', 'csv'] as const;

/** At most this many lines in one file: past it, narrow the filters. */
export const PUBLISH_EXPORT_MAX_ROWS = 100_000;

export const publishExportQuerySchema = publishHistoryQuerySchema
  .omit({ page: true, pageSize: true, after: true, before: true })
  .extend({
    /** Which list: mine (pubHistory), department (pubDepHistory), all (pubAdmHistory: administrators). */
    list: z.enum(['mine', 'department', 'all']).default('department'),
    format: z.enum(PUBLISH_EXPORT_FORMATS).default('xlsx'),
    /** The caller's language and time zone for the headers and times (the page's own). */
    timeZone: z.string().max(64).optional(),
  });
export type PublishExportQuery = z.input<typeof publishExportQuerySchema>;

/** A file (XLSX or CSV with BOM), not the JSON envelope. */
export const publishExportSchema = z.string();
