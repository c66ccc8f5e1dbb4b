/** Values the spec fixes (§3, §9) that both the server and the web app rely on. */
export const API_BASE = '/prod-api';
export const LANGUAGES = ['en', 'zh', 'es', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's name in itself, in the template's switcher order (web switcher, manual). */
export const LANGUAGE_NAMES: readonly { lang: Language; name: string }[] = [
  { lang: 'zh', name: '中文' },
  { lang: 'en', name: 'English' },
  { lang: 'es', name: 'Español' },
  { lang: 'ja', name: '日本語' },
];
export const DEFAULT_LANGUAGE: Language = 'en';

export const REQUEST_TIMEOUT_MS = 5_000;
export const HISTORY_TIMEOUT_MS = 600_000;
/**
 * Connecting a channel waits on the platform, each of whose calls the server gives up to 60 s,
 * and in the sandbox first on the platform's local server (Bluesky's takes seconds to start):
 * the client waits longer, so the server's answer saying what failed comes first.
 */
export const CONNECT_TIMEOUT_MS = 180_000;
export const MESSAGE_DURATION_S = 5;
export const POLL_INTERVAL_MS = 5_000;

export const DEFAULT_LANDING = '/api/content/contentList/deplist';
export const DEFAULT_THEME = '#1890ff';

export const COOKIE = {
  jwt: 'HY-JWT',
  language: 'language',
  size: 'size',
  sidebarStatus: 'sidebarStatus',
  errclose: 'errclose',
} as const;

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;
/**
 * Lists count their rows exactly up to this many; past it a list answers this number with
 * `totalExact: false` (shown "10,000+"), so no request visits every row of a long list.
 * Numbered pages reach this far; later rows are paged with the `next` cursor.
 */
export const LIST_TOTAL_BOUND = 10_000;

/** Login throttling (issue 2 §6): failures counted within one window. */
export const THROTTLE = {
  windowSeconds: 15 * 60,
  perAccount: 5,
  perIp: 20,
} as const;

/** Picks the first supported language named in a header or cookie value ('zh-CN,zh;q=0.9' -> 'zh'). */
export function pickLanguage(...candidates: (string | undefined | null)[]): Language | undefined {
  for (const candidate of candidates) {
    if (!candidate) continue;
    const lowered = candidate.toLowerCase();
    const exact = LANGUAGES.find((lang) => lowered === lang);
    if (exact) return exact;
    for (const part of lowered.split(',')) {
      const tag = part.split(';')[0]?.trim() ?? '';
      const found = LANGUAGES.find((lang) => tag === lang || tag.startsWith(`${lang}-`));
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * OpenID Connect single sign-on (issue 5, item 7). The browser goes to GET /auth/oidc/login,
 * signs in at the provider, comes back to GET /auth/oidc/callback, which sends it to
 * `/login?sso=<one-time code>`; the login page trades the code for the session's tokens.
 */
export const OIDC_QUERY = {
  /** On /login: the one-time code to trade at POST /auth/oidc/exchange. */
  code: 'sso',
  /** On /login: the catalogue code of why single sign-on failed. */
  error: 'ssoError',
} as const;
