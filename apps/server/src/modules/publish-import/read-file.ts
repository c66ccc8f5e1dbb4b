import { PUBLISH_IMPORT_COLUMNS, PUBLISH_IMPORT_MAX_ROWS } from '@postdeck/contract/publish-import';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { AppError, fieldError } from '../../lib/errors.ts';
import { zipUnpacksWithin } from './zip-guard.ts';

export type ImportColumn = (typeof PUBLISH_IMPORT_COLUMNS)[number];

/** A cell as the file holds it: text, or a date cell's wall-clock reading (as a UTC Date), or a number. */
export type CellValue = string | number | Date;

/** One data row of the file: its number as the spreadsheet shows it (the header is row 1), and its cells. */
export interface FileRow {
  row: number;
  cells: Partial<Record<ImportColumn, CellValue>>;
}

/** Columns a row cannot do without; the others may be left out of the file. */
const REQUIRED_COLUMNS: readonly ImportColumn[] = ['title', 'accounts', 'time'];

const unreadable = (format: string) =>
  new AppError('validation', {
    params: { format: format.toUpperCase() },
    fieldErrors: [fieldError('data', 'validation.importUnreadable')],
  });

/**
 * Reads the file sent for a bulk schedule into rows by column name (the header's names, in any
 * order and case); a file that cannot be read, lacks a needed column, or holds no row or too
 * many is a 400 naming `data`.
 */
export async function readImportFile(format: 'csv' | 'xlsx', bytes: Buffer): Promise<FileRow[]> {
  const table = format === 'csv' ? readCsv(bytes) : await readXlsx(bytes);
  const [header, ...rest] = table;
  const columns = (header?.cells ?? []).map((cell) => {
    const name = cellText(cell).trim().toLowerCase();
    return PUBLISH_IMPORT_COLUMNS.find((column) => column.toLowerCase() === name);
  });
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0)
    throw new AppError('validation', {
      params: { columns: missing.join(', ') },
      fieldErrors: [fieldError('data', 'validation.importColumns')],
    });
  const rows: FileRow[] = [];
  for (const line of rest) {
    if (line.cells.every((cell) => cellText(cell).trim() === '')) continue;
    if (rows.length === PUBLISH_IMPORT_MAX_ROWS)
      throw new AppError('validation', {
        params: { max: PUBLISH_IMPORT_MAX_ROWS },
        fieldErrors: [fieldError('data', 'validation.tooMany')],
      });
    const cells: FileRow['cells'] = {};
    columns.forEach((column, index) => {
      const cell = line.cells[index];
      // The first column of a name wins over a repeated one.
      if (column && cell !== undefined && cells[column] === undefined) cells[column] = cell;
    });
    rows.push({ row: line.row, cells });
  }
  if (rows.length === 0)
    throw new AppError('validation', { fieldErrors: [fieldError('data', 'validation.importEmpty')] });
  return rows;
}

/** A cell as text (a date cell as its ISO reading, which the time column reads back). */
export function cellText(cell: CellValue | undefined): string {
  if (cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString();
  return String(cell);
}

interface TableLine {
  row: number;
  cells: CellValue[];
}

/** Which separator the file uses: the one its header line holds most of (Excel writes `;` in some locales). */
function separatorOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((separator) => [separator, firstLine.split(separator).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

function readCsv(bytes: Buffer): TableLine[] {
  let text: string;
  try {
    // UTF-8 only: a file in a local code page would come out garbled, so it is refused instead.
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw unreadable('csv');
  }
  try {
    const records = parse(text, {
      delimiter: separatorOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }) as string[][];
    // Records, not lines: a quoted cell may span lines, and a spreadsheet shows it as one row.
    return records.map((cells, index) => ({ row: index + 1, cells }));
  } catch {
    throw unreadable('csv');
  }
}

/** A cell of exceljs's model as text, a date or a number. */
function xlsxCell(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return '';
  if (value instanceof Date || typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('formula' in value || 'sharedFormula' in value) {
      const result = (value as ExcelJS.CellFormulaValue).result;
      return result === undefined || (typeof result === 'object' && !(result instanceof Date))
        ? ''
        : xlsxCell(result as ExcelJS.CellValue);
    }
    if ('hyperlink' in value) return value.text;
    if ('error' in value) return '';
  }
  return '';
}

async function readXlsx(bytes: Buffer): Promise<TableLine[]> {
  // Before exceljs unpacks it all into memory: a few kilobytes may unpack to gigabytes.
  if (!zipUnpacksWithin(bytes)) throw unreadable('xlsx');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw unreadable('xlsx');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw unreadable('xlsx');
  const lines: TableLine[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: CellValue[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = xlsxCell(cell.value);
    });
    lines.push({ row: number, cells: Array.from(cells, (cell) => cell ?? '') });
  });
  // The header is the first row of the sheet, wherever it starts.
  return lines;
}
