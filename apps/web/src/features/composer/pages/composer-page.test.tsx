import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../stores/user-store';
import { type MockRequest, calls, envelope, mockFetch } from '../../../test/fetch-mock';
import {
  COMPOSER_URL,
  NOW,
  bodyEditor,
  contentDetail,
  documentOf,
  pressSave,
  renderComposer,
  typeBody,
} from '../test/composer-harness';

let spy: ReturnType<typeof mockFetch>;
let answer: (request: MockRequest) => Response;
let stored: ReturnType<typeof contentDetail>;

const saved = (request: MockRequest, version: number) => {
  const body = request.body as { title: string; body: unknown };
  return envelope(contentDetail({ id: 42, version, title: body.title }));
};

beforeEach(() => {
  localStorage.clear();
  answer = (request) => saved(request, 1);
  stored = contentDetail();
  spy = mockFetch((request) => {
    const { pathname } = request.url;
    if (pathname.endsWith('/content/create') || pathname.endsWith('/content/update')) return answer(request);
    if (pathname.endsWith('/content/detail')) return envelope(stored);
    return envelope(null, { status: 404, code: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.getState().reset();
});

const bodyOf = (path: string, index = 0) => {
  const [, init] = calls(spy, `/prod-api${path}`)[index] ?? [];
  return JSON.parse(String(init?.body)) as Record<string, unknown>;
};

describe('ComposerPage saving', () => {
  it('creates on Ctrl+S with the editor document, then updates with the version', async () => {
    const user = userEvent.setup();
    const { router } = renderComposer();
    await user.type(screen.getByLabelText('Title'), 'Launch');
    await typeBody(user, 'Hello');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await pressSave(user);

    await waitFor(() => expect(router.state.location.search).toBe('?id=42'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(bodyOf('/content/create')).toEqual({
      title: 'Launch',
      body: documentOf('Hello'),
      summary: '',
      tags: [],
      status: 'draft',
      coverMaterialId: null,
      materialIds: [],
    });
    expect(await screen.findByText(/^Saved at \d\d:\d\d$/)).toBeInTheDocument();
    expect(bodyEditor()).toHaveTextContent('Hello');

    answer = (request) => saved(request, 2);
    await user.type(screen.getByLabelText('Title'), ' day');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(spy, '/prod-api/content/update')).toHaveLength(1));
    expect(bodyOf('/content/update')).toMatchObject({ id: 42, version: 1, title: 'Launch day' });
    expect(calls(spy, '/prod-api/content/detail')).toHaveLength(0);
  });
});

describe('ComposerPage actions', () => {
  it('sit in one labelled group after the fields, reached by Tab from the last field', async () => {
    const user = userEvent.setup();
    renderComposer();
    const actions = await screen.findByRole('group', { name: 'Content actions' });
    const save = within(actions).getByRole('button', { name: 'Save' });
    const draft = within(actions).getByRole('button', { name: 'Save draft' });
    const fields = document.querySelectorAll('form input, form textarea, form [contenteditable="true"]');
    const last = fields[fields.length - 1] as HTMLElement;
    expect(last.compareDocumentPosition(actions) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(actions.closest('form')).toBeNull();

    last.focus();
    let steps = 0;
    while (document.activeElement !== draft && steps < 20) {
      await user.tab();
      steps += 1;
    }
    expect(document.activeElement).toBe(draft);
    await user.tab();
    expect(document.activeElement).toBe(save);
  });
});

describe('ComposerPage failures', () => {
  it('puts a field error from the server on its field', async () => {
    answer = () =>
      envelope(
        { errors: [{ field: 'title', message: 'This title is taken' }] },
        { status: 400, code: 400, msg: 'Some fields are not valid' },
      );
    const user = userEvent.setup();
    renderComposer();
    await user.type(screen.getByLabelText('Title'), 'Launch');
    await pressSave(user);
    const error = await screen.findByText('This title is taken');
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Title').getAttribute('aria-describedby')).toContain(
      error.closest('[id]')?.id ?? 'missing',
    );
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it('answers a stale version with who saved when, and can load their version then restore mine', async () => {
    answer = () =>
      envelope(
        {
          updatedBy: { id: 2, name: 'Grace Hopper' },
          updatedAt: new Date(NOW - 5 * 60_000).toISOString(),
          version: 4,
        },
        { status: 409, code: 100401, msg: 'stale' },
      );
    const user = userEvent.setup();
    renderComposer(`${COMPOSER_URL}?id=7`);
    const title = await screen.findByLabelText('Title');
    expect(title).toHaveValue('Spring launch');
    await user.clear(title);
    await user.type(title, 'Mine');
    await pressSave(user);

    expect(
      await screen.findByText('Grace Hopper saved a newer version (5 minutes ago) while you were editing.'),
    ).toBeInTheDocument();
    expect(bodyOf('/content/update')).toMatchObject({ id: 7, version: 3, title: 'Mine' });

    stored = contentDetail({ title: 'Theirs', version: 4, updatedBy: { id: 2, name: 'Grace Hopper' } });
    await user.click(screen.getByRole('button', { name: 'Load their version' }));
    expect(await screen.findByText('Unsaved draft found')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Theirs');
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Mine');

    answer = (request) => saved(request, 5);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(spy, '/prod-api/content/update')).toHaveLength(2));
    expect(bodyOf('/content/update', 1)).toMatchObject({ id: 7, version: 4, title: 'Mine' });
  });
});
