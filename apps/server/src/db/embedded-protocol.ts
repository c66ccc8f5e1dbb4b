/**
 * Messages between the server's main thread and the worker thread that runs the embedded
 * database (embedded-worker.ts, embedded-client.ts).
 */
export interface WorkerSettings {
  /** PGlite's data directory; omitted means in memory (tests). */
  dir?: string | undefined;
}

export type Request =
  | {
      id: number;
      op: 'query';
      text: string;
      params: unknown[] | undefined;
      rowMode: 'object' | 'array' | undefined;
      /** Types whose text is kept as it came (drizzle's parsers for dates and intervals). */
      rawTypes: number[];
    }
  | { id: number; op: 'exec'; text: string }
  | { id: number; op: 'close' };

export type Reply =
  | { id: number; result: unknown }
  | { id: number; error: SerializedError }
  | { ready: true }
  | { failed: SerializedError };

/** An error's message and own fields (PostgreSQL's code, detail, constraint, …), which a thread boundary would drop. */
export interface SerializedError {
  message: string;
  fields: Record<string, unknown>;
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, unknown> = { name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { message: error.message, fields };
}

export function deserializeError({ message, fields }: SerializedError): Error {
  return Object.assign(new Error(message), fields);
}
