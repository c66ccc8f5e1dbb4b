import { describe, expect, it } from 'vitest';
import { THEME_PRESETS } from '../stores/settings-store';
import { AA_TEXT, contrastRatio } from '../utils/contrast';
import { appliedPrimary, LAYOUT_BG, MENU_SELECTED_BG, menuSelectedColor, SIDEBAR_BG } from './theme-colors';

describe('theme colours', () => {
  it.each(THEME_PRESETS)('%s is applied readable on white, the layout grey and the dark menu', (preset) => {
    for (const background of ['#ffffff', LAYOUT_BG]) {
      expect(contrastRatio(appliedPrimary(preset), background)).toBeGreaterThanOrEqual(AA_TEXT);
    }
    for (const background of [SIDEBAR_BG, MENU_SELECTED_BG]) {
      expect(contrastRatio(menuSelectedColor(preset), background)).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it('leaves a preset that already passes as chosen', () => {
    expect(appliedPrimary('#304156')).toBe('#304156');
  });
});
