import { describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { createUrlSigner } from './signed-urls.ts';

const key = new Uint8Array(32).fill(7);
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('signed material URLs', () => {
  it('verifies what it signed, for at least an hour, with the same URL within a quarter hour', () => {
    const clock = manualClock(new Date('2026-01-01T10:05:00Z'));
    const signer = createUrlSigner(key, clock);
    const url = signer.fileUrl(12, 'thumbnail', 3);
    expect(url).toMatch(/^\/prod-api\/material\/file\/12\/thumbnail\?exp=\d+&uid=3&sig=[\w-]{43}$/);
    clock.advance(5 * 60_000);
    expect(signer.fileUrl(12, 'thumbnail', 3)).toBe(url);
    expect(signer.verifyFile({ id: '12', variant: 'thumbnail' }, queryOf(url))).toEqual({
      value: 12,
      uid: 3,
    });
    clock.advance(55 * 60_000);
    expect(signer.verifyFile({ id: '12', variant: 'thumbnail' }, queryOf(url))).toEqual({
      value: 12,
      uid: 3,
    });
    clock.advance(16 * 60_000);
    expect(signer.verifyFile({ id: '12', variant: 'thumbnail' }, queryOf(url))).toBeUndefined();
  });

  it('refuses another key, id, variant, user or list', () => {
    const clock = manualClock();
    const signer = createUrlSigner(key, clock);
    const other = createUrlSigner(new Uint8Array(32).fill(8), clock);
    const query = queryOf(signer.fileUrl(12, 'original', 3));
    expect(other.verifyFile({ id: '12', variant: 'original' }, query)).toBeUndefined();
    expect(signer.verifyFile({ id: '13', variant: 'original' }, query)).toBeUndefined();
    expect(signer.verifyFile({ id: '012', variant: 'original' }, query)).toBeUndefined();
    expect(signer.verifyFile({ id: '12', variant: 'download' }, query)).toBeUndefined();
    expect(signer.verifyFile({ id: '12', variant: 'original' }, { ...query, uid: '4' })).toBeUndefined();
    expect(
      signer.verifyFile({ id: '12', variant: 'original' }, { ...query, sig: ['a', 'b'] }),
    ).toBeUndefined();

    const zip = queryOf(signer.zipUrl([5, 2, 5, 9], 3));
    expect(zip['ids']).toBe('2,5,9');
    expect(signer.verifyZip(zip)).toEqual({ value: [2, 5, 9], uid: 3 });
    expect(signer.verifyZip({ ...zip, ids: '2,5' })).toBeUndefined();
    expect(signer.verifyZip({ ...zip, ids: '9,5,2' })).toBeUndefined();
    // A file signature is no zip signature, whatever the list.
    expect(signer.verifyZip({ ...query, ids: '12' })).toBeUndefined();
  });
});
