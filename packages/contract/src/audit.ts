import { z } from './zod.ts';
import { keysetPageOf, keysetPageQuerySchema } from './envelope.ts';
import { timeRangeSchema } from './notifications.ts';

/**
 * The audit log (issue 5, item 6): one entry per change, written in the change's transaction.
 * Read by holders of log:audit as a paged list and as a streamed CSV file.
 */

export const AUDIT_LIMITS = {
  actor: 64,
  action: 100,
  target: 200,
  ip: 64,
} as const;

/** Audit actions of the audit module itself. */
export const AUDIT_ACTIONS = { export: 'audit.export' } as const;

/**
 * Filters shared by the list and the export, all optional and combined with AND; an empty
 * value means no filter.
 * - `actor`: part of the account, any case.
 * - `action`: exact (`content.update`), or every action under a prefix when it ends with a
 *   dot (`content.`).
 * - `target`: exact (`content:12`), or every target of a kind when it ends with a colon
 *   (`content:`).
 * - `ip`: exact.
 * - `time`: 'from,to' ISO date-times on the entry's time, inclusive, as the messages filter.
 */
export const auditFilterFields = {
  actor: z.string().trim().max(AUDIT_LIMITS.actor).optional(),
  action: z.string().trim().max(AUDIT_LIMITS.action).optional(),
  target: z.string().trim().max(AUDIT_LIMITS.target).optional(),
  ip: z.string().trim().max(AUDIT_LIMITS.ip).optional(),
  time: timeRangeSchema.optional(),
};

/** GET /log/audit/list: newest first, paged. */
export const auditListQuerySchema = keysetPageQuerySchema.extend(auditFilterFields);
export type AuditListQuery = z.input<typeof auditListQuerySchema>;
/** The list query as read, defaults filled in. */
export type AuditListFilters = z.output<typeof auditListQuerySchema>;

/** GET /log/audit/export: the same filters, every matching entry, newest first. */
export const auditExportQuerySchema = z.object(auditFilterFields);
export type AuditExportQuery = z.input<typeof auditExportQuerySchema>;
export type AuditFilters = z.output<typeof auditExportQuerySchema>;

export const auditItemSchema = z.object({
  id: z.number().int(),
  actor: z.object({
    /** Null when no user matched (failed sign-ins) or the user no longer exists. */
    id: z.number().int().nullable(),
    /** The account named by the request, kept even when no user matched. */
    account: z.string(),
    name: z.string().nullable(),
  }),
  action: z.string(),
  target: z.string(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string(),
  userAgent: z.string(),
  /** ISO 8601 UTC. */
  at: z.string(),
});
export type AuditItem = z.infer<typeof auditItemSchema>;

export const auditListSchema = keysetPageOf(auditItemSchema);
export type AuditList = z.infer<typeof auditListSchema>;

/** The export's columns, in order (its header row). */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'time',
  'actor_id',
  'actor_account',
  'actor_name',
  'action',
  'target',
  'ip',
  'user_agent',
  'detail',
] as const;

/** The export answers a CSV file (UTF-8 with BOM), not the JSON envelope. */
export const auditExportSchema = z.string();
