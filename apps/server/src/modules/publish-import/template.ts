import type { Language } from '@postdeck/contract/constants';
import { PUBLISH_IMPORT_COLUMNS } from '@postdeck/contract/publish-import';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { UTF8_BOM } from '../audit/audit-csv.ts';
import { IMPORT_TEMPLATE_TEXTS } from './import-texts.ts';
import type { ImportColumn } from './read-file.ts';

/** What the example row names of the caller's own: an account, and a time to come. */
export interface TemplateExample {
  account: string | undefined;
  time: string;
  timeZone: string;
}

function exampleRow(lang: Language, example: TemplateExample): Record<ImportColumn, string> {
  const texts = IMPORT_TEMPLATE_TEXTS[lang];
  return {
    title: texts.exampleTitle,
    text: texts.exampleText,
    accounts: example.account ?? texts.exampleAccount,
    time: example.time,
    timeZone: example.timeZone,
    media: '',
  };
}

/**
 * The bulk-scheduling template: the columns' names as the header (what the reader looks for),
 * and one example row in the caller's language. The XLSX keeps the time, accounts and media
 * columns as text (so a spreadsheet does not turn them into dates or numbers) and explains each
 * column on a second sheet.
 */
export async function importTemplate(
  format: 'csv' | 'xlsx',
  lang: Language,
  example: TemplateExample,
): Promise<Buffer> {
  const row = exampleRow(lang, example);
  const values = PUBLISH_IMPORT_COLUMNS.map((column) => row[column]);
  if (format === 'csv')
    return Buffer.from(
      UTF8_BOM + stringify([[...PUBLISH_IMPORT_COLUMNS], values], { record_delimiter: 'windows' }),
      'utf8',
    );
  const texts = IMPORT_TEMPLATE_TEXTS[lang];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(texts.postsSheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  const widths: Record<ImportColumn, number> = {
    title: 36,
    text: 48,
    accounts: 28,
    time: 18,
    timeZone: 18,
    media: 28,
  };
  sheet.columns = PUBLISH_IMPORT_COLUMNS.map((column) => ({
    key: column,
    width: widths[column],
    ...(column === 'time' || column === 'accounts' || column === 'media' ? { style: { numFmt: '@' } } : {}),
  }));
  sheet.addRow([...PUBLISH_IMPORT_COLUMNS]).font = { bold: true };
  sheet.addRow(values);
  const help = workbook.addWorksheet(texts.helpSheet);
  help.columns = [{ width: 14 }, { width: 100 }];
  help.addRow(texts.helpHeader).font = { bold: true };
  for (const column of PUBLISH_IMPORT_COLUMNS) help.addRow([column, texts.help[column]]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
