import type { UserInfo } from '@postdeck/contract/auth';
import type { MenuItem } from '@postdeck/contract/menu';
import { create } from 'zustand';
import { rememberMenuTitles } from '../i18n/menu-titles';

interface UserState {
  info: UserInfo | null;
  menu: MenuItem[];
  /** Set once the navigation guard has loaded info and menu for the current session. */
  loaded: boolean;
  setSession: (info: UserInfo, menu: MenuItem[]) => void;
  reset: () => void;
}

const empty = { info: null, menu: [], loaded: false } satisfies Partial<UserState>;

export const useUserStore = create<UserState>()((set) => ({
  ...empty,
  setSession: (info, menu) => {
    rememberMenuTitles(menu);
    set({ info, menu, loaded: true });
  },
  reset: () => set(empty),
}));
