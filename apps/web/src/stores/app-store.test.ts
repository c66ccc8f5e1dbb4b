import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from './app-store';

describe('app store (LY-6)', () => {
  beforeEach(() => {
    Cookies.remove('sidebarStatus', { path: '/' });
    Cookies.remove('size', { path: '/' });
    useAppStore.setState({ sidebarOpened: true, withoutAnimation: true, size: 'medium' });
  });

  it('toggle flips the sidebar, animates, and writes cookie sidebarStatus', () => {
    useAppStore.getState().toggleSidebar();
    expect(useAppStore.getState().sidebarOpened).toBe(false);
    expect(useAppStore.getState().withoutAnimation).toBe(false);
    expect(Cookies.get('sidebarStatus')).toBe('0');
    useAppStore.getState().toggleSidebar();
    expect(Cookies.get('sidebarStatus')).toBe('1');
  });

  it('close writes 0 and keeps the animation flag given', () => {
    useAppStore.getState().closeSidebar(true);
    expect(useAppStore.getState()).toMatchObject({ sidebarOpened: false, withoutAnimation: true });
    expect(Cookies.get('sidebarStatus')).toBe('0');
  });

  it('setSize writes cookie size', () => {
    useAppStore.getState().setSize('mini');
    expect(Cookies.get('size')).toBe('mini');
    expect(useAppStore.getState().size).toBe('mini');
  });
});
