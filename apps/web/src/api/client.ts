import type { PublicConfig, TokenPair } from '@postdeck/contract/auth';
import { API_BASE, REQUEST_TIMEOUT_MS } from '@postdeck/contract/constants';
import { ENDPOINT_ROUTES, type EndpointRoute } from '@postdeck/contract/endpoint-routes';
import type { BodyOf, DataOf, EndpointName, QueryOf } from '@postdeck/contract/endpoints';
import type { ErrorEnvelope, FieldError } from '@postdeck/contract/envelope';
import { ERROR_CODES, actionForCode, type ErrorAction } from '@postdeck/contract/error-codes';
import { PUBLIC } from '@postdeck/contract/permissions';
import { currentLanguage, i18n } from '../i18n/i18n';
import { useErrorLogStore } from '../stores/error-log-store';
import { type StoredAuth, clearAuth, isAccessExpired, readAuth, saveAuth } from '../utils/auth-cookie';
import { ApiError } from './api-error';
import { NO_SSO, ssoLoginAddress, ssoLogoutAddress } from './sign-on';

export interface ConfirmOptions {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
  onOk: () => void;
  onCancel: () => void;
}

/**
 * What the client needs from the user interface. The App registers an implementation backed
 * by antd's App.useApp(); tests register spies.
 */
export interface ClientEffects {
  /** A red message for MESSAGE_DURATION_S seconds. */
  error(text: string): void;
  /** The spec §8 'confirm logout' box. */
  confirm(options: ConfirmOptions): void;
  /** The session is over (the cookie is already cleared): reset the app and go to `address`. */
  signOut(address: string): void;
}

type HasNo<T> = [T] extends [undefined] ? true : false;
type BodyPart<N extends EndpointName> =
  HasNo<BodyOf<N>> extends true ? { body?: undefined } : { body: BodyOf<N> };
type QueryPart<N extends EndpointName> =
  HasNo<QueryOf<N>> extends true ? { query?: undefined } : { query: QueryOf<N> };

export type RequestOptions<N extends EndpointName> = BodyPart<N> &
  QueryPart<N> & {
    signal?: AbortSignal;
    /**
     * The caller shows message and field errors itself (the login and password forms): no red
     * message and no sign-on redirect for /user/ calls. Session actions (re-login box, sign-on
     * redirects) still happen.
     */
    inlineErrors?: boolean;
    /** The caller handles every failure itself, session ones included (the navigation guard). */
    silent?: boolean;
    /**
     * Nobody asked for this call just now (a poll). Once the user chose 'cancel' in the
     * confirm-logout box, such calls are not sent and fail quietly, so the box does not come
     * back by itself (spec §8: cancel stays on the page).
     */
    background?: boolean;
  };

export type RequestArgs<N extends EndpointName> =
  HasNo<BodyOf<N>> extends true
    ? HasNo<QueryOf<N>> extends true
      ? [options?: RequestOptions<N>]
      : [options: RequestOptions<N>]
    : [options: RequestOptions<N>];

export interface ApiClient {
  /** Calls an endpoint of the contract table; resolves with the envelope's `data`. */
  request<N extends EndpointName>(name: N, ...args: RequestArgs<N>): Promise<DataOf<N>>;
  /**
   * Calls an endpoint that answers a file instead of the envelope (the audit CSV export) and
   * resolves with its bytes; the session handling and error display are request's.
   */
  download<N extends EndpointName>(name: N, ...args: RequestArgs<N>): Promise<Blob>;
  /** Registers the UI; returns the function that unregisters it, giving back the previous one. */
  setEffects(effects: ClientEffects): () => void;
  /** Shows an error the way the client shows its own (used by the navigation guard). */
  notify(text: string): void;
  /** Single sign-on settings, read once from GET /public/config. */
  publicConfig(): Promise<PublicConfig>;
  /** The sign-on 'login' or 'logout' address for the current page. */
  signOnAddress(kind: 'login' | 'logout'): Promise<string>;
}

export interface ApiClientDeps {
  fetch?: typeof fetch;
  now?: () => number;
}

interface SendOptions {
  body?: unknown;
  query?: Record<string, unknown> | undefined;
  signal?: AbortSignal | undefined;
  /** Read a successful answer as a file (Blob); failures still come as the envelope. */
  file?: boolean;
}

