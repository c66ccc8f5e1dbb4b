import type { SandboxPlatform } from '../sandbox.ts';

/**
 * The sandbox's GA4 reports count the links its other servers' posts carry (issue 23): each time
 * a server starts, the Google server (the one serving GA4's Data API, its `data` host) is told
 * every other running server's post list (`/__fake/posts`, which every fake has), and reads them
 * at each report, so a link published with UTM tags brings sessions from that day on. A server
 * without such a list (Bluesky's PDS) is skipped by the Google server when it answers 404.
 */
export async function feedSandboxTraffic(running: Iterable<SandboxPlatform>): Promise<void> {
  const platforms = [...running];
  const analytics = platforms.find((platform) => platform.hosts['data'] && platform.hosts['admin']);
  if (!analytics) return;
  const own = new URL(analytics.hosts['data'] ?? '').origin;
  // A server is named by its hosts, or, where the user types its address (Mastodon's instance), by its hints.
  const addresses = (platform: SandboxPlatform) => [
    ...Object.values(platform.hosts),
    ...Object.values(platform.hints ?? {}).filter((hint) => /^https?:\/\//.test(hint)),
  ];
  const origins = new Set(
    platforms.flatMap((platform) => addresses(platform).map((host) => new URL(host).origin)),
  );
  // Its own posts (YouTube's) the Google server reads itself.
  origins.delete(own);
  await fetch(new URL('/__fake/analytics/feeds', own), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ feeds: [...origins].map((origin) => `${origin}/__fake/posts`) }),
    signal: AbortSignal.timeout(5000),
  });
}
