import type { Publication, PublicationStatus } from '@postdeck/contract/publishing';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { changeLanguage } from '../../../i18n/i18n';
import { type MockRequest, calls, envelope, mockFetch } from '../../../test/fetch-mock';
import { LIVE_POLL_MS } from '../api/publication-live';
import { PublishSummary } from './publish-summary';

const DETAIL = '/prod-api/content/publish/detail';
const SETTLE = '/prod-api/content/publish/settle';
const POST = 'http://127.0.0.1:4010/t/postdeck_news/7';

const ACCOUNTS = {
  telegram: { id: 1, platform: 'telegram', name: 'Postdeck News', handle: '@postdeck_news' },
  mastodon: { id: 2, platform: 'mastodon', name: 'Postdeck Newsroom', handle: '@newsroom' },
  bluesky: { id: 3, platform: 'bluesky', name: 'Postdeck demo', handle: '@postdeck-demo.test' },
} as const;

function publication(
  id: number,
  account: keyof typeof ACCOUNTS,
  status: PublicationStatus,
  extra: Partial<Publication> = {},
): Publication {
  return {
    id,
    parentId: 99,
    contentId: 7,
    title: 'Harbour at dawn',
    account: ACCOUNTS[account],
    department: { id: 1, name: 'Social desk' },
    author: { id: 1, name: 'Ada Admin' },
    status,
    text: 'The first boats leave at five.',
    options: {},
    mediaIds: [31],
    scheduledAt: null,
    publishedAt: null,
    externalUrl: null,
    error: null,
    attempts: 0,
    nextAttemptAt: null,
    createdAt: '2026-03-02T10:00:00Z',
    updatedAt: '2026-03-02T10:00:00Z',
    ...extra,
  };
}

/** What the server holds now, by publication id; the detail answers from it. */
let server: Map<number, Publication>;
let settle: (request: MockRequest) => Response;
let spy: ReturnType<typeof mockFetch>;

beforeEach(() => {
  server = new Map();
  settle = () => envelope(null, { status: 500, code: 500 });
  spy = mockFetch((request) => {
    const { pathname, searchParams } = request.url;
    if (pathname === DETAIL) {
      const found = server.get(Number(searchParams.get('id')));
      if (!found) return envelope(null, { status: 404, code: 404, msg: 'Not found' });
      return envelope({ ...found, events: [], errorRaw: null });
    }
    if (pathname === SETTLE) return settle(request);
    return envelope(null, { status: 404, code: 404 });
  });
});

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

