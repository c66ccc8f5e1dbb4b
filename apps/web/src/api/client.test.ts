import type { Language } from '@postdeck/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n/i18n';
import { useErrorLogStore } from '../stores/error-log-store';
import { clearAuth, readAuth, saveAuth } from '../utils/auth-cookie';
import { ApiError } from './api-error';
import { type ClientEffects, type ConfirmOptions, createApiClient } from './client';
import { NO_SSO_CONFIG, USER_INFO, calls, envelope, mockFetch, tokenPair } from '../test/fetch-mock';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

function setup() {
  const effects = {
    error: vi.fn<ClientEffects['error']>(),
    confirm: vi.fn<ClientEffects['confirm']>(),
    signOut: vi.fn<ClientEffects['signOut']>(),
  };
  const client = createApiClient({ now: () => NOW });
  client.setEffects(effects);
  return { client, effects };
}

/** Stores tokens named `name` whose access token expired a second ago (or is still valid). */
function storeTokens(name: string, { expired }: { expired: boolean }) {
  const issuedAt = expired ? NOW - 7200 * 1000 - 1000 : NOW;
  saveAuth(tokenPair(name), issuedAt);
}

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

beforeEach(() => {
  clearAuth();
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('token refresh', () => {
  it('refreshes an expired token once for parallel calls, which all go on with the new token', async () => {
    storeTokens('old', { expired: true });
    const refreshAnswer = deferred<Response>();
    const fetchSpy = mockFetch(({ url, headers }) => {
      if (url.pathname === '/prod-api/control/user/refreshToken') {
        expect(url.searchParams.get('refreshToken')).toBe('refresh-old');
        expect(headers.get('Authorization')).toBeNull();
        return refreshAnswer.promise;
      }
      expect(headers.get('Authorization')).toBe('Bearer access-new');
      return envelope(url.pathname.endsWith('/dashboard') ? { menuList: [] } : USER_INFO);
    });
    const { client, effects } = setup();

    const results = Promise.all([
      client.request('info'),
      client.request('info'),
      client.request('dashboard'),
    ]);
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    refreshAnswer.resolve(envelope(tokenPair('new')));
    const [first, second, menu] = await results;

    expect(first).toEqual(USER_INFO);
    expect(second).toEqual(USER_INFO);
    expect(menu).toEqual({ menuList: [] });
    expect(calls(fetchSpy, '/prod-api/control/user/refreshToken')).toHaveLength(1);
    expect(calls(fetchSpy, '/prod-api/control/user/info')).toHaveLength(2);
    expect(calls(fetchSpy, '/prod-api/control/user/dashboard')).toHaveLength(1);
    expect(readAuth()).toEqual({
      accessToken: 'access-new',
      refreshToken: 'refresh-new',
      expireIn: NOW + 7200 * 1000,
    });
    expect(effects.error).not.toHaveBeenCalled();
  });

  it('uses the token another tab refreshed while this one waited for the cross-tab lock', async () => {
    storeTokens('old', { expired: true });
    // Another tab holds the lock and refreshes; this tab must not present the rotated token.
    let releaseLock!: () => void;
    const held = new Promise<void>((resolve) => (releaseLock = resolve));
    const queue: Promise<unknown>[] = [held];
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: (_name: string, fn: () => Promise<unknown>) => {
          const run = Promise.all(queue).then(fn);
          queue.push(run);
          return run;
        },
      },
    });
    const fetchSpy = mockFetch(({ url, headers }) => {
      expect(url.pathname).toBe('/prod-api/control/user/info');
      expect(headers.get('Authorization')).toBe('Bearer access-other-tab');
      return envelope(USER_INFO);
    });
    const { client } = setup();

    const result = client.request('info');
    storeTokens('other-tab', { expired: false });
    releaseLock();
    expect(await result).toEqual(USER_INFO);
    expect(calls(fetchSpy, '/prod-api/control/user/refreshToken')).toHaveLength(0);
  });

  it('refreshes and replays once when the server says the token expired (101103)', async () => {
    storeTokens('old', { expired: false });
    const fetchSpy = mockFetch(({ url, headers }) => {
      if (url.pathname.endsWith('/refreshToken')) return envelope(tokenPair('new'));
      if (headers.get('Authorization') === 'Bearer access-old') {
        return envelope(null, { status: 401, code: 101103, msg: 'Your access token has expired' });
      }
      return envelope(USER_INFO);
    });
    const { client, effects } = setup();

    await expect(client.request('info')).resolves.toEqual(USER_INFO);
    expect(calls(fetchSpy, '/prod-api/control/user/refreshToken')).toHaveLength(1);
    expect(calls(fetchSpy, '/prod-api/control/user/info')).toHaveLength(2);
    expect(effects.error).not.toHaveBeenCalled();
  });

  it('does not check expiry for login, refresh or /infor/ calls, and sends no token to public ones', async () => {
    storeTokens('old', { expired: true });
    const fetchSpy = mockFetch(({ headers }) => {
      expect(headers.get('Authorization')).toBeNull();
      return envelope(tokenPair('fresh'));
    });
    const { client } = setup();

    await client.request('login', { body: { username: 'ada', password: 'secret!1' } });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(calls(fetchSpy, '/prod-api/control/user/login')).toHaveLength(1);
  });

  it('asks to log in again when the refresh token is refused (1012xx), once for parallel calls', async () => {
    storeTokens('old', { expired: true });
    mockFetch(({ url }) => {
      if (url.pathname.endsWith('/refreshToken')) {
        return envelope(null, { status: 401, code: 101202, msg: 'This session was used elsewhere' });
      }
      if (url.pathname === '/prod-api/public/config') return envelope(NO_SSO_CONFIG);
      throw new Error(`unexpected call ${url.pathname}`);
    });
    const { client, effects } = setup();

    const outcomes = await Promise.allSettled([client.request('info'), client.request('dashboard')]);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const reason = (outcome as PromiseRejectedResult).reason as ApiError;
      expect(reason).toBeInstanceOf(ApiError);
      expect(reason.code).toBe(101202);
      expect(reason.status).toBe(401);
    }
    expect(effects.confirm).toHaveBeenCalledTimes(1);
    const options = effects.confirm.mock.calls[0]?.[0] as ConfirmOptions;
    expect(options).toMatchObject({
      title: 'confirm logout',
      content: 'you have been logged out, you can cancel to stay on this page or log in again',
      okText: 're-login',
      cancelText: 'cancel',
    });
    expect(effects.error).not.toHaveBeenCalled();
    expect(readAuth()).toBeDefined();

    options.onOk();
    await vi.waitFor(() => expect(effects.signOut).toHaveBeenCalledWith('/login'));
    expect(readAuth()).toBeUndefined();
  });
});

