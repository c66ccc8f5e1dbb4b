import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SETTINGS_STORAGE_KEY, loadSettings, useSettingsStore } from './settings-store';

describe('settings store (ST-1, ST-2)', () => {
  beforeEach(() => {
    localStorage.clear();
    useSettingsStore.setState({ ...DEFAULT_SETTINGS });
  });

  it('has the defaults without saved settings', () => {
    expect(loadSettings()).toEqual({
      theme: '#1890ff',
      tagsView: true,
      fixedHeader: false,
      sidebarLogo: false,
    });
  });

  it('persists a change and restores it', () => {
    useSettingsStore.getState().changeSetting('fixedHeader', true);
    useSettingsStore.getState().changeSetting('theme', '#11a983');
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}')).toMatchObject({
      fixedHeader: true,
      theme: '#11a983',
    });
    expect(loadSettings()).toMatchObject({ fixedHeader: true, theme: '#11a983' });
  });

  it('ignores broken or unknown saved values', () => {
    localStorage.setItem(SETTINGS_STORAGE_KEY, '{"theme":"red","tagsView":"yes","other":1}');
    expect(loadSettings()).toEqual(DEFAULT_SETTINGS);
    localStorage.setItem(SETTINGS_STORAGE_KEY, 'not json');
    expect(loadSettings()).toEqual(DEFAULT_SETTINGS);
  });
});
