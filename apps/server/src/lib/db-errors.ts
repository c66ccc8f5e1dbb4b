import type { ErrorKey } from '@postdeck/contract/errors';
import { AppError, fieldError } from './errors.ts';

/** What node-postgres and PGlite both put on an error the server sent (drizzle wraps it as `cause`). */
interface PostgresError {
  code: string;
  severity: string;
  constraint?: string | undefined;
  detail?: string | undefined;
}

export const PG = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
} as const;

/** The PostgreSQL error inside `error`, however deep the wrapping. */
export function postgresError(error: unknown): PostgresError | undefined {
  let at: unknown = error;
  for (let depth = 0; depth < 5 && typeof at === 'object' && at !== null; depth++) {
    const candidate = at as Partial<PostgresError> & { cause?: unknown };
    if (typeof candidate.code === 'string' && typeof candidate.severity === 'string') {
      return candidate as PostgresError;
    }
    at = candidate.cause;
  }
  return undefined;
}

/**
 * Unique indexes a person can run into, with the field they name and what the answer says.
 * The services check first, for the common case; these answer when two requests raced past
 * the check together and the database let only one through.
 */
const UNIQUE_INDEXES: Record<string, { field: string; key: ErrorKey }> = {
  users_account_key: { field: 'account', key: 'accountTaken' },
  roles_code_key: { field: 'code', key: 'roleCodeTaken' },
  departments_parent_name_key: { field: 'name', key: 'departmentNameTaken' },
};

/** `Key (department_id)=(…)` in a violation's detail, as the request field `departmentId`. */
function keyField(detail: string | undefined): string | undefined {
  const column = /^Key \(([a-z_][a-z0-9_]*)\)=/.exec(detail ?? '')?.[1];
  return column?.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * A constraint violation as the caller's mistake: a taken value is a 409 naming the field, a
 * reference to a row that does not exist a 400 naming the field, a delete of a row still
 * referenced a 409. Anything else stays a server error.
 */
export function appErrorFromDatabase(error: unknown): AppError | undefined {
  const pg = postgresError(error);
  if (pg?.code === PG.uniqueViolation) {
    const known = pg.constraint === undefined ? undefined : UNIQUE_INDEXES[pg.constraint];
    if (known) return new AppError(known.key, { fieldErrors: [fieldError(known.field, known.key)] });
    const field = keyField(pg.detail);
    return new AppError('conflict', field ? { fieldErrors: [fieldError(field, 'validation.taken')] } : {});
  }
  if (pg?.code === PG.foreignKeyViolation) {
    if (pg.detail?.includes('is still referenced')) return new AppError('conflict');
    const field = keyField(pg.detail) ?? 'body';
    return new AppError('validation', { fieldErrors: [fieldError(field, 'validation.unknownReference')] });
  }
  return undefined;
}
