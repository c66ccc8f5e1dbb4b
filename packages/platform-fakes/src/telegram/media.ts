import type { Params } from '../params.ts';
import type { FakeMedia } from '../posts.ts';

const MB = 1024 * 1024;
/** platforms.md §6: by multipart upload, photos up to 10 MB, other files up to 50 MB. */
const LIMITS = { photo: 10 * MB, video: 50 * MB };

export type MediaType = 'photo' | 'video';

/** What went wrong with a file, as the Bot API says it (status and description). */
export type MediaProblem = { code: 400 | 413; description: string };

/**
 * A file a method takes: an upload (the part named in `attach://<name>`, or the field itself),
 * or a URL or file_id, kept by reference.
 */
export function readMedia(
  params: Params,
  type: MediaType,
  value: string | undefined,
  field: string,
): FakeMedia | MediaProblem {
  const attached = value?.startsWith('attach://') ? value.slice('attach://'.length) : undefined;
  const upload = params.files.get(attached ?? field);
  if (!upload) {
    if (!value || attached)
      return { code: 400, description: `Bad Request: there is no ${type} in the request` };
    return { name: value, mime: type === 'photo' ? 'image/jpeg' : 'video/mp4', bytes: new Uint8Array() };
  }
  if (upload.bytes.byteLength > LIMITS[type]) return { code: 413, description: 'Request Entity Too Large' };
  if (type === 'photo' && !isImage(upload.bytes))
    return { code: 400, description: 'Bad Request: IMAGE_PROCESS_FAILED' };
  return upload;
}

export function isProblem(media: FakeMedia | MediaProblem): media is MediaProblem {
  return 'code' in media;
}

function isImage(bytes: Uint8Array): boolean {
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  return jpeg || png;
}

/** The part of a Message that describes its file. */
export function mediaJson(type: MediaType, media: FakeMedia, messageId: number) {
  const file = {
    file_id: `fake-${type}-${messageId}`,
    file_unique_id: `u${messageId}`,
    file_size: media.bytes.byteLength,
  };
  return type === 'photo'
    ? { photo: [{ ...file, width: 1280, height: 720 }] }
    : { video: { ...file, width: 1280, height: 720, duration: 1, mime_type: media.mime } };
}