type LooseOptions = SendOptions & { inlineErrors?: boolean; silent?: boolean; background?: boolean };

/**
 * Development builds check each answer against its response schema; the schemas load on the
 * first answer, so production builds never load them.
 */
function warnIfOffContract(name: EndpointName, data: unknown): void {
  void import('@postdeck/contract/endpoints').then(({ endpoints }) => {
    const checked = endpoints[name].response.safeParse(data);
    if (!checked.success)
      console.warn(`${endpoints[name].path}: answer differs from the contract`, checked.error);
  });
}

/** Used until the App registers its own: plain browser dialogs, so nothing is lost. */
const browserEffects: ClientEffects = {
  error: (text) => console.error(text),
  confirm: ({ content, onOk, onCancel }) => (window.confirm(content) ? onOk() : onCancel()),
  signOut: (address) => window.location.assign(address),
};

const t = i18n.t.bind(i18n);

const withTabLock = <T>(fn: () => Promise<T>): Promise<T> =>
  typeof navigator !== 'undefined' && navigator.locks
    ? navigator.locks.request('postdeck-token-refresh', fn)
    : fn();

function buildUrl(path: string, query: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

interface LooseEnvelope {
  code: number;
  msg: string;
  data: unknown;
}

function readEnvelope(payload: unknown): LooseEnvelope | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { code, msg, data } = payload as Record<string, unknown>;
  if (typeof code !== 'number') return undefined;
  return { code, msg: typeof msg === 'string' ? msg : '', data };
}

/** Spec §8: the text shown for a failed answer. */
function answerText(status: number, envelope: LooseEnvelope | undefined): string {
  if (status === 502) return t('request.restarting');
  // A more specific code on a 403 (a disabled account) keeps the server's own sentence.
  if (status === 403 && (!envelope || envelope.code === ERROR_CODES.forbidden.code)) {
    return t('request.noPermission');
  }
  if (envelope) return envelope.msg || t('request.error');
  return status >= 400 ? t('request.httpStatus', { status }) : t('request.error');
}

/**
 * The details of a failed answer (ErrorEnvelope in the contract), read without zod: the client
 * does not load the schemas to read an error, and takes only fields of the right kind.
 */
function errorDetails(data: unknown): ErrorEnvelope['data'] {
  if (typeof data !== 'object' || data === null) return null;
  const { errors, retryAfterSeconds, requestId } = data as Record<string, unknown>;
  const isFieldError = (item: unknown): item is FieldError =>
    typeof item === 'object' &&
    item !== null &&
    typeof (item as FieldError).field === 'string' &&
    typeof (item as FieldError).message === 'string';
  return {
    errors: Array.isArray(errors) ? errors.filter(isFieldError) : undefined,
    retryAfterSeconds: typeof retryAfterSeconds === 'number' ? retryAfterSeconds : undefined,
    requestId: typeof requestId === 'string' ? requestId : undefined,
  };
}

function answerError(status: number, envelope: LooseEnvelope | undefined): ApiError {
  const extra = envelope ? errorDetails(envelope.data) : null;
  return new ApiError({
    kind: envelope ? 'api' : 'http',
    status,
    code: envelope?.code ?? 0,
    msg: envelope?.msg ?? '',
    message: answerText(status, envelope),
    fieldErrors: extra?.errors,
    retryAfterSeconds: extra?.retryAfterSeconds,
    requestId: extra?.requestId,
    data: envelope?.data,
  });
}

/** The catalogue's sentences load only when one is needed: no page's first paint waits for them. */
async function signedOutError(): Promise<ApiError> {
  const { ERRORS } = await import('@postdeck/contract/errors');
  const msg = ERRORS.notSignedIn.msg[currentLanguage()];
  return new ApiError({ kind: 'api', status: 401, code: ERRORS.notSignedIn.code, msg, message: msg });
}

/** The client action for a failure (contract catalogue); a failure without an envelope is shown. */
function actionFor(error: ApiError): ErrorAction {
  if (error.kind !== 'api') return 'message';
  const action = actionForCode(error.code);
  // 101103 again after a refresh and replay: this session cannot be used, sign in again.
  return action === 'refresh' ? 'sso-login' : action;
}

