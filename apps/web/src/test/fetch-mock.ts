import type { UserInfo } from '@postdeck/contract/auth';
import { vi } from 'vitest';

export interface MockRequest {
  url: URL;
  method: string;
  headers: Headers;
  body: unknown;
  signal: AbortSignal | undefined;
}

export type MockHandler = (request: MockRequest) => Response | Promise<Response>;

export function envelope(
  data: unknown,
  { status = 200, code = 200, msg = 'success' }: { status?: number; code?: number; msg?: string } = {},
): Response {
  return new Response(JSON.stringify({ code, msg, data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Stubs the global fetch with a handler that sees parsed requests; returns the spy. */
export function mockFetch(handler: MockHandler) {
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const text = typeof init?.body === 'string' ? init.body : undefined;
    return handler({
      url: new URL(String(input), 'http://localhost'),
      method: init?.method ?? 'GET',
      headers,
      body: text === undefined ? undefined : JSON.parse(text),
      signal: init?.signal ?? undefined,
    });
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

export const calls = (spy: ReturnType<typeof mockFetch>, path: string) =>
  spy.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === path);

export const NO_SSO_CONFIG = {
  ssoLoginUrl: null,
  ssoLogoutUrl: null,
  oidc: false,
  systemId: 'postdeck',
  version: '0.1.0',
  sandbox: false,
};

export const USER_INFO: UserInfo = {
  id: 1,
  account: 'admin',
  name: 'Ada Admin',
  avatar: '',
  introduction: '',
  roles: ['admin'],
  permissions: [],
  department: { id: 1, name: 'Newsroom' },
  mustChangePassword: false,
};

export const tokenPair = (name: string) => ({
  accessToken: `access-${name}`,
  refreshToken: `refresh-${name}`,
  expireIn: 7200,
  refreshExpireIn: 604800,
});
