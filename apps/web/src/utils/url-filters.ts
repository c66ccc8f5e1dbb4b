import type { z } from 'zod';

/**
 * A list page's filters kept in the address, read and written with the contract's own query
 * schema, so the page accepts exactly what the server does.
 */
export function urlFilters<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(schema: S) {
  type Filters = z.output<S>;
  const defaults = schema.parse({});

  /** The address's keys whose values the schema refuses (`?platform=myspace`). */
  function refused(params: URLSearchParams): string[] {
    const parsed = schema.safeParse(Object.fromEntries(params));
    return parsed.success ? [] : [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))];
  }

  /** The filters from the address; a value the schema refuses is dropped rather than breaking the page. */
  function read(params: URLSearchParams): Filters {
    const raw: Record<string, string> = Object.fromEntries(params);
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    const bad = new Set(refused(params));
    const kept = Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key)));
    return schema.safeParse(kept).data ?? defaults;
  }

  /** The address for the filters: defaults and empty values left out, so links stay short. */
  function write(filters: Partial<Filters>): URLSearchParams {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(filters)) {
      if (value === undefined || value === '' || value === defaults[key]) continue;
      params.set(key, String(value));
    }
    return params;
  }

  /** The request query: the filters without the defaults the server fills in itself. */
  const toQuery = (filters: Filters): z.input<S> => Object.fromEntries(write(filters)) as z.input<S>;

  return { read, write, toQuery, refused };
}

/**
 * A list's filters after a change: a cursor step (`after`, `before`) keeps the rest; a page
 * number leaves the cursor; any other change starts again from page 1, without a cursor.
 */
export function changeListFilters<
  F extends { page: number; after?: string | undefined; before?: string | undefined },
>(filters: F, next: Partial<F>): F {
  const { after: _after, before: _before, ...rest } = filters;
  if ('after' in next || 'before' in next) return { ...rest, ...next } as F;
  return { ...rest, ...('page' in next ? {} : { page: 1 }), ...next } as F;
}
