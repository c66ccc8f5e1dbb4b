import { inflateRawSync } from 'node:zlib';

/** An XLSX's parts, unpacked, may take at most this much (a 2 MB file of text is far below it). */
export const XLSX_UNPACKED_MAX_BYTES = 64 * 1024 * 1024;
const MAX_ENTRIES = 2000;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/**
 * Whether a ZIP (an XLSX is one) unpacks within `maxBytes`, measured by unpacking it, not by the
 * sizes it declares (a zip bomb lies about them): each entry is inflated with a cap on what it
 * may still give. Only stored and deflated entries of a plain (not ZIP64, not encrypted) archive
 * pass; that is every XLSX a spreadsheet program writes.
 */
export function zipUnpacksWithin(file: Buffer, maxBytes = XLSX_UNPACKED_MAX_BYTES): boolean {
  try {
    const end = endOfCentralDirectory(file);
    if (end === undefined) return false;
    const entries = file.readUInt16LE(end + 10);
    let at = file.readUInt32LE(end + 16);
    if (entries > MAX_ENTRIES) return false;
    let left = maxBytes;
    for (let i = 0; i < entries; i++) {
      if (file.readUInt32LE(at) !== CENTRAL) return false;
      const flags = file.readUInt16LE(at + 8);
      const method = file.readUInt16LE(at + 10);
      const packed = file.readUInt32LE(at + 20);
      const nameLength = file.readUInt16LE(at + 28);
      const extraLength = file.readUInt16LE(at + 30);
      const commentLength = file.readUInt16LE(at + 32);
      const local = file.readUInt32LE(at + 42);
      // Encrypted, or sizes kept in ZIP64 records: not an XLSX we read.
      if (flags & 1 || packed === 0xffffffff || local === 0xffffffff) return false;
      if (file.readUInt32LE(local) !== LOCAL) return false;
      const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
      if (start + packed > file.length) return false;
      const data = file.subarray(start, start + packed);
      if (method === 0) left -= packed;
      else if (method === 8) {
        if (left <= 0) return false;
        // Throws once the entry would unpack past what is left.
        left -= inflateRawSync(data, { maxOutputLength: left }).length;
      } else return false;
      if (left < 0) return false;
      at += 46 + nameLength + extraLength + commentLength;
    }
    return true;
  } catch {
    return false;
  }
}

/** The end-of-central-directory record's offset: within the last 64 KiB and 22 bytes. */
function endOfCentralDirectory(file: Buffer): number | undefined {
  const lowest = Math.max(0, file.length - 22 - 0xffff);
  for (let at = file.length - 22; at >= lowest; at--) if (file.readUInt32LE(at) === EOCD) return at;
  return undefined;
}
