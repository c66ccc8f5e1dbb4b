import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Providers } from '../../app/providers';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SETTINGS_STORAGE_KEY, useSettingsStore } from '../../stores/settings-store';
import { SettingsForm } from './settings-form';
import { SettingsPanel } from './settings-panel';

describe('settings panel (ST-3, ST-4, TH-1)', () => {
  beforeEach(() => {
    localStorage.clear();
    useSettingsStore.setState({ ...DEFAULT_SETTINGS });
  });

  it('switches change and persist the settings', async () => {
    render(
      <Providers>
        <SettingsForm />
      </Providers>,
    );
    expect(screen.getByText('Open Tags-View')).toBeTruthy();
    await userEvent.click(screen.getByTestId('setting-fixedHeader'));
    await userEvent.click(screen.getByTestId('setting-tagsView'));
    expect(useSettingsStore.getState()).toMatchObject({ fixedHeader: true, tagsView: false });
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}')).toMatchObject({
      fixedHeader: true,
    });
  });

  it('offers the eight presets and applies one', async () => {
    render(
      <Providers>
        <SettingsForm />
      </Providers>,
    );
    expect(screen.getAllByTestId(/^theme-preset-/).map((b) => b.getAttribute('aria-label'))).toEqual([
      '#409EFF',
      '#1890ff',
      '#304156',
      '#212121',
      '#11a983',
      '#13c2c2',
      '#6959CD',
      '#f5222d',
    ]);
    await userEvent.click(screen.getByTestId('theme-preset-#11a983'));
    expect(useSettingsStore.getState().theme).toBe('#11a983');
  });

  it('the gear handle opens the panel and marks the body', async () => {
    render(
      <Providers>
        <SettingsPanel />
      </Providers>,
    );
    await userEvent.click(screen.getByTestId('settings-handle'));
    expect(await screen.findByText('Page style setting')).toBeTruthy();
    expect(document.body.classList.contains('showRightPanel')).toBe(true);
  });

  it("sits under antd's drawers and dialogs while closed, over its own panel while open", async () => {
    render(
      <Providers>
        <SettingsPanel />
      </Providers>,
    );
    const handle = screen.getByTestId('settings-handle');
    // antd's overlays (drawers, dialogs, their masks) start at z-index 1000.
    expect(Number(handle.style.zIndex)).toBeLessThan(1000);
    await userEvent.click(handle);
    await screen.findByText('Page style setting');
    expect(Number(handle.style.zIndex)).toBeGreaterThan(1000);
  });

  it.each([
    [false, false],
    [true, true],
  ])('a click outside the panel closes it unless clickNotClose (%s)', async (clickNotClose, staysOpen) => {
    render(
      <Providers>
        <SettingsPanel clickNotClose={clickNotClose} />
      </Providers>,
    );
    await userEvent.click(screen.getByTestId('settings-handle'));
    await screen.findByText('Page style setting');
    const mask = document.querySelector('.ant-drawer-mask');
    if (!mask) throw new Error('no drawer mask');
    await userEvent.click(mask);
    await waitFor(() => expect(document.body.classList.contains('showRightPanel')).toBe(staysOpen));
  });
});
