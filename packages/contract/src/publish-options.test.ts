import { describe, expect, it } from 'vitest';
import { FACEBOOK_AUDIENCE_MAX, PUBLISH_OPTIONS_SCHEMAS } from './publish-options.ts';

const facebook = PUBLISH_OPTIONS_SCHEMAS.facebook;
const area = (key: string, name = `Place ${key}`) => ({ key, name });

describe('Facebook options: audience', () => {
  it('takes countries by upper-case ISO code, regions and cities by numeric key with their names', () => {
    const options = {
      audience: { countries: ['CA'], regions: [area('528', 'Ontario')], cities: [area('2459115', 'Tokyo')] },
    };
    expect(facebook.parse(options)).toEqual(options);
    expect(facebook.parse({})).toEqual({});
  });

  it.each([
    ['no place', { countries: [], regions: [], cities: [] }],
    ['a lower-case country', { countries: ['ca'], regions: [], cities: [] }],
    ['a country name', { countries: ['Canada'], regions: [], cities: [] }],
    ['a key that is not a number', { countries: [], regions: [], cities: [area('Toronto')] }],
    ['a place without its name', { countries: [], regions: [{ key: '528' }], cities: [] }],
    ['a kind left out', { countries: ['CA'], regions: [] }],
    ['an unknown field', { countries: ['CA'], regions: [], cities: [], zips: [] }],
    ['the same place twice', { countries: [], regions: [], cities: [area('296875'), area('296875')] }],
  ])('refuses %s', (_what, audience) => {
    expect(facebook.safeParse({ audience }).success).toBe(false);
  });

  it(`takes at most ${FACEBOOK_AUDIENCE_MAX} places, all kinds together`, () => {
    const cities = (n: number) => Array.from({ length: n }, (_, i) => area(String(1000 + i)));
    const audience = (n: number) => ({ countries: ['CA', 'ES'], regions: [area('528')], cities: cities(n) });
    expect(facebook.safeParse({ audience: audience(FACEBOOK_AUDIENCE_MAX - 3) }).success).toBe(true);
    const tooMany = facebook.safeParse({ audience: audience(FACEBOOK_AUDIENCE_MAX - 2) });
    expect(tooMany.error?.issues.map((issue) => issue.path)).toEqual([['audience']]);
  });
});
