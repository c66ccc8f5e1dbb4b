import { describe, expect, it } from 'vitest';
import { ssoErrorText } from './components/sso-error-alert';
import { readSsoQuery } from './sso';

describe('readSsoQuery', () => {
  it('takes the code and the error out of the query and keeps the rest as written', () => {
    expect(readSsoQuery('?sso=abc_-1&redirect=%2Fapi%2Fx%3Fa%3D1&q=a+b')).toEqual({
      code: 'abc_-1',
      errorCode: null,
      search: '?redirect=%2Fapi%2Fx%3Fa%3D1&q=a+b',
    });
    expect(readSsoQuery('?ssoError=100103')).toEqual({ code: null, errorCode: 100103, search: '' });
    expect(readSsoQuery('')).toEqual({ code: null, errorCode: null, search: '' });
  });

  it('reads an error that is not a number as an unknown one (0)', () => {
    expect(readSsoQuery('?ssoError=%3Cscript%3E').errorCode).toBe(0);
  });
});

describe('ssoErrorText', () => {
  it("gives the catalogue's sentence in the language, else the fallback", () => {
    expect(ssoErrorText(101005, 'zh', 'fallback')).toBe('此次登录已过期或已被使用，请重新登录');
    expect(ssoErrorText(0, 'en', 'fallback')).toBe('fallback');
  });
});
