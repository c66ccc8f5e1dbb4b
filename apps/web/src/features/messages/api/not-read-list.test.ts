import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ClientEffects, type ConfirmOptions, apiClient } from '../../../api/client';
import { createQueryClient } from '../../../api/query-client';
import { calls, envelope, mockFetch, tokenPair } from '../../../test/fetch-mock';
import { clearAuth, saveAuth } from '../../../utils/auth-cookie';
import { POLL_INTERVAL_MS, failurePollQuery } from './not-read-list';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  clearAuth();
});

describe('the bell poll and the confirm-logout box (spec §8)', () => {
  it('stops reaching the server once the user chose cancel, so the box stays closed', async () => {
    vi.useFakeTimers();
    saveAuth(tokenPair('old'), Date.now());
    const fetchSpy = mockFetch(() =>
      envelope(null, { status: 401, code: 101205, msg: 'This session was ended' }),
    );
    const confirm = vi.fn<ClientEffects['confirm']>();
    const unregister = apiClient.setEffects({ error: vi.fn(), confirm, signOut: vi.fn() });
    const observer = new QueryObserver(createQueryClient(), failurePollQuery());
    const unsubscribe = observer.subscribe(() => {});

    await vi.waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    (confirm.mock.calls[0]?.[0] as ConfirmOptions).onCancel();
    await vi.advanceTimersByTimeAsync(12 * POLL_INTERVAL_MS);

    expect(confirm).toHaveBeenCalledTimes(1);
    expect(calls(fetchSpy, '/prod-api/infor/notReadList')).toHaveLength(1);
    unsubscribe();
    unregister();
  });
});
