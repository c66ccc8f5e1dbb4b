import type { Language } from '@postdeck/contract/constants';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { changeLanguage, i18n } from '../../../i18n/i18n';
import { useUserStore } from '../../../stores/user-store';
import { USER_INFO, envelope, mockFetch } from '../../../test/fetch-mock';
import { DEPARTMENTS, PLATFORMS, pageOf } from '../test-fixtures';
import { ChannelAccountsPage } from './channel-accounts-page';

const LIST = '/api/channel/account/list';

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useUserStore.getState().reset();
  await changeLanguage('en');
});

describe('a Bluesky connect the server does not answer', () => {
  it.each<[Language, string]>([
    ['en', 'The server did not answer within 180 seconds. Please try again.'],
    ['ja', 'サーバーが 180 秒以内に応答しませんでした。もう一度お試しください。'],
  ])('is waited for past 5 s, then said as a sentence in %s', async (lang, sentence) => {
    await changeLanguage(lang);
    // The dialog runs on the clock as usual; the test jumps it ahead while the connect hangs.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    mockFetch(({ url, signal }) => {
      const path = url.pathname;
      if (path.endsWith('/channel/account/list')) return envelope(pageOf([]));
      if (path.endsWith('/channel/platforms')) return envelope(PLATFORMS);
      if (path.endsWith('/control/dept/list')) return envelope(DEPARTMENTS);
      if (path.endsWith('/channel/connect/bluesky'))
        return new Promise<Response>((_, reject) => {
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      return envelope(null, { status: 404, code: 404 });
    });
    const permissions = ['channel:account:list', 'channel:account:connect'];
    useUserStore
      .getState()
      .setSession({ ...USER_INFO, department: { id: 3, name: 'Newsroom' }, permissions }, []);
    const router = createMemoryRouter([{ path: LIST, Component: ChannelAccountsPage }], {
      initialEntries: [LIST],
    });
    render(
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const t = i18n.t.bind(i18n);

    // The button's name has its icon's label before the text.
    const open = new RegExp(`${t('channels.connect.open')}$`);
    const [button] = await screen.findAllByRole('button', { name: open });
    await user.click(button as HTMLElement);
    const dialog = (await screen.findByText(t('channels.connect.title'))).closest(
      '[role="dialog"]',
    ) as HTMLElement;
    await user.click(within(dialog).getByLabelText(t('channels.connect.platform')));
    await user.click(await screen.findByTitle('Bluesky'));
    await user.type(within(dialog).getByLabelText(t('channels.connect.identifier')), 'ada.bsky.social');
    const appPassword = within(dialog).getByLabelText(t('channels.connect.appPassword'));
    await user.type(appPassword, 'abcd-efgh-ijkl-mnop{Enter}');

    // Past the 5 s every other call gets, the sandbox may still be starting its Bluesky server.
    await vi.advanceTimersByTimeAsync(6_000);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(await within(dialog).findByText(sentence)).toBeInTheDocument();
    expect(screen.queryByText(/timeout of \d+ms exceeded/)).not.toBeInTheDocument();
  });
});
