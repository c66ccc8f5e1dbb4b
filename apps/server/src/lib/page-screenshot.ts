import type { Browser, BrowserContext } from 'playwright-core';
import { chromiumLaunchOptions } from './chromium.ts';
import { compileAllowList } from './safe-fetch/allow-list.ts';
import { type BrowserProxy, startBrowserProxy } from './safe-fetch/browser-proxy.ts';
import { UrlFetchError } from './safe-fetch/errors.ts';
import { type Resolver, resolveTarget, systemResolver } from './safe-fetch/resolve.ts';
import { checkUrl } from './safe-fetch/url-policy.ts';

/** Why a page could not be photographed; the contract's screenshot reasons name the same cases. */
export type PageScreenshotFailure =
  'refused' | 'unreachable' | 'httpStatus' | 'timeout' | 'tooLarge' | 'browser';

export class PageScreenshotError extends Error {
  readonly reason: PageScreenshotFailure;
  constructor(reason: PageScreenshotFailure, message: string) {
    super(message);
    this.name = 'PageScreenshotError';
    this.reason = reason;
  }
}

export interface PageScreenshotOptions {
  /** Entries whose non-public addresses the page may reach (the sandbox's servers, CHANNEL_ALLOW_PRIVATE). */
  allow?: readonly string[];
  /** The whole job: launch, load, picture. */
  timeoutMs?: number;
  /** Bytes the page may receive, every request together. */
  maxBytes?: number;
  resolver?: Resolver;
}

export const PAGE_SCREENSHOT_TIMEOUT_MS = 30_000;
export const PAGE_SCREENSHOT_MAX_BYTES = 32 * 1024 * 1024;
const VIEWPORT = { width: 1280, height: 960 };
// Media of a page that never stops loading (a live stream) must not hold the picture back.
const LOAD_WAIT_MS = 10_000;
// WebRTC would otherwise open UDP straight to any address a page names, past the proxy.
const EXTRA_ARGS = ['--force-webrtc-ip-handling-policy=disable_non_proxied_udp'];

const REFUSED = new Set(['scheme', 'credentials', 'port', 'address']);

function fromFetchError(error: unknown): PageScreenshotError {
  if (!(error instanceof UrlFetchError))
    return new PageScreenshotError('unreachable', error instanceof Error ? error.message : String(error));
  if (REFUSED.has(error.reason)) return new PageScreenshotError('refused', error.message);
  if (error.reason === 'too_large') return new PageScreenshotError('tooLarge', error.message);
  if (error.reason === 'timeout') return new PageScreenshotError('timeout', error.message);
  return new PageScreenshotError('unreachable', error.message);
}

/** The browser's own words, without Playwright's call log. */
const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 300) ?? '';

/**
 * A PNG of a public web page (the proof that a post is online), taken in Debian's chromium so
 * that the browser opens only the page it was asked for (attacks-and-races.md): the address is
 * judged by the safe-fetch policy before anything starts; every request the page makes is judged
 * again by a route handler (no file:, no loopback, no private ranges), and every connection,
 * redirects included, goes through a proxy that pins the judged addresses and counts the bytes;
 * downloads are refused and service workers blocked. Time and size are bounded, and the browser
 * (its context, its temporary profile) is closed whatever happens.
 */
