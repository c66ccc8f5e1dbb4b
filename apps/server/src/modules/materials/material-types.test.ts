import { describe, expect, it } from 'vitest';
import { cleanName, fileNameFor, humanSize, materialType } from './material-types.ts';
import { videoFacts } from './media-tools.ts';
import { zipEntryNames } from './zip.ts';

describe('file names and types', () => {
  it('maps accepted types only', () => {
    expect(materialType('image/jpeg')).toEqual({ mime: 'image/jpeg', kind: 'image', ext: 'jpg' });
    expect(materialType('video/quicktime')?.ext).toBe('mov');
    expect(materialType('image/svg+xml')).toBeUndefined();
    expect(materialType('toString')).toBeUndefined();
  });

  it('says sizes as people read them', () => {
    expect(humanSize(20 * 1024 * 1024)).toBe('20 MB');
    expect(humanSize(2 * 1024 ** 3)).toBe('2 GB');
    expect(humanSize(1536)).toBe('1.5 KB');
    expect(humanSize(900)).toBe('900 bytes');
  });

  it('cleans user-given names', () => {
    expect(cleanName('C:\\Users\\me\\holiday.jpg', 'file')).toBe('holiday.jpg');
    expect(cleanName('../../etc/passwd', 'file')).toBe('passwd');
    expect(cleanName('  photo\u202Egpj.exe\u0000 ', 'file')).toBe('photogpj.exe');
    expect(cleanName('..', 'file')).toBe('file');
    expect(cleanName(null, 'image')).toBe('image');
    expect(cleanName('x'.repeat(300), 'file')).toHaveLength(200);
    expect(cleanName(`${'x'.repeat(199)}😀`, 'file')).toBe('x'.repeat(199));
  });

  it('gives downloads the extension their content calls for', () => {
    expect(fileNameFor('Sunset', 'image/png')).toBe('Sunset.png');
    expect(fileNameFor('Sunset.JPEG', 'image/jpeg')).toBe('Sunset.JPEG');
    expect(fileNameFor('Sunset.png', 'image/jpeg')).toBe('Sunset.png.jpg');
  });

  it('makes zip entry names plain and unique', () => {
    expect(
      zipEntryNames(['a.jpg', 'A.jpg', 'a.jpg', '../x.png', '.hidden', 'dir/b.mp4', 'noext', 'noext']),
    ).toEqual(['a.jpg', 'A (2).jpg', 'a (3).jpg', '__x.png', '_hidden', 'dir_b.mp4', 'noext', 'noext (2)']);
  });
});

describe('ffprobe output', () => {
  it('reads the first video stream, turning the size of rotated video', () => {
    expect(
      videoFacts({
        streams: [
          { codec_type: 'audio', codec_name: 'aac' },
          {
            codec_type: 'video',
            codec_name: 'h264',
            width: 1920,
            height: 1080,
            side_data_list: [{ rotation: -90 }],
          },
        ],
        format: { duration: '12.345' },
      }),
    ).toEqual({ durationMs: 12345, width: 1080, height: 1920, codec: 'h264' });
    expect(videoFacts({ streams: [{ codec_type: 'video', duration: 'N/A' }] })).toEqual({
      durationMs: null,
      width: null,
      height: null,
      codec: null,
    });
    expect(videoFacts({ streams: [{ codec_type: 'audio' }] })).toBeUndefined();
  });
});
