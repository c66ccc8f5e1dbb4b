import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import type { $ZodIssue } from 'zod/v4/core';

/** Carries zod's issues to the error handler, which words them in the caller's language. */
export class RequestValidationError extends Error {
  readonly issues: $ZodIssue[];
  validationContext?: string;
  readonly statusCode = 400;

  constructor(issues: $ZodIssue[]) {
    super('request validation failed');
    this.name = 'RequestValidationError';
    this.issues = issues;
  }
}

/**
 * fastify-type-provider-zod's compiler, but keeping each issue's input (never echoed to the
 * caller) so a wrong type and a missing field read differently.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(result.error.issues) };
  };

/** A NUL, which PostgreSQL text cannot hold, or half of a surrogate pair, which UTF-8 cannot encode. */
const unstorable = (text: string) => text.includes('\u0000') || !text.isWellFormed();

/**
 * Parsed JSON and query objects (the query parser's have a prototype of their own, itself
 * without one); a Buffer or stream of a raw body is not looked into.
 */
const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null || Object.getPrototypeOf(prototype) === null;
};

interface Visit {
  value: unknown;
  key: PropertyKey | undefined;
  parent: Visit | undefined;
}

const pathOf = (visit: Visit): PropertyKey[] => {
  const path: PropertyKey[] = [];
  for (let at: Visit | undefined = visit; at?.parent; at = at.parent) path.unshift(at.key as PropertyKey);
  return path;
};

/**
 * The path of the first string (a value or a key) no database text can store, if any. Walked
 * without recursion and without copying paths: a parsed body can nest deeper than the stack.
 */
export function unstorablePath(value: unknown): PropertyKey[] | undefined {
  const pending: Visit[] = [{ value, key: undefined, parent: undefined }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const parent = visit;
    if (typeof visit.value === 'string') {
      if (unstorable(visit.value)) return pathOf(visit);
    } else if (Array.isArray(visit.value)) {
      visit.value.forEach((item, key) => pending.push({ value: item, key, parent }));
    } else if (isPlainObject(visit.value)) {
      for (const [key, item] of Object.entries(visit.value)) {
        const child = { value: item, key, parent };
        if (unstorable(key)) return pathOf(child);
        pending.push(child);
      }
    }
  }
  return undefined;
}

/**
 * Refuses, for every route (contract routes, uploads, files alike), a request whose query,
 * parameters or body carry such a string, as a 400 naming the field: they would otherwise
 * reach PostgreSQL and fail there as a 500.
 */
export function registerUnstorableStringCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const parts = { querystring: request.query, params: request.params, body: request.body };
    for (const [part, value] of Object.entries(parts)) {
      const found = unstorablePath(value);
      if (!found) continue;
      // A blank key names nothing: the part (body, querystring) is the field then.
      const path = /\S/.test(found.map(String).join('.')) ? found : [];
      const error = new RequestValidationError([
        { code: 'custom', path, message: 'validation.characters', input: undefined } as $ZodIssue,
      ]);
      error.validationContext = part;
      throw error;
    }
  });
}
