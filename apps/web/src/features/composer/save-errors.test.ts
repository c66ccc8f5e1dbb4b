import { describe, expect, it } from 'vitest';
import { parseContentId } from './composer-session';
import { placeFieldErrors } from './save-errors';

describe('placeFieldErrors', () => {
  it('puts errors on the form field they name, and keeps the others for the summary', () => {
    expect(
      placeFieldErrors([
        { field: 'title', message: 'Required' },
        { field: 'tags.3', message: 'Too long' },
        { field: 'tags.5', message: 'Too long' },
        { field: 'departmentId', message: 'Not allowed' },
      ]),
    ).toEqual({
      fields: [
        { name: 'title', errors: ['Required'] },
        { name: 'tags', errors: ['Too long'] },
      ],
      others: ['Not allowed'],
    });
  });
});

describe('parseContentId', () => {
  it('reads a positive integer id, anything else means a new content', () => {
    expect(parseContentId('42')).toBe(42);
    for (const raw of [null, '', '0', '-1', '1.5', 'abc', '99999999999999999999']) {
      expect(parseContentId(raw)).toBeNull();
    }
  });
});
