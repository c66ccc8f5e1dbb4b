import { describe, expect, it } from 'vitest';
import { checkFile } from './file-check';

const settings = {
  types: ['image/jpeg', 'image/png', 'video/mp4', 'video/quicktime'],
  maxBytes: { image: 1000, video: 5000 },
};
const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('checking a file before uploading it', () => {
  it('accepts an allowed type within its kind limit', () => {
    expect(checkFile(file('a.png', 'image/png', 1000), settings)).toEqual({
      ok: true,
      kind: 'image',
      type: 'image/png',
    });
  });

  it('refuses a type the server does not take, SVG included', () => {
    expect(checkFile(file('a.txt', 'text/plain', 1), settings)).toMatchObject({ ok: false, reason: 'type' });
    expect(checkFile(file('a.svg', 'image/svg+xml', 1), settings)).toMatchObject({
      ok: false,
      reason: 'type',
    });
  });

  it('reads the type from the name when the browser gives none', () => {
    expect(checkFile(file('clip.MOV', '', 10), settings)).toMatchObject({ ok: true, kind: 'video' });
  });

  it('refuses a file over the limit of its kind', () => {
    expect(checkFile(file('a.jpg', 'image/jpeg', 1001), settings)).toEqual({
      ok: false,
      reason: 'size',
      kind: 'image',
      max: 1000,
    });
    expect(checkFile(file('a.mp4', 'video/mp4', 4000), settings)).toMatchObject({ ok: true });
  });

  it('refuses the other kind when only one is wanted', () => {
    expect(checkFile(file('a.mp4', 'video/mp4', 1), settings, 'image')).toEqual({
      ok: false,
      reason: 'kind',
      kind: 'image',
    });
  });
});
