import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { useUserStore } from '../../../stores/user-store';
import { USER_INFO, calls, envelope, mockFetch } from '../../../test/fetch-mock';
import { RELEASE, WhatsNewDialog } from './whats-new-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.getState().reset();
});

function setup(seen: boolean, mustChangePassword = false) {
  useUserStore.getState().setSession({ ...USER_INFO, mustChangePassword }, []);
  const spy = mockFetch(({ url }) =>
    url.pathname.startsWith('/prod-api/guidehistory/')
      ? envelope({ seen: url.pathname.endsWith('/read') ? true : seen })
      : envelope(null, { status: 404, code: 404 }),
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <WhatsNewDialog />
    </Providers>,
  );
  return spy;
}

describe('WhatsNewDialog', () => {
  it('shows the notes once for an unseen release and records the read on close', async () => {
    const spy = setup(false);
    expect(await screen.findByText(`What's new (${RELEASE})`)).toBeInTheDocument();
    expect(screen.getByText(/^Channel accounts: connect Facebook pages/)).toBeInTheDocument();
    const status = calls(spy, '/prod-api/guidehistory/status')[0];
    expect(new URL(String(status?.[0]), 'http://x').searchParams.get('upgradeTime')).toBe(RELEASE);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(calls(spy, '/prod-api/guidehistory/read')).toHaveLength(1));
  });

  it('stays closed when the release was seen', async () => {
    const spy = setup(true);
    await waitFor(() => expect(calls(spy, '/prod-api/guidehistory/status')).toHaveLength(1));
    expect(screen.queryByText(`What's new (${RELEASE})`)).not.toBeInTheDocument();
  });

  it('waits while the password must be changed, and shows once it is', async () => {
    const spy = setup(false, true);
    await waitFor(() => expect(calls(spy, '/prod-api/guidehistory/status').length).toBeLessThanOrEqual(1));
    expect(screen.queryByText(`What's new (${RELEASE})`)).not.toBeInTheDocument();
    act(() => {
      const info = useUserStore.getState().info;
      if (info) useUserStore.getState().setSession({ ...info, mustChangePassword: false }, []);
    });
    expect(await screen.findByText(`What's new (${RELEASE})`)).toBeInTheDocument();
  });
});
