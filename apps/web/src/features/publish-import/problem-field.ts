import { PUBLISH_IMPORT_COLUMNS } from '@postdeck/contract/publish-import';
import type { TFunction } from 'i18next';

const isColumn = (name: string): name is (typeof PUBLISH_IMPORT_COLUMNS)[number] =>
  (PUBLISH_IMPORT_COLUMNS as readonly string[]).includes(name);

/**
 * Where a problem is, in words: the file's column by its own name (the header the person
 * typed), an entry of a list cell by its place (`accounts.2` is the second account of the cell),
 * and what of it the preflight means (`accounts.1.text`: the text, for the first account).
 * A confirmation's problems lead with their row (`row.4.time`).
 */
export function problemPlace(field: string, t: TFunction): string {
  const parts = field.split('.');
  let prefix = '';
  if (parts[0] === 'row' && /^\d+$/.test(parts[1] ?? '')) {
    prefix = `${t('publishImport.place.row', { row: parts[1] })} · `;
    parts.splice(0, 2);
  }
  const [column = '', entry, ...rest] = parts;
  // `data` (or anything else) is the file as a whole.
  const named = isColumn(column) ? column : t('publishImport.place.file');
  const place =
    entry !== undefined && /^\d+$/.test(entry)
      ? t('publishImport.place.entry', { column: named, entry })
      : [named, entry].filter(Boolean).join('.');
  const detail = rest.length > 0 ? ` · ${rest.join('.')}` : '';
  return `${prefix}${place}${detail}`;
}
