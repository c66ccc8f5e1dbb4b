import { CHANNEL_PLATFORMS, type ChannelPlatform } from '@postdeck/contract/platforms';
import { z } from 'zod';
import { parseAllowList } from './lib/safe-fetch/allow-list.ts';

/**
 * The settings of the channel platforms (issue 12), read with the rest of the environment by
 * config.ts. README: 'Channels and the sandbox'.
 */

const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema);
const credential = unsetIfEmpty(z.string().max(512).optional());

/**
 * The app credentials each OAuth platform needs: Facebook's serve Instagram too, Google's YouTube
 * and GA4. VK ID's code exchange and refresh take PKCE and the client id, never a secret
 * (platforms.md §5), so VK asks for its id alone.
 */
export const APP_CREDENTIALS = {
  facebook: ['FACEBOOK_APP_ID', 'FACEBOOK_APP_SECRET'],
  instagram: ['FACEBOOK_APP_ID', 'FACEBOOK_APP_SECRET'],
  youtube: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ga4: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  x: ['X_CLIENT_ID', 'X_CLIENT_SECRET'],
  vk: ['VK_CLIENT_ID'],
  linkedin: ['LINKEDIN_CLIENT_ID', 'LINKEDIN_CLIENT_SECRET'],
  tiktok: ['TIKTOK_CLIENT_KEY', 'TIKTOK_CLIENT_SECRET'],
} as const satisfies Partial<Record<ChannelPlatform, readonly [string, string] | readonly [string]>>;

type CredentialVar = (typeof APP_CREDENTIALS)[keyof typeof APP_CREDENTIALS][number];
const credentialVars = [...new Set(Object.values(APP_CREDENTIALS).flat())] as CredentialVar[];
const hostVar = (platform: ChannelPlatform) => `CHANNEL_HOSTS_${platform.toUpperCase()}`;

export const channelEnvFields = {
  /**
   * sandbox: every platform on the local servers started in-process; live: the platforms' own
   * hosts; auto (default): sandbox unless some platform's app credentials are set.
   */
  CHANNELS_MODE: z.enum(['auto', 'sandbox', 'live']).default('auto'),
  ...(Object.fromEntries(credentialVars.map((name) => [name, credential])) as Record<
    CredentialVar,
    typeof credential
  >),
  /**
   * A platform's hosts as JSON, e.g. CHANNEL_HOSTS_FACEBOOK={"graphBase":"https://graph.facebook.com"}:
   * each adapter's DEFAULT_*_HOSTS names the keys. Mastodon takes none (its host is the instance).
   */
  ...(Object.fromEntries(
    CHANNEL_PLATFORMS.map((platform) => [hostVar(platform), unsetIfEmpty(z.string().max(4096).optional())]),
  ) as Record<string, z.ZodType<string | undefined>>),
  /**
   * Hosts, host:port pairs or CIDRs that the platforms' calls may reach although private, as
   * FETCH_ALLOW_PRIVATE (a company's own Mastodon); comma-separated. Empty: public addresses only,
   * besides the sandbox's servers and the CHANNEL_HOSTS_* chosen here.
   */
  CHANNEL_ALLOW_PRIVATE: z.string().default(''),
};

export interface AppCredentials {
  clientId: string;
  /** Empty for VK, whose OAuth takes none. */
  clientSecret: string;
}

export interface ChannelsConfig {
  sandbox: boolean;
  /**
   * Where platforms send the browser back: PUBLIC_URL + /authOpen; without PUBLIC_URL, undefined,
   * and each connection comes back to the origin it was started from.
   */
  redirectUri: string | undefined;
  /** The app credentials of each OAuth platform that has them. */
  credentials: Partial<Record<ChannelPlatform, AppCredentials>>;
  /** CHANNEL_ALLOW_PRIVATE's entries (allow-list.ts); none: only public addresses besides the hosts. */
  allowPrivate?: readonly string[] | undefined;
  /** Host overrides per platform (live mode; the sandbox sets its own). */
  hosts: Partial<Record<ChannelPlatform, Record<string, string>>>;
}

export function readChannelsConfig(
  env: Record<string, unknown>,
  publicOrigin: string | undefined,
): { config?: ChannelsConfig; issues: string[] } {
  const issues: string[] = [];
  const credentials: ChannelsConfig['credentials'] = {};
  for (const [platform, vars] of Object.entries(APP_CREDENTIALS)) {
    const [idVar, secretVar] = vars as readonly [CredentialVar, CredentialVar?];
    const clientId = env[idVar] as string | undefined;
    const clientSecret = secretVar ? (env[secretVar] as string | undefined) : '';
    if (clientId && clientSecret !== undefined)
      credentials[platform as ChannelPlatform] = { clientId, clientSecret };
    else if (secretVar && (clientId || clientSecret))
      issues.push(`${clientId ? secretVar : idVar}: required with ${clientId ? idVar : secretVar}`);
  }
  const hosts: ChannelsConfig['hosts'] = {};
  for (const platform of CHANNEL_PLATFORMS) {
    const raw = env[hostVar(platform)] as string | undefined;
    if (!raw) continue;
    const parsed = hostsSchema.safeParse(parseJson(raw));
    if (parsed.success) hosts[platform] = parsed.data;
    else issues.push(`${hostVar(platform)}: must be a JSON object of host names to http(s) addresses`);
  }
  let allowPrivate: string[] = [];
  try {
    allowPrivate = parseAllowList(env['CHANNEL_ALLOW_PRIVATE'] as string | undefined);
  } catch (error) {
    issues.push(`CHANNEL_ALLOW_PRIVATE: ${(error as Error).message}`);
  }
  const mode = env['CHANNELS_MODE'] as 'auto' | 'sandbox' | 'live';
  const sandbox = mode === 'sandbox' || (mode === 'auto' && Object.keys(credentials).length === 0);
  return {
    issues,
    config: {
      sandbox,
      redirectUri: publicOrigin && `${publicOrigin}/authOpen`,
      credentials,
      hosts,
      allowPrivate,
    },
  };
}

const hostsSchema = z.record(
  z.string().regex(/^[A-Za-z][A-Za-z0-9]*$/),
  z
    .string()
    .url()
    .refine((url) => /^https?:\/\//.test(url)),
);

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}
