import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../stores/user-store';
import { type MockRequest, calls, envelope, mockFetch } from '../../../test/fetch-mock';
import { COMPOSER_URL, contentDetail, manualClock, renderComposer, typeBody } from '../test/composer-harness';

let spy: ReturnType<typeof mockFetch>;

const TARGETS = {
  accounts: [
    {
      id: 1,
      platform: 'x',
      name: 'Acme on X',
      handle: '@acme',
      department: { id: 1, name: 'Newsroom' },
      unavailable: null,
    },
  ],
  lastChoice: [1],
  lastUtm: false,
};

beforeEach(() => {
  localStorage.clear();
  spy = mockFetch((request: MockRequest) => {
    const { pathname } = request.url;
    if (pathname.endsWith('/content/create')) {
      const body = request.body as { title: string };
      return envelope(contentDetail({ id: 42, version: 1, title: body.title, bodyText: 'Hello world' }));
    }
    if (pathname.endsWith('/content/detail')) return envelope(contentDetail());
    if (pathname.endsWith('/content/publish/targets')) return envelope(TARGETS);
    return envelope(null, { status: 404, code: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.getState().reset();
});

const WITH_PUBLISH = ['content:create', 'publish:create'];

describe('ComposerPage publishing', () => {
  it('offers Publish only to those who may publish', async () => {
    renderComposer();
    await screen.findByRole('group', { name: 'Content actions' });
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
  });

  it('saves unsaved work first, then opens the panel on the saved content', async () => {
    const user = userEvent.setup();
    const { router } = renderComposer(COMPOSER_URL, manualClock(), WITH_PUBLISH);
    await user.type(screen.getByLabelText('Title'), 'Launch');
    await typeBody(user, 'Hello world');
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Publish “Launch”')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?id=42');
    expect(calls(spy, '/prod-api/content/create')).toHaveLength(1);
    expect(await screen.findByRole('checkbox', { name: /Acme on X/ })).toBeChecked();
    // What goes out is the saved text, not the form.
    await user.click(screen.getByRole('button', { name: /Acme on X/ }));
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue('Hello world');
  });

  it('opens straight away on a saved content without changes', async () => {
    const user = userEvent.setup();
    renderComposer(`${COMPOSER_URL}?id=7`, manualClock(), WITH_PUBLISH);
    await screen.findByDisplayValue('Spring launch');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Publish “Spring launch”')).toBeInTheDocument();
    await waitFor(() => expect(calls(spy, '/prod-api/content/publish/targets')).toHaveLength(1));
    expect(calls(spy, '/prod-api/content/update')).toHaveLength(0);
  });
});
