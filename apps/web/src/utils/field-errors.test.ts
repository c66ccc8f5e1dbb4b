import { describe, expect, it } from 'vitest';
import { placeFieldErrors } from './field-errors';

describe('placing field errors on the user form', () => {
  it('puts each message on its field, items of a list on the list, and keeps the rest apart', () => {
    const placed = placeFieldErrors(
      [
        { field: 'account', message: 'This account is already taken' },
        { field: 'roleCodes.1', message: 'Unknown role' },
        { field: 'roleCodes.3', message: 'Unknown role' },
        { field: 'tenant', message: 'Not allowed' },
      ],
      ['account', 'name', 'roleCodes'] as const,
    );
    expect(placed.fields).toEqual([
      { name: 'account', errors: ['This account is already taken'] },
      { name: 'roleCodes', errors: ['Unknown role'] },
    ]);
    expect(placed.others).toEqual(['Not allowed']);
  });
});
