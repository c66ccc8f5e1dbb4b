import type { Agent, BlobRef } from '@atproto/api';
import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import type { MediaFile } from '../adapter.ts';
import { PlatformError } from '../errors.ts';
import { mediaBlob } from '../media-blob.ts';

const LIMITS = PLATFORM_CAPABILITIES.bluesky;

/**
 * What the PDS does not check itself: it stores a 2 MB image blob and a post embedding it (the
 * 1,000,000-byte limit of app.bsky.embed.images is the appview's to enforce, which then drops the
 * image), so the limits of platforms.md §9 are checked here, before anything is uploaded.
 */
export function checkMedia(files: readonly MediaFile[]): void {
  const images = files.filter((f) => f.kind === 'image');
  const videos = files.filter((f) => f.kind === 'video');
  const refuse = (message: string) => {
    throw new PlatformError('mediaInvalid', { platform: 'bluesky', platformMessage: message });
  };
  if (images.length > 0 && videos.length > 0) refuse('a post holds images or one video, not both');
  if (images.length > LIMITS.images.maxCount) refuse(`at most ${LIMITS.images.maxCount} images`);
  if (videos.length > LIMITS.videos.maxCount) refuse('at most one video');
  for (const file of files) {
    const limits = file.kind === 'image' ? LIMITS.images : LIMITS.videos;
    if (!(limits.mimeTypes as readonly string[]).includes(file.mime))
      refuse(`${file.name}: ${file.mime} is not taken (${limits.mimeTypes.join(', ')})`);
    if (file.bytes > limits.maxBytes) refuse(`${file.name}: ${file.bytes} bytes, over ${limits.maxBytes}`);
  }
}

/** The PDS's blob for a file: an image's, or the repo copy a video's upload ends with. */
export async function uploadBlob(agent: Agent, file: MediaFile): Promise<BlobRef> {
  const bytes = new Uint8Array(await (await mediaBlob(file)).arrayBuffer());
  return (await agent.com.atproto.repo.uploadBlob(bytes, { encoding: file.mime })).data.blob;
}

export function aspectRatio(file: MediaFile): { width: number; height: number } | undefined {
  return file.width && file.height ? { width: file.width, height: file.height } : undefined;
}