export async function screenshotPage(url: string, options: PageScreenshotOptions = {}): Promise<Buffer> {
  const timeoutMs = options.timeoutMs ?? PAGE_SCREENSHOT_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  const left = () => Math.max(1, deadline - Date.now());
  const entries = options.allow ?? [];
  const allow = compileAllowList(entries);
  const resolver = options.resolver ?? systemResolver;
  const signal = AbortSignal.timeout(timeoutMs);

  try {
    await resolveTarget(checkUrl(url, allow), allow, resolver, signal);
  } catch (error) {
    throw fromFetchError(error);
  }

  const refused: { url: string; message: string }[] = [];
  const verdicts = new Map<string, Promise<string | null>>();
  /** Null when the request may go; otherwise why not. Cached per origin: a page asks many times. */
  const judge = (target: string): Promise<string | null> => {
    const parsed = URL.parse(target);
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
      return Promise.resolve(`scheme ${parsed?.protocol ?? '?'} is not allowed`);
    let verdict = verdicts.get(parsed.origin);
    if (!verdict) {
      verdict = Promise.resolve()
        .then(() => resolveTarget(checkUrl(parsed, allow), allow, resolver, signal))
        .then(
          () => null,
          (error: unknown) => firstLine(error),
        );
      verdicts.set(parsed.origin, verdict);
    }
    return verdict;
  };

  let browser: Browser | undefined;
  const proxy: BrowserProxy = await startBrowserProxy({
    allow: entries,
    maxBytes: options.maxBytes ?? PAGE_SCREENSHOT_MAX_BYTES,
    onOverLimit: () => void browser?.close().catch(() => undefined),
    resolver,
  });
  let context: BrowserContext | undefined;
  let timedOut = false;
  // Closing the browser makes whatever call is waiting on it fail at once.
  const timer = setTimeout(() => {
    timedOut = true;
    void browser?.close().catch(() => undefined);
  }, timeoutMs);
  const failure = (error: unknown): PageScreenshotError => {
    if (error instanceof PageScreenshotError) return error;
    if (proxy.overLimit) return new PageScreenshotError('tooLarge', 'the page is larger than allowed');
    if (timedOut || (error instanceof Error && error.name === 'TimeoutError'))
      return new PageScreenshotError('timeout', `no picture within ${Math.round(timeoutMs / 1000)} s`);
    const refusal = proxy.refusals.at(-1) ?? refused.at(-1);
    if (refusal) return new PageScreenshotError('refused', `${refusal.url}: ${refusal.message}`);
    const message = firstLine(error);
    if (/download is starting/i.test(message))
      return new PageScreenshotError('refused', 'the address is a download, not a page');
    return new PageScreenshotError('unreachable', message);
  };

  try {
    try {
      // Loaded on first use: most processes never take a screenshot.
      const { chromium } = await import('playwright-core');
      browser = await chromium.launch({
        ...chromiumLaunchOptions(EXTRA_ARGS),
        proxy: { server: proxy.server },
        timeout: left(),
      });
    } catch (error) {
      throw timedOut ? failure(error) : new PageScreenshotError('browser', firstLine(error));
    }
    context = await browser.newContext({
      acceptDownloads: false,
      serviceWorkers: 'block',
      viewport: VIEWPORT,
      locale: 'en-US',
      reducedMotion: 'reduce',
    });
    await context.route('**/*', async (route) => {
      const target = route.request().url();
      const refusal = await judge(target);
      if (refusal) refused.push({ url: target, message: refusal });
      // The page may be closing already: a request it no longer waits for needs no answer.
      await (refusal ? route.abort('blockedbyclient') : route.continue()).catch(() => undefined);
    });
    const page = await context.newPage();
    const response = await page.goto(url, { waitUntil: 'domcontentloaded', timeout: left() });
    if (!response) throw new PageScreenshotError('unreachable', 'the page gave no answer');
    if (response.status() >= 400) {
      const refusal = proxy.refusals.find((r) => r.url === response.url());
      throw refusal
        ? new PageScreenshotError('refused', `${refusal.url}: ${refusal.message}`)
        : new PageScreenshotError('httpStatus', `HTTP ${response.status()}`);
    }
    await page.waitForLoadState('load', { timeout: Math.min(left(), LOAD_WAIT_MS) }).catch(() => undefined);
    const png = await page.screenshot({
      type: 'png',
      timeout: left(),
      animations: 'disabled',
      caret: 'hide',
    });
    // A page cut short is no proof of what it shows.
    if (proxy.overLimit) throw new PageScreenshotError('tooLarge', 'the page is larger than allowed');
    return png;
  } catch (error) {
    throw failure(error);
  } finally {
    clearTimeout(timer);
    await context?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await proxy.close();
  }
}
