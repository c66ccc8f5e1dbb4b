import { z } from './zod.ts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants.ts';

/** Every response is `{ code, msg, data }`; success is code 200 (DESIGN.md §4). */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorEnvelopeSchema = envelope(
  z
    .object({
      errors: z.array(fieldErrorSchema).optional(),
      retryAfterSeconds: z.number().optional(),
      requestId: z.string().optional(),
    })
    .nullable(),
);
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/**
 * Ids (and versions) are PostgreSQL integers: a larger number names no row, and must be refused
 * as bad input rather than reach SQL and fail there.
 */
export const INT4_MAX = 2_147_483_647;
export const int4Schema = z.number().int().positive().max(INT4_MAX);
/** The same, read from a query parameter. */
export const int4ParamSchema = z.coerce.number().int().positive().max(INT4_MAX);

/** Pages far past any list would make offsets PostgreSQL cannot hold. */
export const PAGE_MAX = 100_000;

/**
 * Numbered pages. A page must start within the list's count bound (LIST_TOTAL_BOUND): deeper
 * rows are reached with a cursor (keyset lists) or by narrowing the filters.
 */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

/** An opaque keyset cursor, as a list answered it in `next` or `prev`. */
export const listCursorSchema = z
  .string()
  .max(2048)
  .regex(/^[A-Za-z0-9_-]+$/, 'validation.cursor');

/**
 * The lists that grow long (content, materials, users, audit, messages) also take a cursor:
 * `after` (the answer's `next`) gives the rows after it, `before` (its `prev`) the rows before
 * it, in the same sort; either replaces `page`, at any depth, at the cost of one page.
 */
export const keysetPageQuerySchema = pageQuerySchema.extend({
  after: listCursorSchema.optional(),
  before: listCursorSchema.optional(),
});

/**
 * A page of a list. `total` counts the matching rows exactly up to the count bound; past it,
 * `total` is the bound and `totalExact` false, which the console shows as "10,000+".
 */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    totalExact: z.boolean(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

/**
 * A page of a keyset list: `next` is the cursor of the rows after this page (null on the last
 * page), `prev` of the rows before it (null on the first). With a cursor in the request,
 * `page` is echoed as sent (the page's number is not known).
 */
export const keysetPageOf = <T extends z.ZodType>(item: T) =>
  pageOf(item).extend({ next: z.string().nullable(), prev: z.string().nullable() });

export const emptySchema = z.null();

/** A comma list of at most 500 positive ids in a query parameter (`ids=3,5,8`). */
export const idListSchema = z
  .string()
  .max(10_000)
  .regex(/^\d{1,10}(,\d{1,10})*$/, 'invalidIdList')
  .refine(
    (v) => v.split(',').every((id) => Number(id) <= INT4_MAX) && v.split(',').length <= 500,
    'invalidIdList',
  );
