import type { FastifySchemaCompiler } from 'fastify';
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
