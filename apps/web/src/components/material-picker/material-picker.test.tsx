import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { Providers } from '../../app/providers';
import { useUserStore } from '../../stores/user-store';
import { USER_INFO, calls, envelope, mockFetch } from '../../test/fetch-mock';
import { MaterialPicker } from './material-picker';
import { SETTINGS, material, pageOf } from './test-fixtures';

const ITEMS = [material(1, 'Alpha.png'), material(2, 'Bravo.png'), material(3, 'Charlie.png')];

let spy: ReturnType<typeof mockFetch>;

beforeEach(() => {
  useUserStore.getState().setSession({ ...USER_INFO, permissions: ['material:list', 'material:manage'] }, []);
  spy = mockFetch(({ url }) => {
    if (url.pathname.endsWith('/material/list')) return envelope(pageOf(ITEMS));
    if (url.pathname.endsWith('/material/settings')) return envelope(SETTINGS);
    if (url.pathname.endsWith('/content/publish/picUrl')) {
      return envelope(
        { errors: [{ field: 'url', message: 'Only public http and https addresses can be imported' }] },
        { status: 400, code: 100505, msg: 'Some fields are not valid' },
      );
    }
    return envelope(null, { status: 404, code: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.getState().reset();
});

function renderPicker(props: { multiple?: boolean } = {}) {
  const onPick = vi.fn();
  const onClose = vi.fn();
  render(
    <Providers queryClient={createQueryClient()}>
      <MaterialPicker open onClose={onClose} onPick={onPick} kind="image" {...props} />
    </Providers>,
  );
  return { onPick, onClose, user: userEvent.setup() };
}

describe('the material picker', () => {
  it('hands over the picked materials in click order, by mouse and keyboard', async () => {
    const { onPick, onClose, user } = renderPicker({ multiple: true });
    await user.click(await screen.findByRole('checkbox', { name: 'Charlie.png' }));
    screen.getByRole('checkbox', { name: 'Alpha.png' }).focus();
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Alpha.png' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('checkbox', { name: 'Bravo.png' }));
    await user.click(screen.getByRole('checkbox', { name: 'Bravo.png' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    expect(
      new URL(String(calls(spy, '/prod-api/material/list')[0]?.[0]), 'http://x').searchParams.get('kind'),
    ).toBe('image');

    await user.click(screen.getByRole('button', { name: 'Use selected' }));
    expect(onPick.mock.calls[0]?.[0].map((m: { id: number }) => m.id)).toEqual([3, 1]);
    expect(onClose).toHaveBeenCalled();
  });

  it('replaces the choice when only one is wanted', async () => {
    const { onPick, user } = renderPicker();
    await user.click(await screen.findByRole('checkbox', { name: 'Alpha.png' }));
    await user.click(screen.getByRole('checkbox', { name: 'Bravo.png' }));
    await user.click(screen.getByRole('button', { name: 'Use selected' }));
    expect(onPick.mock.calls[0]?.[0].map((m: { id: number }) => m.id)).toEqual([2]);
  });

  it("shows the server's refusal of an address on the field", async () => {
    const { user } = renderPicker();
    await user.click(screen.getByRole('tab', { name: 'Import from URL' }));
    await user.type(await screen.findByLabelText('Image address'), 'http://10.0.0.1/a.png');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(
      await screen.findByText('Only public http and https addresses can be imported'),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls(spy, '/prod-api/content/publish/picUrl')).toHaveLength(1));
    expect(screen.getByLabelText('Image address')).toHaveAttribute('aria-invalid', 'true');
  });
});
