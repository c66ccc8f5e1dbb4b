import { z } from '@postdeck/contract/zod';
import { PlatformError } from '../errors.ts';

/**
 * A Graph answer read as Graph documents it, never cast (style.md §2.7). A write's 2xx that does
 * not parse went through without saying what it did: outcomeUnknown (DESIGN.md §6). A call that
 * may be repeated (a read, a delete, an upload step that publishes nothing) is only transient.
 */
export function graphReply<T extends z.ZodType>(
  platform: 'facebook' | 'instagram',
  schema: T,
  body: unknown,
  repeatable = false,
): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new PlatformError(repeatable ? 'transient' : 'outcomeUnknown', {
    platform,
    platformMessage: `the answer is not what Graph documents: ${z.prettifyError(parsed.error).slice(0, 300)}`,
    raw: body,
  });
}

/** Graph ids: numeric strings, `<page>_<post>`; some answers give numbers. */
export const graphId = z.union([z.string().min(1), z.number().int().nonnegative().transform(String)]);

/** A list edge's page: its items and where the next page is (platforms.md §1 Publish, read-after-write). */
export const graphPage = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item).default([]),
    paging: z.object({ next: z.string().optional() }).optional(),
  });
