import { describe, expect, it } from 'vitest';
import { buildBreadcrumb } from './build-breadcrumb';

describe('buildBreadcrumb', () => {
  it('BC-2/BC-3 puts the dashboard first and the page last, as plain text', () => {
    expect(
      buildBreadcrumb([
        { pathname: '/' },
        { pathname: '/x' },
        { pathname: '/x', title: 'departmentContent' },
      ]),
    ).toEqual([{ title: 'dashboard', to: '/' }, { title: 'departmentContent' }]);
  });

  it('BC-3 does not repeat the dashboard on the dashboard itself', () => {
    expect(buildBreadcrumb([{ pathname: '/', title: 'dashboard' }])).toEqual([{ title: 'dashboard' }]);
  });

  it('BC-4 drops breadcrumb:false items', () => {
    expect(
      buildBreadcrumb([
        { pathname: '/g', title: 'group', breadcrumb: false },
        { pathname: '/g/p', title: 'page' },
      ]),
    ).toEqual([{ title: 'dashboard', to: '/' }, { title: 'page' }]);
  });

  it('BC-5/BC-6 noRedirect items are plain text; a redirect is where a click goes', () => {
    expect(
      buildBreadcrumb([
        { pathname: '/n', title: 'nested', redirect: 'noRedirect' },
        { pathname: '/n/m', title: 'menu1', redirect: '/n/m/a' },
        { pathname: '/n/m/a', title: 'menu1-1' },
      ]),
    ).toEqual([
      { title: 'dashboard', to: '/' },
      { title: 'nested' },
      { title: 'menu1', to: '/n/m/a' },
      { title: 'menu1-1' },
    ]);
  });

  it('BC-1 gives null for /redirect/ paths (the previous breadcrumb stays)', () => {
    expect(buildBreadcrumb([{ pathname: '/redirect/a', title: 'x' }])).toBeNull();
  });
});
