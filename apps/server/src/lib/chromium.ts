/**
 * The one place that says how Postdeck starts Debian's chromium (DESIGN.md §2): the publication
 * screenshots, the manual's PDF, the end-to-end runner and Lighthouse all launch it from here, so
 * a flag fixed for one is fixed for all. Kept free of Playwright's types: the web app's e2e
 * config and a plain script import it too.
 */

/** CHROMIUM_PATH, else where Debian's package puts it; no browser is ever downloaded. */
export const chromiumPath = (env: Record<string, string | undefined> = process.env): string =>
  env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/**
 * Flags for a browser that runs unattended on a server: no sandbox (containers seldom allow
 * its namespaces), no GPU, and none of the traffic a browser makes on its own (updates, sync,
 * field trials, QUIC probes), which would reach the network behind the caller's back.
 * Headless is Playwright's `headless` option rather than a flag here, so `playwright test
 * --headed` can still show the e2e browser.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Options for Playwright's `chromium.launch()`. Each launch gets a fresh temporary profile
 * (user data dir) from Playwright, removed when the browser closes: nothing one page stored
 * (cookies, caches, service workers) is seen by the next.
 */
export function chromiumLaunchOptions(extraArgs: readonly string[] = []) {
  return {
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  };
}
