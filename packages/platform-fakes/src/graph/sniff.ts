/** What a file's first bytes say it is, as Graph's media checks would find: the formats it takes. */
export function sniff(bytes: Uint8Array): 'jpeg' | 'png' | 'gif' | 'mp4' | undefined {
  const head = (n: number[], at = 0) => n.every((b, i) => bytes[at + i] === b);
  if (head([0xff, 0xd8, 0xff])) return 'jpeg';
  if (head([0x89, 0x50, 0x4e, 0x47])) return 'png';
  if (head([0x47, 0x49, 0x46])) return 'gif';
  // ISO base media (MP4, MOV): a box whose type is ftyp.
  if (head([0x66, 0x74, 0x79, 0x70], 4)) return 'mp4';
  return undefined;
}

const MIME = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', mp4: 'video/mp4' } as const;

export function mimeOf(bytes: Uint8Array): string {
  const kind = sniff(bytes);
  return kind ? MIME[kind] : 'application/octet-stream';
}

/**
 * Fetches a file from a public URL, as Graph does for `url`, `image_url` and `video_url`
 * (platforms.md §2: "Instagram fetches it with cURL"); undefined when it cannot.
 */
export async function fetchMedia(url: string): Promise<{ bytes: Uint8Array; name: string } | undefined> {
  if (!URL.canParse(url)) return undefined;
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!answer.ok) return undefined;
    const name = decodeURIComponent(new URL(url).pathname.split('/').pop() || 'media');
    return { bytes: new Uint8Array(await answer.arrayBuffer()), name };
  } catch {
    return undefined;
  }
}
