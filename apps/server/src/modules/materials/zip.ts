import { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import type { FileStorage } from '../../storage/storage.ts';

export interface ZipItem {
  /** The entry's file name (the material's name with its extension). */
  name: string;
  key: string;
}

/**
 * Entry names that are plain file names (no directories, so no entry can point outside the folder
 * it is unpacked into) and unique ignoring case ("photo (2).jpg" for a second "photo.jpg").
 */
export function zipEntryNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((raw) => {
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    const safe = raw.replace(/[/\\:*?"<>|\u0000-\u001f]/g, '_').replace(/^\.+/, '_') || 'file';
    const dot = safe.lastIndexOf('.');
    const [base, ext] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ''];
    let name = safe;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base} (${n})${ext}`;
    used.add(name.toLowerCase());
    return name;
  });
}

/** A stream that opens the stored object only when the archive starts reading it. */
function opened(storage: FileStorage, key: string): Readable {
  async function* chunks() {
    yield* await storage.get(key);
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * A zip of stored files, streamed: entries are stored, not deflated (images and video are already
 * compressed), and read one after the other, so neither memory nor open files grow with the count.
 * Call `finalize()` after handing the stream to the response.
 */
export function zipOf(storage: FileStorage, items: readonly ZipItem[]): ZipArchive {
  const archive = new ZipArchive({ store: true });
  const names = zipEntryNames(items.map((item) => item.name));
  items.forEach((item, i) => archive.append(opened(storage, item.key), { name: names[i] as string }));
  return archive;
}