export function createApiClient(deps: ApiClientDeps = {}): ApiClient {
  // Late-bound so tests can stub the global fetch after the client exists.
  const fetchImpl: typeof fetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = deps.now ?? Date.now;
  let effects = browserEffects;
  let refreshing: Promise<StoredAuth> | undefined;
  let config: Promise<PublicConfig> | undefined;
  let confirmOpen = false;
  /**
   * The session the user chose to stay on at the confirm-logout box, by its refresh token, and
   * the failure that ended it. Calls the user starts (a page, a save) still go out and show the
   * box again; background calls stay quiet. A new session (signing in again, in any tab) ends it.
   */
  let stayed: { refreshToken: string | undefined; error: ApiError } | undefined;
  const stayingOnDeadSession = () => stayed !== undefined && stayed.refreshToken === readAuth()?.refreshToken;

  async function send(name: EndpointName, options: SendOptions, token?: string): Promise<unknown> {
    const endpoint: EndpointRoute = ENDPOINT_ROUTES[name];
    const timeoutMs = endpoint.timeoutMs ?? REQUEST_TIMEOUT_MS;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const callerSignal = options.signal;
    const forwardAbort = () => controller.abort(callerSignal?.reason);
    if (callerSignal?.aborted) forwardAbort();
    else callerSignal?.addEventListener('abort', forwardAbort, { once: true });

    const headers: Record<string, string> = {
      Accept: options.file ? '*/*' : 'application/json',
      'Accept-Language': currentLanguage(),
    };
    if (token) headers['Authorization'] = `Bearer ${token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }

    let response: Response;
    let payload: unknown;
    let file: Blob | undefined;
    try {
      response = await fetchImpl(buildUrl(endpoint.path, options.query), {
        method: endpoint.method,
        headers,
        body,
        signal: controller.signal,
        credentials: 'same-origin',
      });
      if (options.file && response.ok) file = await response.blob();
      else payload = await readJson(response);
    } catch (error) {
      if (timedOut) {
        const message = t('request.timeout', { seconds: Math.round(timeoutMs / 1000) });
        throw new ApiError({ kind: 'timeout', status: 0, code: 0, msg: '', message });
      }
      // The caller cancelled (TanStack Query does on unmount): not a failure to report.
      if (callerSignal?.aborted) throw error;
      throw new ApiError({
        kind: 'network',
        status: 0,
        code: 0,
        msg: '',
        message: t('request.networkError'),
      });
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', forwardAbort);
    }

    if (file) return file;
    const envelope = readEnvelope(payload);
    if (!response.ok || envelope?.code !== 200) throw answerError(response.status, envelope);
    if (import.meta.env.DEV) warnIfOffContract(name, envelope.data);
    return envelope.data;
  }

  /**
   * One refresh at a time: callers that arrive meanwhile wait for it and use its token. Tabs
   * share the cookie, so the refresh also holds a cross-tab lock and first re-reads the
   * cookie: a tab that waited uses the token another tab just got instead of presenting the
   * rotated refresh token again (which the server would treat as theft).
   */
  function refreshOnce(rejected: string | undefined): Promise<StoredAuth> {
    refreshing ??= withTabLock(async () => {
      const auth = readAuth();
      if (!auth) throw await signedOutError();
      if (auth.accessToken !== rejected && !isAccessExpired(auth, now())) return auth;
      const query = { refreshToken: auth.refreshToken };
      const pair = (await send('refreshToken', { query }, undefined)) as TokenPair;
      return saveAuth(pair, now());
    }).finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  async function validAuth(): Promise<StoredAuth | undefined> {
    const auth = readAuth();
    if (!auth || !isAccessExpired(auth, now())) return auth;
    return refreshOnce(auth.accessToken);
  }

  /** After a 101103: reuse a token another call refreshed meanwhile, else refresh. */
  const authAfterRejection = (rejected: string | undefined) => refreshOnce(rejected);

  async function authorisedSend(name: EndpointName, options: SendOptions): Promise<unknown> {
    const endpoint: EndpointRoute = ENDPOINT_ROUTES[name];
    if (endpoint.permission === PUBLIC) return send(name, options);
    // Spec §7: message calls skip the expiry check (they poll every 5 s and must not refresh).
    const auth = endpoint.path.includes('/infor/') ? readAuth() : await validAuth();
    try {
      return await send(name, options, auth?.accessToken);
    } catch (error) {
      const expired =
        error instanceof ApiError && error.kind === 'api' && actionForCode(error.code) === 'refresh';
      if (!expired) throw error;
      // The server saw the token expire before our clock did: refresh once and replay once.
      const fresh = await authAfterRejection(auth?.accessToken);
      return send(name, options, fresh.accessToken);
    }
  }

  function publicConfig(): Promise<PublicConfig> {
    config ??= (send('publicConfig', {}) as Promise<PublicConfig>).catch(() => {
      config = undefined;
      return NO_SSO;
    });
    return config;
  }

  async function signOnAddress(kind: 'login' | 'logout'): Promise<string> {
    const settings = await publicConfig();
    const { origin, pathname, search, hash } = window.location;
    return kind === 'login'
      ? ssoLoginAddress(settings, origin, pathname + search + hash)
      : ssoLogoutAddress(settings, origin);
  }

  async function signOut(kind: 'login' | 'logout'): Promise<void> {
    clearAuth();
    effects.signOut(await signOnAddress(kind));
  }

  function confirmRelogin(error: ApiError): void {
    if (confirmOpen) return;
    confirmOpen = true;
    effects.confirm({
      title: t('request.confirmTitle'),
      content: t('request.confirmContent'),
      okText: t('request.relogin'),
      cancelText: t('request.cancel'),
      onOk: () => {
        confirmOpen = false;
        stayed = undefined;
        void signOut('logout');
      },
      onCancel: () => {
        confirmOpen = false;
        stayed = { refreshToken: readAuth()?.refreshToken, error };
      },
    });
  }

  /** A background call on the session the user chose to stay on fails at once, already handled. */
  function sendUnlessStaying(name: EndpointName, options: LooseOptions): Promise<unknown> {
    if (options.background && stayed && stayingOnDeadSession()) return Promise.reject(stayed.error);
    return authorisedSend(name, options);
  }

  function handleFailure(error: ApiError, endpoint: EndpointRoute, options: LooseOptions) {
    if (options.silent || error.handled) return;
    const action = actionFor(error);
    const ownedByCaller = options.inlineErrors && (action === 'message' || action === 'fields');
    if (ownedByCaller) return;
    error.handled = true;
    // A poll that was under way when the user chose to stay: not worth a box nor a log entry.
    if (action === 'confirm-relogin' && options.background && stayingOnDeadSession()) return;
    useErrorLogStore.getState().add({
      message: error.message,
      info: `${endpoint.method} ${endpoint.path} -> ${error.status || error.kind} ${error.code || ''}`.trim(),
      stack: error.stack,
    });
    switch (action) {
      case 'confirm-relogin':
        return confirmRelogin(error);
      case 'sso-login':
        return void signOut('login');
      case 'sso-logout':
        return void signOut('logout');
      default:
        effects.error(error.message);
        // Spec §8: a failed answer from a /user/ call means the session is unusable.
        if (error.kind === 'api' && endpoint.path.includes('/user/')) void signOut('logout');
    }
  }

  async function request<N extends EndpointName>(name: N, ...[options]: RequestArgs<N>): Promise<DataOf<N>> {
    const endpoint: EndpointRoute = ENDPOINT_ROUTES[name];
    // The typed signature has checked the input; inside, one loose shape serves every endpoint.
    const opts: LooseOptions = (options as LooseOptions | undefined) ?? {};
    try {
      return (await sendUnlessStaying(name, opts)) as DataOf<N>;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      handleFailure(error, endpoint, opts);
      throw error;
    }
  }

  async function download<N extends EndpointName>(name: N, ...[options]: RequestArgs<N>): Promise<Blob> {
    const endpoint: EndpointRoute = ENDPOINT_ROUTES[name];
    const opts: LooseOptions = { ...(options as LooseOptions | undefined), file: true };
    try {
      return (await sendUnlessStaying(name, opts)) as Blob;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      handleFailure(error, endpoint, opts);
      throw error;
    }
  }

  return {
    request,
    download,
    setEffects(next) {
      // Unregistering gives back what was there before (the app's deferred effects, app/).
      const previous = effects;
      effects = next;
      return () => {
        if (effects === next) effects = previous;
      };
    },
    notify: (text) => effects.error(text),
    publicConfig,
    signOnAddress,
  };
}

export const apiClient = createApiClient();
export const request = apiClient.request;
export const download = apiClient.download;
