import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
// antd's rules, made at build time (vite/antd-static-styles.ts): they load with this chunk.
import 'virtual:antd-styles.css';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/i18n';
import { antdLocale } from '../i18n/ui-locales';
import { useAppStore } from '../stores/app-store';
import { useSettingsStore } from '../stores/settings-store';
import { componentSizeOf } from '../utils/component-size';
import { readCspNonce } from '../utils/csp-nonce';
import { ClientEffectsBridge } from './client-effects';
import {
  appliedPrimary,
  MENU_SELECTED_BG,
  menuSelectedColor,
  PLACEHOLDER_TEXT,
  DANGER,
  SECONDARY_TEXT,
  SIDEBAR_BG,
} from './theme-colors';

const STATIC_STYLES_LEFT_OUT = import.meta.env.MODE === 'test';

/**
 * Template colours (checklist SB-1, LY-4). The primary colour is the run-time theme colour
 * (TH-2 'ours': a seed token, antd re-derives the palette), and the active menu text follows it.
 * Both are shaded for contrast (theme-colors.ts).
 */
export function themeConfig(preset: string): ThemeConfig {
  const colorPrimary = appliedPrimary(preset);
  return {
    // antd's rules come from the stylesheet made at build time; at run time antd sets only its
    // CSS variables (the theme colour among them). The unit tests, whose CSS Vite leaves out,
    // keep antd writing its styles.
    zeroRuntime: !STATIC_STYLES_LEFT_OUT,
    hashed: false,
    token: {
      colorPrimary,
      colorTextTertiary: SECONDARY_TEXT,
      colorTextDescription: SECONDARY_TEXT,
      colorTextPlaceholder: PLACEHOLDER_TEXT,
      // antd keeps its own blue for links unless told; links follow the theme, shaded like it.
      colorLink: colorPrimary,
      // antd's #ff4d4f is 3.3:1 on white (danger buttons' text); its red-7 reaches AA.
      colorError: DANGER,
    },
    components: {
      // The 'no data' row is disabled-grey (1.8:1) by default.
      Table: { colorTextDisabled: SECONDARY_TEXT },
      Layout: { siderBg: SIDEBAR_BG, headerBg: '#fff', headerHeight: 50, headerPadding: '0 16px' },
      Menu: {
        darkItemBg: SIDEBAR_BG,
        darkSubMenuItemBg: '#1f2d3d',
        darkItemColor: '#bfcbd9',
        darkItemHoverBg: MENU_SELECTED_BG,
        darkItemSelectedBg: MENU_SELECTED_BG,
        darkItemSelectedColor: menuSelectedColor(preset),
      },
    },
  };
}

/** style.md §3.1: the template's masks do not blur. */
const NO_BLUR = { mask: { blur: false } } as const;

// Read once: the nonce belongs to this page load and browsers hide it from later reads.
const nonce = typeof document === 'undefined' ? undefined : readCspNonce();
const csp = nonce ? { nonce } : undefined;

/**
 * antd's theme, locale, CSP nonce and App (message, modal) for the pages that use antd. Not at
 * the root: the login page paints without antd; the routes under it load this with their chunk.
 */
export function AntdProviders({ children }: { children: ReactNode }) {
  // Re-renders on a language switch, so antd's texts and date pickers follow.
  const { i18n: instance } = useTranslation();
  const colorPrimary = useSettingsStore((state) => state.theme);
  const size = useAppStore((state) => state.size);
  const theme = useMemo(() => themeConfig(colorPrimary), [colorPrimary]);
  return (
    <ConfigProvider
      locale={antdLocale(currentLanguage(instance.language))}
      theme={theme}
      csp={csp}
      componentSize={componentSizeOf(size)}
      modal={NO_BLUR}
      drawer={NO_BLUR}
    >
      <AntApp component={false}>
        <ClientEffectsBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
