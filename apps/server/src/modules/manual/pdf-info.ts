/**
 * The document information (Title, Keywords, …) of a PDF replaced by appending an incremental
 * update, as PDF editors do: a new Info object, an xref section for it and a trailer pointing back
 * at the previous one. Written for Chromium's (Skia's) output, which ends in a classic xref table.
 */
export function withPdfInfo(pdf: Buffer, info: Record<string, string>): Buffer {
  const tail = pdf.subarray(Math.max(0, pdf.length - 4096)).toString('latin1');
  const previousXref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail)?.[1]);
  const trailer = pdf.subarray(previousXref).toString('latin1');
  const size = Number(/\/Size (\d+)/.exec(trailer)?.[1]);
  const root = /\/Root (\d+ \d+ R)/.exec(trailer)?.[1];
  if (!Number.isInteger(previousXref) || !Number.isInteger(size) || !root || !trailer.startsWith('xref')) {
    throw new Error('withPdfInfo: not a PDF ending in a classic xref table');
  }
  const body = Object.entries(info)
    .map(([key, value]) => `/${key} ${pdfString(value)}`)
    .join(' ');
  const separator = pdf[pdf.length - 1] === 0x0a ? '' : '\n';
  const objectAt = pdf.length + separator.length;
  const object = `${size} 0 obj\n<<${body}>>\nendobj\n`;
  const xrefAt = objectAt + Buffer.byteLength(object, 'latin1');
  const update =
    `${separator}${object}xref\n${size} 1\n${String(objectAt).padStart(10, '0')} 00000 n \n` +
    `trailer\n<</Size ${size + 1} /Root ${root} /Info ${size} 0 R /Prev ${previousXref}>>\n` +
    `startxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(update, 'latin1')]);
}

/** A text string: plain ASCII as a literal, anything else as UTF-16BE with its byte order mark. */
function pdfString(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return `(${value.replace(/[\\()]/g, '\\$&')})`;
  const utf16 = Buffer.from(`\ufeff${value}`, 'utf16le').swap16();
  return `<${utf16.toString('hex').toUpperCase()}>`;
}

/** The value of `key` in the PDF's last Info update, when it is a plain literal string. */
export function pdfInfoValue(pdf: Buffer, key: string): string | undefined {
  const text = pdf.subarray(Math.max(0, pdf.length - 8192)).toString('latin1');
  const matches = [...text.matchAll(new RegExp(`/${key} \\(([^()\\\\]*)\\)`, 'g'))];
  return matches.at(-1)?.[1];
}
