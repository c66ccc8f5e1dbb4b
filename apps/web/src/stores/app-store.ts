import { COOKIE } from '@postdeck/contract/constants';
import Cookies from 'js-cookie';
import { create } from 'zustand';

export type Device = 'desktop' | 'mobile';
export type SizeName = 'default' | 'medium' | 'small' | 'mini';

interface AppState {
  sidebarOpened: boolean;
  /** Set when the sidebar should change without its slide transition (LY-4, LY-5). */
  withoutAnimation: boolean;
  device: Device;
  size: SizeName;
  toggleSidebar: () => void;
  closeSidebar: (withoutAnimation: boolean) => void;
  setDevice: (device: Device) => void;
  setSize: (size: SizeName) => void;
}

/** Checklist LY-6: cookie sidebarStatus '1' open, '0' closed; open when there is no cookie. */
const initialOpened = (): boolean => {
  const saved = Cookies.get(COOKIE.sidebarStatus);
  return saved === undefined ? true : saved === '1';
};

const SIZES: readonly SizeName[] = ['default', 'medium', 'small', 'mini'];
const initialSize = (): SizeName => {
  const saved = Cookies.get(COOKIE.size);
  return SIZES.find((size) => size === saved) ?? 'medium';
};

// Session cookies (no `expires`), as js-cookie writes them in the template.
const writeCookie = (name: string, value: string) => Cookies.set(name, value, { path: '/', sameSite: 'lax' });

export const useAppStore = create<AppState>()((set, get) => ({
  sidebarOpened: initialOpened(),
  withoutAnimation: false,
  device: 'desktop',
  size: initialSize(),
  toggleSidebar: () => {
    const opened = !get().sidebarOpened;
    writeCookie(COOKIE.sidebarStatus, opened ? '1' : '0');
    set({ sidebarOpened: opened, withoutAnimation: false });
  },
  closeSidebar: (withoutAnimation) => {
    writeCookie(COOKIE.sidebarStatus, '0');
    set({ sidebarOpened: false, withoutAnimation });
  },
  setDevice: (device) => set({ device }),
  setSize: (size) => {
    writeCookie(COOKIE.size, size);
    set({ size });
  },
}));