function renderSummary(publications: Publication[]) {
  const router = createMemoryRouter(
    [{ path: '/', element: <PublishSummary publications={publications} /> }],
    { initialEntries: ['/'] },
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

const row = async (name: string) => {
  const list = await screen.findByRole('list', { name: 'Accounts' });
  const item = within(list)
    .getAllByRole('listitem')
    .find((li) => li.textContent?.startsWith(name));
  if (!item) throw new Error(`no row for ${name}`);
  return item;
};

const statusOf = (item: HTMLElement) => item.querySelector('[data-status]')?.getAttribute('data-status');

describe('PublishSummary states', () => {
  it('shows each state as icon and word, the link and screenshot of a published one, and a failure in words', async () => {
    server.set(11, publication(11, 'telegram', 'published', { externalUrl: POST }));
    server.set(
      12,
      publication(12, 'mastodon', 'failed', {
        error: { kind: 'rejected', message: 'Text contains a disallowed word' },
      }),
    );
    server.set(13, publication(13, 'bluesky', 'held'));
    renderSummary([
      publication(11, 'telegram', 'queued'),
      publication(12, 'mastodon', 'queued'),
      publication(13, 'bluesky', 'queued'),
    ]);

    const telegram = await row('Postdeck News');
    await waitFor(() => expect(statusOf(telegram)).toBe('published'));
    expect(within(telegram).getByText('Published')).toBeInTheDocument();
    expect(within(telegram).getByRole('link', { name: POST })).toHaveAttribute('href', POST);
    expect(within(telegram).getByRole('link', { name: 'Screenshot' })).toHaveAttribute(
      'href',
      '/screenShort?id=11',
    );

    const mastodon = await row('Postdeck Newsroom');
    expect(within(mastodon).getByText('Failed')).toBeInTheDocument();
    expect(within(mastodon).getByText('Mastodon refused this post.')).toBeInTheDocument();
    expect(
      within(mastodon).getByText('Mastodon said: “Text contains a disallowed word”'),
    ).toBeInTheDocument();
    expect(within(mastodon).queryByRole('link')).not.toBeInTheDocument();

    expect(within(await row('Postdeck demo')).getByText('Held')).toBeInTheDocument();
  });

  it('words every error kind, and the platform’s words only where they are the platform’s', async () => {
    const kinds = ['reauthorize', 'rateLimited', 'mediaInvalid', 'transient', 'noGrant'] as const;
    const failed = kinds.map((kind, i) =>
      publication(20 + i, 'telegram', 'failed', {
        account: { ...ACCOUNTS.telegram, name: `Desk ${kind}` },
        error: { kind, message: kind === 'noGrant' ? 'noGrant' : 'Bad Request: said so' },
      }),
    );
    for (const p of failed) server.set(p.id, p);
    renderSummary(failed.map((p) => ({ ...p, status: 'queued' as const, error: null })));

    const expected: Record<(typeof kinds)[number], RegExp> = {
      reauthorize: /no longer accepts this account’s authorisation/,
      rateLimited: /limits how often this account may post/,
      mediaInvalid: /refused an image or a video/,
      transient: /could not be reached or failed on its side/,
      noGrant: /^Postdeck could not send it to Telegram\.$/,
    };
    for (const kind of kinds) {
      const item = await row(`Desk ${kind}`);
      await waitFor(() => expect(statusOf(item)).toBe('failed'));
      expect(within(item).getByText(expected[kind])).toBeInTheDocument();
      const said = within(item).queryByText('Telegram said: “Bad Request: said so”');
      if (kind === 'noGrant') expect(said).not.toBeInTheDocument();
      else expect(said).toBeInTheDocument();
    }
  });

  it('says a failure in Japanese', async () => {
    await changeLanguage('ja');
    server.set(
      31,
      publication(31, 'mastodon', 'failed', { error: { kind: 'rejected', message: 'Validation failed' } }),
    );
    renderSummary([publication(31, 'mastodon', 'queued')]);
    const list = await screen.findByRole('list', { name: 'アカウント' });
    expect(await within(list).findByText('Mastodon がこの投稿を拒否しました。')).toBeInTheDocument();
    expect(within(list).getByText('失敗')).toBeInTheDocument();
    expect(within(list).getByText('Mastodon のメッセージ：「Validation failed」')).toBeInTheDocument();
  });
});

describe('PublishSummary follows its publications', () => {
  it('asks every 2 s while one is not final, and stops once all are', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
      shouldAdvanceTime: true,
    });
    server.set(41, publication(41, 'telegram', 'publishing'));
    server.set(
      42,
      publication(42, 'mastodon', 'published', { externalUrl: 'http://127.0.0.1:4020/@newsroom/1' }),
    );
    renderSummary([publication(41, 'telegram', 'queued'), publication(42, 'mastodon', 'queued')]);
    const telegram = await row('Postdeck News');
    await waitFor(() => expect(statusOf(telegram)).toBe('publishing'));
    expect(within(telegram).getByText('Publishing')).toBeInTheDocument();
    const detailCalls = (id: number) =>
      calls(spy, DETAIL).filter(([input]) => String(input).includes(`id=${id}`)).length;
    await waitFor(() => expect(detailCalls(42)).toBe(1));

    // The published one is left alone; the other is asked again.
    await act(() => vi.advanceTimersByTimeAsync(LIVE_POLL_MS));
    await waitFor(() => expect(detailCalls(41)).toBe(2));
    expect(detailCalls(42)).toBe(1);

    server.set(41, publication(41, 'telegram', 'published', { externalUrl: POST }));
    await act(() => vi.advanceTimersByTimeAsync(LIVE_POLL_MS));
    await waitFor(() => expect(statusOf(telegram)).toBe('published'));
    const asked = calls(spy, DETAIL).length;
    await act(() => vi.advanceTimersByTimeAsync(LIVE_POLL_MS * 3));
    expect(calls(spy, DETAIL)).toHaveLength(asked);
  });

  it('says a failed check and keeps the last state shown', async () => {
    renderSummary([publication(51, 'telegram', 'queued')]);
    const telegram = await row('Postdeck News');
    expect(await within(telegram).findByRole('status')).toHaveTextContent(
      'Its state could not be checked just now (Not found); trying again.',
    );
    expect(statusOf(telegram)).toBe('queued');
  });
});

