import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../stores/user-store';
import { envelope, mockFetch } from '../../../test/fetch-mock';
import { AUTOSAVE_INTERVAL_MS } from '../composer-clock';
import { valuesOf } from '../composer-values';
import { draftKey, readDraft, writeDraft } from '../local-draft';
import { NOW, documentOf, manualClock, renderComposer } from '../test/composer-harness';

const NEW_DRAFT = draftKey(1, null);

beforeEach(() => {
  localStorage.clear();
  mockFetch(() => envelope(null, { status: 404, code: 404 }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.getState().reset();
});

describe('local drafts', () => {
  it('keeps unsaved work after the autosave interval and offers it back on the next visit', async () => {
    const user = userEvent.setup();
    const clock = manualClock();
    const first = renderComposer(undefined, clock);
    await user.type(screen.getByLabelText('Title'), 'Kept');

    act(() => clock.advance(AUTOSAVE_INTERVAL_MS - 1));
    expect(readDraft(NEW_DRAFT)).toBeNull();
    act(() => clock.advance(1));
    expect(readDraft(NEW_DRAFT)).toMatchObject({
      savedAt: NOW + AUTOSAVE_INTERVAL_MS,
      baseVersion: null,
      values: { title: 'Kept', status: 'draft' },
    });
    first.unmount();

    renderComposer(undefined, manualClock(NOW + 3 * 60_000));
    expect(await screen.findByText(/Restore the draft from 3 minutes ago\?/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Kept');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it('restores the body into the editor, and Discard forgets the draft', async () => {
    const values = { ...valuesOf(null), title: 'Old idea', body: documentOf('Draft text') };
    writeDraft(NEW_DRAFT, { savedAt: NOW - 60_000, baseVersion: null, values });
    const user = userEvent.setup();
    const first = renderComposer();
    await user.click(await screen.findByRole('button', { name: 'Restore' }));
    expect(screen.getByRole('textbox', { name: 'Body' })).toHaveTextContent('Draft text');
    first.unmount();

    renderComposer();
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(readDraft(NEW_DRAFT)).toBeNull();
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it('asks before leaving with unsaved changes, and keeps them when leaving', async () => {
    const user = userEvent.setup();
    const { router } = renderComposer();
    await user.type(screen.getByLabelText('Title'), 'Unsaved');

    act(() => void router.navigate('/elsewhere'));
    expect(await screen.findByText('Leave without saving?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/api/content/publish/pubContent');
    expect(screen.getByLabelText('Title')).toHaveValue('Unsaved');

    act(() => void router.navigate('/elsewhere'));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    await waitFor(() => expect(readDraft(NEW_DRAFT)?.values.title).toBe('Unsaved'));
  });
});
