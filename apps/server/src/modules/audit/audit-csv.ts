import { Readable } from 'node:stream';
import { AUDIT_CSV_COLUMNS, type AuditItem } from '@postdeck/contract/audit';

/** Excel reads a UTF-8 file as the local code page unless it starts with a byte order mark. */
export const UTF8_BOM = '\uFEFF';

/** Cells a spreadsheet would run as a formula (or strip to one): `=`, `+`, `-`, `@`, tab, CR. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell a spreadsheet would run as a formula, defused with a leading single quote (OWASP
 * CSV injection); shared by every export that writes CSV.
 */
export const defuseFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/**
 * One CSV field: a leading formula character is defused (defuseFormula), then the field is
 * quoted per RFC 4180 when it holds a comma, quote, CR or LF.
 */
export function csvCell(value: string | number | null): string {
  const text = defuseFormula(value === null ? '' : String(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 writes them. */
export const csvLine = (cells: readonly (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

export const auditCsvRecord = (item: AuditItem) =>
  csvLine([
    item.id,
    item.at,
    item.actor.id,
    item.actor.account,
    item.actor.name,
    item.action,
    item.target,
    item.ip,
    item.userAgent,
    JSON.stringify(item.detail),
  ]);

/**
 * The export as a byte stream: BOM and header, then each batch as it is read. It pulls the
 * next batch only when the client has taken the last one, and stops reading when it goes away.
 */
export function auditCsvStream(batches: AsyncIterable<AuditItem[]>): Readable {
  async function* chunks() {
    yield Buffer.from(UTF8_BOM + csvLine(AUDIT_CSV_COLUMNS), 'utf8');
    for await (const batch of batches) yield Buffer.from(batch.map(auditCsvRecord).join(''), 'utf8');
  }
  return Readable.from(chunks(), { objectMode: false });
}
