import type { MediaFile } from './adapter.ts';

/**
 * A file whole, for platforms that take it in one multipart upload (Telegram, Mastodon): their
 * limits (50 MB, 100 MB) keep it within memory.
 */
export async function mediaBlob(file: MediaFile): Promise<Blob> {
  const parts: Uint8Array<ArrayBuffer>[] = [];
  for await (const chunk of file.open()) parts.push(new Uint8Array(chunk));
  return new Blob(parts, { type: file.mime });
}

/** The text with the post's link, unless the text already holds it. */
export function withLink(text: string, link: string | undefined): string {
  if (!link || text.includes(link)) return text;
  return text.trim() === '' ? link : `${text}\n\n${link}`;
}