describe('confirm logout: cancel stays on the page (spec §8, 1012xx)', () => {
  const POLL_BODY = { readStatus: 1, page: 1, pageSize: 1 } as const;
  const POLL_PATH = '/prod-api/infor/notReadList';
  const revoked = () => envelope(null, { status: 401, code: 101205, msg: 'This session was ended' });

  /** The bell's poll as the app runs it: once now, then every 5 s. */
  function startPolling(client: ReturnType<typeof setup>['client']) {
    const poll = () =>
      void client.request('notReadList', { body: POLL_BODY, background: true }).catch(() => {});
    poll();
    const timer = setInterval(poll, 5000);
    return () => clearInterval(timer);
  }

  const boxAt = (effects: ReturnType<typeof setup>['effects'], index: number) =>
    effects.confirm.mock.calls[index]?.[0] as ConfirmOptions;

  it('after cancel the 5 s poll neither reopens the box nor calls the server; the next call the user makes asks again', async () => {
    vi.useFakeTimers();
    storeTokens('old', { expired: false });
    const fetchSpy = mockFetch(revoked);
    const { client, effects } = setup();
    const stop = startPolling(client);

    await vi.waitFor(() => expect(effects.confirm).toHaveBeenCalledTimes(1));
    boxAt(effects, 0).onCancel();
    // A minute of polling: twelve rounds, none of them reaches the server or the user.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(effects.confirm).toHaveBeenCalledTimes(1);
    expect(calls(fetchSpy, POLL_PATH)).toHaveLength(1);
    expect(effects.error).not.toHaveBeenCalled();
    expect(effects.signOut).not.toHaveBeenCalled();

    // The user opens a page: that call needs the server, and the server's answer asks again.
    await expect(client.request('info')).rejects.toMatchObject({ code: 101205, handled: true });
    expect(effects.confirm).toHaveBeenCalledTimes(2);
    stop();
  });

  it('a poll answered after the cancel stays quiet too', async () => {
    vi.useFakeTimers();
    storeTokens('old', { expired: false });
    let answerPoll!: (response: Response) => void;
    mockFetch(({ url }) =>
      url.pathname === POLL_PATH ? new Promise<Response>((resolve) => (answerPoll = resolve)) : revoked(),
    );
    const { client, effects } = setup();

    const poll = client.request('notReadList', { body: POLL_BODY, background: true });
    await expect(client.request('info')).rejects.toMatchObject({ code: 101205 });
    boxAt(effects, 0).onCancel();
    answerPoll(revoked());
    await expect(poll).rejects.toMatchObject({ code: 101205, handled: true });
    expect(effects.confirm).toHaveBeenCalledTimes(1);
  });

  it('polling resumes once the user signs in again (here, in another tab)', async () => {
    vi.useFakeTimers();
    storeTokens('old', { expired: false });
    const fetchSpy = mockFetch(({ headers }) =>
      headers.get('Authorization') === 'Bearer access-old'
        ? revoked()
        : envelope({ items: [], total: 0, totalExact: true, page: 1, pageSize: 1, count: 0 }),
    );
    const { client, effects } = setup();
    const stop = startPolling(client);
    await vi.waitFor(() => expect(effects.confirm).toHaveBeenCalledTimes(1));
    boxAt(effects, 0).onCancel();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls(fetchSpy, POLL_PATH)).toHaveLength(1);

    storeTokens('again', { expired: false });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls(fetchSpy, POLL_PATH)).toHaveLength(2);
    expect(effects.confirm).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('failures', () => {
  it('shows the no-permission text for HTTP 403', async () => {
    mockFetch(() => envelope(null, { status: 403, code: 403, msg: 'forbidden' }));
    const { client, effects } = setup();

    await expect(client.request('health')).rejects.toMatchObject({ status: 403, code: 403 });
    expect(effects.error).toHaveBeenCalledWith(
      'You have no permission to access, please contact the administrator',
    );
  });

  it('shows the restarting text for HTTP 502 without an envelope', async () => {
    mockFetch(() => new Response('<html>Bad Gateway</html>', { status: 502 }));
    const { client, effects } = setup();

    await expect(client.request('health')).rejects.toMatchObject({ kind: 'http', status: 502 });
    expect(effects.error).toHaveBeenCalledWith('The server is restarting, please wait a moment');
  });

  it('shows the server message for other codes, or Error when it has none', async () => {
    mockFetch(() => envelope(null, { status: 409, code: 409, msg: 'The data was changed by someone else' }));
    const { client, effects } = setup();
    await expect(client.request('health')).rejects.toThrow('The data was changed by someone else');
    expect(effects.error).toHaveBeenLastCalledWith('The data was changed by someone else');

    mockFetch(() => envelope(null, { status: 400, code: 42, msg: '' }));
    await expect(client.request('health')).rejects.toThrow('Error');
    expect(effects.error).toHaveBeenLastCalledWith('Error');
    expect(effects.signOut).not.toHaveBeenCalled();
  });

  it('goes to the sign-on logout address after a failed /user/ call', async () => {
    storeTokens('old', { expired: false });
    mockFetch(({ url }) => {
      if (url.pathname === '/prod-api/public/config') return envelope(NO_SSO_CONFIG);
      return envelope(null, { status: 500, code: 500, msg: 'Internal error (request r1)' });
    });
    const { client, effects } = setup();

    await expect(client.request('dashboard')).rejects.toThrow('Internal error (request r1)');
    expect(effects.error).toHaveBeenCalledWith('Internal error (request r1)');
    await vi.waitFor(() => expect(effects.signOut).toHaveBeenCalledWith('/login'));
    expect(readAuth()).toBeUndefined();
  });

  it('leaves /user/ failures to callers that show errors inline, with the field errors', async () => {
    const errors = [{ field: 'newPassword', message: 'Password must be 8-16 characters' }];
    storeTokens('old', { expired: false });
    mockFetch(() => envelope({ errors }, { status: 400, code: 400, msg: 'Some fields are not valid' }));
    const { client, effects } = setup();

    const failure = client.request('passwordUpdate', {
      body: { oldPassword: 'old', newPassword: 'short' },
      inlineErrors: true,
    });
    await expect(failure).rejects.toMatchObject({
      code: 400,
      status: 400,
      msg: 'Some fields are not valid',
      fieldErrors: errors,
    });
    expect(effects.error).not.toHaveBeenCalled();
    expect(effects.signOut).not.toHaveBeenCalled();
    expect(readAuth()).toBeDefined();
  });

  it('uses the SSO addresses when single sign-on is configured', async () => {
    window.history.replaceState(null, '', '/api/content/publish/pubHistory?pageSize=10');
    storeTokens('old', { expired: false });
    const sso = {
      ...NO_SSO_CONFIG,
      ssoLoginUrl: 'https://sso.example.com/login',
      ssoLogoutUrl: 'https://sso.example.com/logout',
      systemId: 'pd',
      version: '1',
    };
    mockFetch(({ url }) => {
      if (url.pathname === '/prod-api/public/config') return envelope(sso);
      if (url.pathname.endsWith('/info')) return envelope(null, { status: 401, code: 101101, msg: 'x' });
      return envelope(null, { status: 401, code: 101102, msg: 'y' });
    });
    const { client, effects } = setup();
    const service = encodeURIComponent('http://localhost:3000/login');

    await expect(client.request('info')).rejects.toMatchObject({ code: 101101 });
    await vi.waitFor(() =>
      expect(effects.signOut).toHaveBeenLastCalledWith(
        `https://sso.example.com/logout?service=${service}&systemId=pd`,
      ),
    );
    await expect(client.request('dashboard')).rejects.toMatchObject({ code: 101102 });
    await vi.waitFor(() =>
      expect(effects.signOut).toHaveBeenLastCalledWith(
        `https://sso.example.com/login?service=${service}&systemId=pd`,
      ),
    );
    expect(effects.error).not.toHaveBeenCalled();
  });

  it('sends 101102 to the local login page coming back to the current path without SSO', async () => {
    window.history.replaceState(null, '', '/api/content/publish/pubHistory?pageSize=10');
    mockFetch(({ url }) => {
      if (url.pathname === '/prod-api/public/config') return envelope(NO_SSO_CONFIG);
      return envelope(null, { status: 401, code: 101102, msg: 'Please sign in' });
    });
    const { client, effects } = setup();

    await expect(client.request('info')).rejects.toMatchObject({ code: 101102 });
    await vi.waitFor(() =>
      expect(effects.signOut).toHaveBeenCalledWith(
        `/login?redirect=${encodeURIComponent('/api/content/publish/pubHistory?pageSize=10')}`,
      ),
    );
  });

  it('times out after 5 s with its message', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mockFetch(
      ({ signal }) =>
        new Promise<Response>((_, reject) => {
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const { client, effects } = setup();

    const failure = client.request('health');
    const assertion = expect(failure).rejects.toMatchObject({ kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(4999);
    expect(effects.error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
    expect(effects.error).toHaveBeenCalledWith(
      'The server did not answer within 5 seconds. Please try again.',
    );
  });

  describe('in the user’s language', () => {
    afterEach(() => changeLanguage('en'));

    it.each<[Language, string]>([
      ['zh', '服务器在 5 秒内没有响应，请重试。'],
      ['es', 'El servidor no respondió en 5 segundos. Inténtelo de nuevo.'],
      ['ja', 'サーバーが 5 秒以内に応答しませんでした。もう一度お試しください。'],
    ])(
      'says a time-out as a sentence in %s, not the raw "timeout of 5000ms exceeded"',
      async (lang, text) => {
        await changeLanguage(lang);
        vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
        mockFetch(
          ({ signal }) =>
            new Promise<Response>((_, reject) => {
              signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
            }),
        );
        const { client, effects } = setup();

        const assertion = expect(client.request('health')).rejects.toMatchObject({
          kind: 'timeout',
          message: text,
        });
        await vi.advanceTimersByTimeAsync(5000);
        await assertion;
        expect(effects.error).toHaveBeenCalledWith(text);
      },
    );
  });

  it('gives connecting a channel 180 s, time for the sandbox to start its Bluesky server', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mockFetch(
      ({ signal }) =>
        new Promise<Response>((_, reject) => {
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const { client } = setup();
    const body = { departmentId: 3, identifier: 'ada.bsky.social', appPassword: 'abcd-efgh-ijkl-mnop' };

    let settled = false;
    const failure = client.request('channelConnectBluesky', { body, inlineErrors: true });
    failure.catch(() => undefined).finally(() => (settled = true));
    const assertion = expect(failure).rejects.toMatchObject({
      kind: 'timeout',
      message: 'The server did not answer within 180 seconds. Please try again.',
    });
    await vi.advanceTimersByTimeAsync(179_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
  });

  it('reports a network failure with its message', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { client, effects } = setup();

    await expect(client.request('health')).rejects.toMatchObject({ kind: 'network', status: 0 });
    expect(effects.error).toHaveBeenCalledWith('Network Error');
  });

  it('stays quiet when the caller cancels', async () => {
    mockFetch(
      ({ signal }) =>
        new Promise<Response>((_, reject) => {
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const { client, effects } = setup();
    const controller = new AbortController();

    const failure = client.request('health', { signal: controller.signal });
    controller.abort();
    await expect(failure).rejects.toMatchObject({ name: 'AbortError' });
    expect(effects.error).not.toHaveBeenCalled();
  });

  it('shows nothing for silent calls and logs shown failures in the error log', async () => {
    useErrorLogStore.setState({ enabled: true, entries: [] });
    mockFetch(() => envelope(null, { status: 404, code: 404, msg: 'Not found' }));
    const { client, effects } = setup();

    await expect(client.request('health', { silent: true })).rejects.toThrow('Not found');
    expect(effects.error).not.toHaveBeenCalled();
    expect(useErrorLogStore.getState().entries).toHaveLength(0);

    await expect(client.request('health')).rejects.toThrow('Not found');
    expect(useErrorLogStore.getState().entries).toMatchObject([
      { message: 'Not found', info: 'GET /health -> 404 404' },
    ]);
  });
});
