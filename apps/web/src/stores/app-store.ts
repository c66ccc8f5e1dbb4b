import { COOKIE } from '@postdeck/contract/constants';
import Cookies from 'js-cookie';
import { create } from 'zustand';

interface AppState {
  sidebarOpened: boolean;
  toggleSidebar: () => void;
}

/** Checklist LY-6: cookie sidebarStatus '1' open, '0' closed; open when there is no cookie. */
const initialOpened = (): boolean => {
  const saved = Cookies.get(COOKIE.sidebarStatus);
  return saved === undefined ? true : saved === '1';
};

export const useAppStore = create<AppState>()((set, get) => ({
  sidebarOpened: initialOpened(),
  toggleSidebar: () => {
    const opened = !get().sidebarOpened;
    Cookies.set(COOKIE.sidebarStatus, opened ? '1' : '0', { path: '/', sameSite: 'lax' });
    set({ sidebarOpened: opened });
  },
}));
