import type { MediaFile } from '../platforms/adapter.ts';

/** The smallest files the fakes take for what they claim to be: JPEG's and MP4's first bytes. */
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46];
const MP4 = [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32];

/** A media file for adapter tests, its bytes in memory. */
export function testMedia(kind: 'image' | 'video', name?: string, bytes?: Uint8Array): MediaFile {
  const data =
    bytes ?? new Uint8Array([...(kind === 'image' ? JPEG : MP4), ...new Array<number>(64).fill(7)]);
  return {
    kind,
    mime: kind === 'image' ? 'image/jpeg' : 'video/mp4',
    bytes: data.byteLength,
    name: name ?? (kind === 'image' ? 'photo.jpg' : 'clip.mp4'),
    durationS: kind === 'video' ? 3 : undefined,
    async *open(range) {
      yield range ? data.slice(range.start, range.end) : data;
    },
  };
}
