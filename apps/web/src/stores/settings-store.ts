import { DEFAULT_THEME } from '@postdeck/contract/constants';
import { create } from 'zustand';

/** Checklist ST-1 (Postdeck values): the page-style settings of the right panel. */
export interface Settings {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  theme: DEFAULT_THEME,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: false,
};

/** Checklist TH-1: the theme presets, in order. */
export const THEME_PRESETS = [
  '#409EFF',
  '#1890ff',
  '#304156',
  '#212121',
  '#11a983',
  '#13c2c2',
  '#6959CD',
  '#f5222d',
] as const;

/**
 * ST-2: the template does not persist settings and the spec names no key; Postdeck keeps them
 * in localStorage under this key so a reload restores them.
 */
export const SETTINGS_STORAGE_KEY = 'postdeck-settings';

export function loadSettings(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): Settings {
  try {
    const raw = storage?.getItem(SETTINGS_STORAGE_KEY);
    if (!raw) return { ...DEFAULT_SETTINGS };
    const saved = JSON.parse(raw) as Partial<Record<keyof Settings, unknown>>;
    const result = { ...DEFAULT_SETTINGS };
    // ST-2: only known keys of the right type are taken.
    if (typeof saved.theme === 'string' && /^#[0-9a-fA-F]{6}$/.test(saved.theme)) result.theme = saved.theme;
    if (typeof saved.tagsView === 'boolean') result.tagsView = saved.tagsView;
    if (typeof saved.fixedHeader === 'boolean') result.fixedHeader = saved.fixedHeader;
    if (typeof saved.sidebarLogo === 'boolean') result.sidebarLogo = saved.sidebarLogo;
    return result;
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

interface SettingsState extends Settings {
  changeSetting: <K extends keyof Settings>(key: K, value: Settings[K]) => void;
}

const pick = ({ theme, tagsView, fixedHeader, sidebarLogo }: Settings): Settings => ({
  theme,
  tagsView,
  fixedHeader,
  sidebarLogo,
});

export const useSettingsStore = create<SettingsState>()((set, get) => ({
  ...loadSettings(),
  changeSetting: (key, value) => {
    if (!(key in DEFAULT_SETTINGS)) return;
    set({ [key]: value } as Partial<Settings>);
    try {
      globalThis.localStorage?.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(pick(get())));
    } catch {
      // Storage full or blocked: the setting still applies for this page load.
    }
  },
}));
