import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { documentTitle } from './document-title';

describe('documentTitle (checklist PG-1)', () => {
  it('names the page, then the product', async () => {
    await i18n.changeLanguage('en');
    expect(documentTitle('departmentContent', i18n.t)).toBe('Department content - Postdeck');
    expect(documentTitle(undefined, i18n.t)).toBe('Postdeck');
  });
});
