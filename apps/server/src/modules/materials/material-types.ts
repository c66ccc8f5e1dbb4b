import { Readable } from 'node:stream';
import {
  MATERIAL_LIMITS,
  MATERIAL_TYPES,
  type MaterialKind,
  type MaterialMime,
} from '@postdeck/contract/materials';
import { fileTypeFromFile, fileTypeFromStream } from 'file-type';

/** The extension stored files get, and the ones a download name may already end with. */
const EXTENSIONS: Record<MaterialMime, readonly [string, ...string[]]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jfif'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'video/mp4': ['mp4', 'm4v'],
  'video/quicktime': ['mov', 'qt'],
  'video/webm': ['webm'],
};

/** What a file's bytes say it is, when that is a type the library accepts. */
export interface MaterialType {
  mime: MaterialMime;
  kind: MaterialKind;
  /** For storage keys: lower case, from our table, never from the user's file name. */
  ext: string;
}

export function materialType(mime: string): MaterialType | undefined {
  if (!Object.hasOwn(MATERIAL_TYPES, mime)) return undefined;
  const known = mime as MaterialMime;
  return { mime: known, kind: MATERIAL_TYPES[known], ext: EXTENSIONS[known][0] };
}

/**
 * Sniffs the content; the name and the client's declared type are never trusted. SVG is text to
 * file-type, so it (like every unknown format) comes back undefined.
 */
export async function sniffMaterialType(path: string): Promise<MaterialType | undefined> {
  const sniffed = await fileTypeFromFile(path);
  return sniffed ? materialType(sniffed.mime) : undefined;
}

/** The same, from the start of a stream (an object in the store); the stream is closed after. */
export async function sniffMaterialTypeOfStream(stream: Readable): Promise<MaterialType | undefined> {
  try {
    const sniffed = await fileTypeFromStream(Readable.toWeb(stream) as ReadableStream<Uint8Array>);
    return sniffed ? materialType(sniffed.mime) : undefined;
  } finally {
    // Only the first bytes were needed: the rest is not downloaded.
    stream.destroy();
  }
}

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** '20 MB', '1.5 GB': limits as people read them (binary multiples, as the limits are set). */
export function humanSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${rounded} ${UNITS[unit]}`;
}

/** Control and bidi-override characters, which could disguise an extension ("photo\u202Egpj.exe"). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A user-given file name made fit to keep: the last path segment, no control characters, trimmed
 * to the contract's limit; `fallback` when nothing is left.
 */
export function cleanName(raw: string | null | undefined, fallback: string): string {
  const lastSegment = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment
    .replace(INVISIBLE, '')
    .trim()
    .slice(0, MATERIAL_LIMITS.name)
    // Cutting may have split a surrogate pair.
    .replace(/[\uD800-\uDBFF]$/, '')
    .trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? fallback : cleaned;
}

/** The name a saved file gets: the material's name, with the extension its content calls for. */
export function fileNameFor(name: string, mime: string): string {
  const extensions = Object.hasOwn(EXTENSIONS, mime) ? EXTENSIONS[mime as MaterialMime] : undefined;
  if (!extensions) return name;
  const current = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  return current && extensions.includes(current) ? name : `${name}.${extensions[0]}`;
}