describe('PublishSummary settles an unconfirmed publication', () => {
  const unconfirmed = () =>
    publication(61, 'telegram', 'unconfirmed', { error: { kind: 'outcomeUnknown', message: 'answer lost' } });

  it('"It is there": checks the link, shows the server’s refusal on it, then marks it published', async () => {
    server.set(61, unconfirmed());
    settle = ({ body }) => {
      const { url } = body as { url: string };
      if (!url.startsWith('http://127.0.0.1:4010/'))
        return envelope(
          { errors: [{ field: 'url', message: 'This link is not a post of Postdeck News on Telegram' }] },
          { status: 400, code: 103006, msg: 'This link is not a post of Postdeck News on Telegram' },
        );
      const settled = publication(61, 'telegram', 'published', { externalUrl: url });
      server.set(61, settled);
      return envelope(settled);
    };
    const user = userEvent.setup();
    renderSummary([publication(61, 'telegram', 'queued')]);
    const item = await row('Postdeck News');
    await waitFor(() => expect(statusOf(item)).toBe('unconfirmed'));
    expect(within(item).getByText('Unconfirmed')).toBeInTheDocument();
    expect(
      within(item).getByText(/its answer was lost: the post may or may not be there/),
    ).toBeInTheDocument();
    // Ours, not the platform's: not shown as what the platform said.
    expect(within(item).queryByText(/said:/)).not.toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'It is there' }));
    const field = within(item).getByRole('textbox', { name: 'The post’s link' });
    await user.type(field, 'not a link');
    await user.click(within(item).getByRole('button', { name: 'Mark as published' }));
    expect(
      await within(item).findByText('Paste the post’s whole link, starting with http:// or https://'),
    ).toBeInTheDocument();
    expect(calls(spy, SETTLE)).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'https://elsewhere.example/p/1');
    await user.click(within(item).getByRole('button', { name: 'Mark as published' }));
    expect(
      await within(item).findByText('This link is not a post of Postdeck News on Telegram'),
    ).toBeInTheDocument();
    expect(statusOf(item)).toBe('unconfirmed');

    await user.clear(field);
    await user.type(field, POST);
    await user.click(within(item).getByRole('button', { name: 'Mark as published' }));
    await waitFor(() => expect(statusOf(item)).toBe('published'));
    expect(within(item).getByRole('link', { name: POST })).toBeInTheDocument();
    expect(calls(spy, SETTLE).map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { id: 61, outcome: 'published', url: 'https://elsewhere.example/p/1' },
      { id: 61, outcome: 'published', url: POST },
    ]);
    expect(screen.getByText('Marked as published')).toBeInTheDocument();
  });

  it('"Publish again": asks first, then queues it again and follows it', async () => {
    server.set(61, unconfirmed());
    settle = () => {
      const queued = publication(61, 'telegram', 'queued', { attempts: 1 });
      server.set(61, queued);
      return envelope(queued);
    };
    const user = userEvent.setup();
    renderSummary([publication(61, 'telegram', 'queued')]);
    const item = await row('Postdeck News');
    await waitFor(() => expect(statusOf(item)).toBe('unconfirmed'));
    await user.click(within(item).getByRole('button', { name: 'Publish again' }));
    const confirm = await screen.findByText(/If the post is there after all, it will be there twice/);
    const popover = confirm.closest<HTMLElement>('.ant-popover');
    if (!popover) throw new Error('no confirmation');
    await user.click(within(popover).getByRole('button', { name: 'Publish again' }));
    await waitFor(() => expect(statusOf(item)).toBe('queued'));
    expect(calls(spy, SETTLE).map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { id: 61, outcome: 'again' },
    ]);
    expect(screen.getByText('Queued for publishing again')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'It is there' })).not.toBeInTheDocument();
  });
});
