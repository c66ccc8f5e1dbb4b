import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './constants.ts';
import { issueMessage } from './issue-messages.ts';
import { VALIDATION_MESSAGES } from './messages.ts';
import { z } from './zod.ts';

/** The first issue of a parse, as issueMessage words it. */
const first = (schema: z.ZodType, value: unknown) =>
  issueMessage(schema.safeParse(value, { reportInput: true }).error?.issues[0] ?? { code: 'none' });

describe('issueMessage', () => {
  it('gives lengths, counts and bounds with their figures', () => {
    expect(first(z.string().max(5), 'toolong')).toEqual({ key: 'validation.tooLong', params: { max: 5 } });
    expect(first(z.string().min(3), 'ab')).toEqual({ key: 'validation.tooShort', params: { min: 3 } });
    expect(first(z.string().min(1), '')).toEqual({ key: 'validation.required', params: {} });
    expect(first(z.array(z.number()).max(1), [1, 2])).toEqual({
      key: 'validation.tooMany',
      params: { max: 1 },
    });
    expect(first(z.array(z.number()).min(2), [1])).toEqual({ key: 'validation.tooFew', params: { min: 2 } });
    expect(first(z.number().max(9), 10)).toEqual({ key: 'validation.numberMax', params: { max: 9 } });
    expect(first(z.number().lt(9), 9)).toEqual({ key: 'validation.numberBelow', params: { max: 9 } });
    expect(first(z.number().positive(), 0)).toEqual({ key: 'validation.numberAbove', params: { min: 0 } });
    expect(first(z.number().min(1), 0)).toEqual({ key: 'validation.numberMin', params: { min: 1 } });
    expect(first(z.number().multipleOf(5), 7)).toEqual({
      key: 'validation.multipleOf',
      params: { divisor: 5 },
    });
  });

  it('tells a missing value from a wrong type, and words formats without their patterns', () => {
    expect(first(z.object({ a: z.string() }), {})).toEqual({ key: 'validation.required', params: {} });
    expect(first(z.number().int(), 1.5)).toEqual({ key: 'validation.integer', params: {} });
    expect(first(z.number(), 'x')).toEqual({ key: 'validation.number', params: {} });
    expect(first(z.string(), 4)).toEqual({ key: 'validation.text', params: {} });
    expect(first(z.boolean(), 4)).toEqual({ key: 'validation.invalid', params: {} });
    expect(first(z.string().regex(/^x$/), 'y')).toEqual({ key: 'validation.format', params: {} });
    expect(first(z.email(), 'nope')).toEqual({ key: 'validation.email', params: {} });
    expect(first(z.url(), 'nope')).toEqual({ key: 'validation.url', params: {} });
    expect(first(z.iso.datetime(), 'nope')).toEqual({ key: 'validation.dateTime', params: {} });
  });

  it('lists a short choice, not a long one; names unknown fields', () => {
    expect(first(z.enum(['a', 'b']), 'c')).toEqual({ key: 'validation.oneOf', params: { values: 'a, b' } });
    const many = Array.from({ length: 20 }, (_, i) => `v${i}`) as [string, ...string[]];
    expect(first(z.enum(many), 'x')).toEqual({ key: 'validation.invalid', params: {} });
    expect(first(z.strictObject({}), { a: 1, b: 2 })).toEqual({
      key: 'validation.unknownFields',
      params: { keys: 'a, b' },
    });
  });

  it("leaves an issue with the contract's own text alone", () => {
    expect(
      first(
        z.string().refine(() => false, 'validation.taken'),
        'x',
      ),
    ).toBeUndefined();
  });

  it('has every key it gives in the four languages, with the same placeholders', () => {
    const keys = Object.keys(VALIDATION_MESSAGES.en);
    const placeholders = (text: string | undefined) =>
      [...(text ?? '').matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const lang of LANGUAGES) {
      expect(Object.keys(VALIDATION_MESSAGES[lang]).sort(), lang).toEqual([...keys].sort());
      for (const key of keys)
        expect(placeholders(VALIDATION_MESSAGES[lang][key]), `${lang} ${key}`).toEqual(
          placeholders(VALIDATION_MESSAGES.en[key]),
        );
    }
  });
});
