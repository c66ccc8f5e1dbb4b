import { CONTENT_LIMITS } from '@postdeck/contract/content';
import { MAX_TEXT_LENGTH } from '@postdeck/rich-text/limits';
import { renderDocument } from '@postdeck/rich-text/render-document';
import { type LocalFieldError, fieldError } from '../../lib/errors.ts';
import { type WallClock, canonicalTimeZone, instantOf } from '../publish-export/time-zone.ts';
import { type CellValue, cellText } from './read-file.ts';

/**
 * Reading one row's cells: text made storable, the time in its zone, lists split. Each reader
 * answers the value and the problems it met, named by column.
 */

/** Text PostgreSQL can store: no NUL, no half of a surrogate pair; and whether it had to change. */
export function storable(text: string): { text: string; changed: boolean } {
  const clean = text.toWellFormed().replaceAll('\u0000', '');
  return { text: clean, changed: clean !== text };
}

export function readTitle(cell: CellValue | undefined, problems: LocalFieldError[]): string {
  const { text, changed } = storable(cellText(cell).trim());
  if (changed) problems.push(fieldError('title', 'validation.characters'));
  if (text === '') problems.push(fieldError('title', 'validation.required'));
  else if (text.length > CONTENT_LIMITS.title)
    problems.push(fieldError('title', 'validation.tooLong', { max: CONTENT_LIMITS.title }));
  return text.slice(0, CONTENT_LIMITS.title);
}

export function readText(cell: CellValue | undefined, problems: LocalFieldError[]): string {
  const { text, changed } = storable(cellText(cell).replace(/\r\n?/g, '\n').trim());
  if (changed) problems.push(fieldError('text', 'validation.characters'));
  if (text.length > MAX_TEXT_LENGTH) {
    problems.push(fieldError('text', 'validation.tooLong', { max: MAX_TEXT_LENGTH }));
    return text.slice(0, MAX_TEXT_LENGTH);
  }
  return text;
}

/**
 * The content's body for a row's text, as the editor would have made it: a blank line starts a
 * paragraph, a single line break is a hard break, so the text the platforms get is the text
 * written in the file.
 */
export function textDocument(text: string) {
  const paragraphs = text
    .trim()
    .split(/\n(?:[ \t]*\n)+/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => ({
      type: 'paragraph',
      content: paragraph
        .split('\n')
        .flatMap((line, index) => [
          ...(index > 0 ? [{ type: 'hardBreak' }] : []),
          ...(line === '' ? [] : [{ type: 'text', text: line }]),
        ]),
    }));
  return { type: 'doc', content: paragraphs.length > 0 ? paragraphs : [{ type: 'paragraph' }] };
}

/** The plain text the platforms will get for a row's text, or undefined when it cannot be a body. */
export function bodyTextOf(text: string): string | undefined {
  const rendered = renderDocument(textDocument(text));
  return rendered.ok ? rendered.text : undefined;
}

/** The entries of a list cell (`a; b;c`), trimmed, blanks left out. */
export const listOf = (cell: CellValue | undefined): string[] =>
  cellText(cell)
    .split(';')
    .map((entry) => storable(entry.trim()).text)
    .filter((entry) => entry !== '');

/** The row's zone: the cell's IANA name, UTC when empty; undefined (and a problem) when it names none. */
export function readTimeZone(cell: CellValue | undefined, problems: LocalFieldError[]): string | undefined {
  const given = storable(cellText(cell).trim()).text;
  if (given === '') return 'UTC';
  const zone = canonicalTimeZone(given);
  if (!zone) problems.push(fieldError('timeZone', 'validation.timeZone'));
  return zone;
}

const WALL = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})[ T]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
/** An instant written with its offset (`2026-06-02T09:00:00Z`, `…+02:00`): the zone does not apply. */
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
/** Excel's day numbers (1900 system) between 1900 and 9999. */
const EXCEL_EPOCH_DAY = 25_569;
const DAY_MS = 86_400_000;

function wallOf(date: Date): WallClock {
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
  };
}

/** A reading that names a real day and time (no 31 April, no 25:00). */
function realWall(wall: WallClock): boolean {
  const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second));
  const again = wallOf(date);
  return (Object.keys(wall) as (keyof WallClock)[]).every((key) => again[key] === wall[key]);
}

/**
 * The row's time as an instant: a local reading (`2026-06-02 09:00`, or a date cell) in the
 * row's zone, or an ISO instant with its offset. Undefined, with a problem on `time`, when it
 * is missing or unreadable; undefined without one when the zone is what is wrong.
 */
export function readTime(
  cell: CellValue | undefined,
  zone: string | undefined,
  problems: LocalFieldError[],
): Date | undefined {
  let wall: WallClock | undefined;
  if (cell instanceof Date) wall = Number.isNaN(cell.getTime()) ? undefined : wallOf(cell);
  else if (typeof cell === 'number') {
    if (cell > 1 && cell < 2_958_466) wall = wallOf(new Date(Math.round((cell - EXCEL_EPOCH_DAY) * DAY_MS)));
  } else {
    const text = (cell ?? '').trim();
    if (text === '') {
      problems.push(fieldError('time', 'validation.required'));
      return undefined;
    }
    if (WITH_OFFSET.test(text)) {
      const instant = new Date(text);
      if (!Number.isNaN(instant.getTime())) return instant;
    }
    const match = WALL.exec(text);
    if (match) {
      const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0));
      wall = {
        year: year ?? 0,
        month: month ?? 0,
        day: day ?? 0,
        hour: hour ?? 0,
        minute: minute ?? 0,
        second: second ?? 0,
      };
    }
  }
  if (!wall || !realWall(wall)) {
    problems.push(fieldError('time', 'validation.importTime'));
    return undefined;
  }
  return zone ? instantOf(wall, zone) : undefined;
}
