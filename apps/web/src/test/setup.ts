import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { LANGUAGES } from '@postdeck/contract/constants';
import { afterEach, vi } from 'vitest';
import { loadLanguage } from '../i18n/i18n';
import { prepareUiLocales } from '../i18n/ui-locales';

// The app loads a language when it is chosen; tests switch languages directly, so all are in
// (and dayjs is left in English, the last one prepared).
await Promise.all(LANGUAGES.map(loadLanguage));
for (const lang of [...LANGUAGES].reverse()) await prepareUiLocales(lang);

// jsdom has no matchMedia; antd's responsive helpers (Grid, Form layout) ask for it.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });
}

// jsdom has no ResizeObserver; antd's horizontal Menu and overflow helpers observe sizes.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

afterEach(() => {
  cleanup();
});
