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

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
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
