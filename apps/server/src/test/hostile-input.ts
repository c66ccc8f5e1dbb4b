import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Requests for the "no 500 for any input" property (issue 10, item 4): strings no database can
 * store, strings of every kind and size, numbers at and past the edges of an int4, ids that do
 * not exist, and the wrong type for anything, alone or inside requests plausible enough to get
 * past validation and reach the services and the database.
 */

/** A NUL or half of a surrogate pair, alone or after other text. */
const unstorable = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\udfff\ud800', 'ok\ud83d'),
  fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\ud800', '\udc00')).map(([s, c]) => s + c),
);

const oddStrings = fc.constantFrom(
  '',
  ' ',
  '\udbff\udfff',
  '😀',
  '1',
  '999999',
  '2147483648',
  '-1',
  '1,2,999999',
  '0,0',
  'true',
  'null',
  '[]',
  "'; drop table users; --",
  '%00',
);

const anyString = fc.oneof(
  { weight: 3, arbitrary: unstorable },
  { weight: 3, arbitrary: oddStrings },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constant('x'.repeat(70_000)) },
);

/** Ids that exist in a fresh test app (the root, built-in roles, the admin) and ones that do not. */
const ids = fc.constantFrom(1, 2, 3, 999_999, 2 ** 31 - 1);

const anyNumber = fc.oneof(
  ids,
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, -(2 ** 31), 1.5, 1e308),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const leaf = fc.oneof(
  { weight: 3, arbitrary: anyString },
  { weight: 2, arbitrary: anyNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

const { value: anyJson } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(anyString, tie('value'), { maxKeys: 4 }),
  ),
}));

/** A query string carries only well-formed text (a URL cannot encode half a surrogate pair). */
const queryValue = fc
  .oneof(anyString, anyNumber.map(String), fc.constantFrom('1,2', '999999,1', 'own', 'true'))
  .filter((s) => s.isWellFormed() && s.length < 10_000);

const anyQuery = fc.dictionary(
  queryValue,
  fc.oneof(
    { weight: 4, arbitrary: queryValue },
    { weight: 1, arbitrary: fc.array(queryValue, { maxLength: 3 }) },
  ),
  { maxKeys: 5 },
);

const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x' }] }] };

/**
 * Values a zod request schema roughly accepts (formats and refinements aside), each field now
 * and then replaced by one of the alphabet. In a query every value is text.
 */
function plausible(schema: z.ZodType, inQuery: boolean): fc.Arbitrary<unknown> {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (key: string) => plausible(def[key] as z.ZodType, inQuery);
  const text = (value: fc.Arbitrary<unknown>) => (inQuery ? value.map(String) : value);
  switch (def.type) {
    case 'object': {
      const shape = Object.entries(def['shape'] as Record<string, z.ZodType>);
      const fields = shape.map(([key, field]) => [
        key,
        fc.oneof(
          { weight: 5, arbitrary: plausible(field, inQuery) },
          { weight: 1, arbitrary: inQuery ? queryValue : leaf },
        ),
      ]);
      return fc.record(Object.fromEntries(fields), { requiredKeys: [] });
    }
    case 'optional':
    case 'default':
    case 'nullable':
      return inner('innerType');
    case 'pipe':
      return inner('in');
    case 'union':
      return fc.oneof(...(def['options'] as z.ZodType[]).map((option) => plausible(option, inQuery)));
    case 'enum':
      return fc.constantFrom(...Object.values(def['entries'] as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def['values'] as unknown[]));
    case 'number':
      return text(ids);
    case 'boolean':
      return text(fc.boolean());
    case 'array':
      return fc.array(inner('element'), { maxLength: 3 });
    case 'string': {
      const valid = fc.constantFrom(
        'Name',
        'viewer',
        'editor',
        'x',
        '1',
        '1,2',
        '999999',
        'a@example.com',
        'Secr3t!pw',
      );
      // Text that passes any length rule but no database takes (a query cannot carry half a pair).
      const refused = inQuery ? unstorable.filter((s) => s.isWellFormed()) : unstorable;
      return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: refused });
    }
    default:
      return fc.constant(inQuery ? '1' : doc);
  }
}

/** A body: any JSON at all, or mostly one the schema would accept. */
export const hostileBody = (schema: z.ZodType | undefined) =>
  schema
    ? fc.oneof({ weight: 1, arbitrary: anyJson }, { weight: 4, arbitrary: plausible(schema, false) })
    : anyJson;

/** A query: any keys at all, or mostly ones the schema would accept. */
export const hostileQuery = (schema: z.ZodType | undefined) =>
  schema
    ? fc.oneof({ weight: 1, arbitrary: anyQuery }, { weight: 4, arbitrary: plausible(schema, true) })
    : anyQuery;
