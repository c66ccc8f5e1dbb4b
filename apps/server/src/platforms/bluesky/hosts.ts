/**
 * Bluesky's hosts, apart from the adapter so the platform registry can name them without loading
 * @atproto/api (about 60 MB) before anyone connects a Bluesky account.
 */
export const DEFAULT_BLUESKY_HOSTS = {
  /** Where app-password sessions start (the entryway); calls then go to the PDS it names. */
  service: 'https://bsky.social',
  /** Public post pages: <appUrl>/profile/<handle>/post/<rkey>. */
  appUrl: 'https://bsky.app',
  videoService: 'https://video.bsky.app',
  /** Counts (getPosts) come from the appview; the public one needs no session. */
  appView: 'https://public.api.bsky.app',
};
