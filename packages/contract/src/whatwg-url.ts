/**
 * The WHATWG URL API, which browsers and Node both give, seen through the few members the
 * contract uses: the contract compiles with neither the DOM's types nor Node's, and a global
 * declaration here would clash with theirs where the web and the server compile it.
 */
export interface WhatwgSearchParams {
  has(name: string): boolean;
  get(name: string): string | null;
  getAll(name: string): string[];
  entries(): IterableIterator<[string, string]>;
  toString(): string;
}

export interface WhatwgUrl {
  readonly href: string;
  readonly origin: string;
  readonly protocol: string;
  readonly pathname: string;
  readonly hash: string;
  readonly searchParams: WhatwgSearchParams;
}

interface UrlApi {
  new (url: string, base?: string): WhatwgUrl;
  /** null where `new URL` would throw. */
  parse(url: string, base?: string): WhatwgUrl | null;
}

interface SearchParamsApi {
  new (init?: readonly (readonly [string, string])[] | string): WhatwgSearchParams;
}

const api = globalThis as unknown as { URL: UrlApi; URLSearchParams: SearchParamsApi };

export const WhatwgURL: UrlApi = api.URL;
export const WhatwgURLSearchParams: SearchParamsApi = api.URLSearchParams;
