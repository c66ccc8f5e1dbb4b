import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { roleName } from './role-name';

describe('roleName', () => {
  it('names the built-in roles in the interface language', () => {
    const ja = i18n.getFixedT('ja');
    expect(roleName({ code: 'admin', name: 'Administrator' }, ja)).toBe('管理者');
    expect(roleName({ code: 'dept_admin', name: 'Department administrator' }, ja)).toBe('部門管理者');
    expect(roleName({ code: 'editor', name: 'Editor' }, i18n.getFixedT('es'))).toBe('Editor');
    expect(roleName({ code: 'viewer', name: 'Viewer' }, i18n.getFixedT('zh'))).toBe('查看者');
  });

  it("keeps a name an administrator gave, and other roles' names", () => {
    const zh = i18n.getFixedT('zh');
    expect(roleName({ code: 'editor', name: 'Video editors' }, zh)).toBe('Video editors');
    expect(roleName({ code: 'social_desk', name: 'Editor' }, zh)).toBe('Editor');
  });
});
