import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appErrorFromDatabase } from './db-errors.ts';

/** The fields both drivers set on a PostgreSQL error, wrapped as drizzle wraps it. */
const failed = (fields: { code: string; constraint?: string; detail?: string }) =>
  new DrizzleQueryError(
    'insert …',
    [],
    Object.assign(new Error('violation'), { severity: 'ERROR', ...fields }),
  );

const answer = (error: unknown) => {
  const mapped = appErrorFromDatabase(error);
  return mapped && { status: mapped.status, code: mapped.code, fields: mapped.fieldErrors };
};

describe("database errors as the caller's mistakes", () => {
  it('a known unique index: 409 with its catalogue code, naming its field', () => {
    expect(answer(failed({ code: '23505', constraint: 'roles_code_key' }))).toEqual({
      status: 409,
      code: 100801,
      fields: [{ field: 'code', message: 'roleCodeTaken' }],
    });
  });

  it('another unique index: 409 naming the column of its detail', () => {
    const error = failed({
      code: '23505',
      constraint: 'x_key',
      detail: 'Key (token_hash)=(ab) already exists.',
    });
    expect(answer(error)).toEqual({
      status: 409,
      code: 409,
      fields: [{ field: 'tokenHash', message: 'validation.taken' }],
    });
  });

  it('a reference to nothing: 400 naming the field; a delete of something in use: 409', () => {
    const missing = failed({
      code: '23503',
      detail: 'Key (department_id)=(999999) is not present in table "departments".',
    });
    expect(answer(missing)).toEqual({
      status: 400,
      code: 400,
      fields: [{ field: 'departmentId', message: 'validation.unknownReference' }],
    });
    const inUse = failed({ code: '23503', detail: 'Key (id)=(5) is still referenced from table "users".' });
    expect(answer(inUse)).toMatchObject({ status: 409, code: 409 });
  });

  it('anything else stays a server error', () => {
    expect(answer(failed({ code: '57014' }))).toBeUndefined();
    expect(answer(Object.assign(new Error('EPIPE'), { code: 'EPIPE' }))).toBeUndefined();
    expect(answer(new Error('plain'))).toBeUndefined();
  });
});
