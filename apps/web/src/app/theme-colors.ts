import { readableOn } from '../utils/contrast';

export const SIDEBAR_BG = '#304156';
export const MENU_SELECTED_BG = '#263445';
/** antd's layout grey, the darkest light background primary-coloured text (a tab, a link) sits on. */
export const LAYOUT_BG = '#f5f5f5';
/** antd's 45 % black for secondary text is 3.4:1 on white; 60 % reaches WCAG AA. */
export const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.6)';

/**
 * Ours: the theme preset as applied, shaded just enough for WCAG AA, so white text on a primary
 * button and a link on the page stay readable whatever preset is chosen.
 */
export const appliedPrimary = (preset: string): string => readableOn(preset, LAYOUT_BG);

/** The active menu text; an open group's title sits on the sidebar colour, the harder background. */
export const menuSelectedColor = (preset: string): string => readableOn(preset, SIDEBAR_BG);

/** antd's 25 % black placeholder (a Select's hint text) is 1.6:1; 55 % reaches WCAG AA and still reads as a hint. */
export const PLACEHOLDER_TEXT = 'rgba(0, 0, 0, 0.55)';

/** antd's red-7: danger text and buttons at 5.6:1 on white. */
export const DANGER = '#cf1322';

/** Success green dark enough for an icon on white (3:1, WCAG 1.4.11). */
export const SUCCESS = '#389e0d';

/** antd's gold-8: a warning icon on white at 4.4:1 (gold-6, the warning colour, is 2:1; icons need 3:1, WCAG 1.4.11). */
export const WARNING = '#ad6800';
