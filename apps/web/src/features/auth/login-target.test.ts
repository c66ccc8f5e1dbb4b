import { describe, expect, it } from 'vitest';
import { loginTarget } from './login-target';

describe('loginTarget', () => {
  it('goes home without a redirect', () => {
    expect(loginTarget('')).toEqual({ pathname: '/', search: '', hash: '' });
  });

  it('goes to the redirect with its own query and keeps every other key', () => {
    const search = `?redirect=${encodeURIComponent('/api/content/publish/pubHistory?pageSize=10')}&queryType=1&time=42`;
    expect(loginTarget(search)).toEqual({
      pathname: '/api/content/publish/pubHistory',
      search: '?pageSize=10&queryType=1&time=42',
      hash: '',
    });
  });

  it('keeps other keys when the redirect is a bare path (template form)', () => {
    expect(loginTarget('?redirect=/api/infor/myInfor&navLink=2')).toEqual({
      pathname: '/api/infor/myInfor',
      search: '?navLink=2',
      hash: '',
    });
  });

  it('gives the page back its query exactly as it was written', () => {
    const target = '/api/system/user?status=active&q=ann%20lee';
    expect(loginTarget(`?redirect=${encodeURIComponent(target)}&x=a%20b`)).toEqual({
      pathname: '/api/system/user',
      search: '?status=active&q=ann%20lee&x=a%20b',
      hash: '',
    });
  });

  it('refuses redirects that leave the site', () => {
    expect(loginTarget('?redirect=//evil.example/x').pathname).toBe('/');
    expect(loginTarget('?redirect=https%3A%2F%2Fevil.example').pathname).toBe('/');
  });
});
