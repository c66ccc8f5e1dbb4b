import { z } from 'zod';
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

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

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
