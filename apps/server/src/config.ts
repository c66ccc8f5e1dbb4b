import { resolve } from 'node:path';
import { isValidPassword } from '@postdeck/contract/validators';
import { z } from 'zod';
import { type ChannelsConfig, channelEnvFields, readChannelsConfig } from './config-channels.ts';
import { type OidcConfig, oidcEnvFields, readOidcConfig } from './config-oidc.ts';
import { MIN_SECRET_LENGTH, weakSecretReason } from './lib/secrets.ts';
import { type ChannelTokenKey, parseChannelTokenKeys } from './platforms/token-keys.ts';

/**
 * Every environment variable Postdeck reads, parsed once at start-up. The README's
 * configuration table mirrors this file.
 */
const seconds = z.coerce.number().int().positive();
/** A string setting for which an empty value means unset. */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** 'api' serves HTTP only, 'worker' runs the pipeline and scheduled jobs only, 'all' both. */
  POSTDECK_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  /** On SIGTERM, how long running jobs get to finish before they are handed back. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1000).default(25_000),
  /** Where media files live: the local directory (DATA_DIR/files) or an S3-compatible store. */
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: unsetIfEmpty(z.string().url().optional()),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: unsetIfEmpty(z.string().optional()),
  S3_ACCESS_KEY_ID: unsetIfEmpty(z.string().optional()),
  S3_SECRET_ACCESS_KEY: unsetIfEmpty(z.string().optional()),
  /** Path-style addresses (endpoint/bucket/key), as most S3-compatible servers want. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** A key prefix, so one bucket can hold several installations. */
  S3_PREFIX: z
    .string()
    .regex(/^([a-z0-9][a-z0-9-]*\/)*$/, 'must be empty or lower-case segments each ending in /')
    .default(''),
  /** Prometheus metrics at /metrics: off unless METRICS=on, then behind METRICS_TOKEN or on METRICS_PORT. */
  METRICS: z.enum(['on', 'off']).default('off'),
  METRICS_TOKEN: unsetIfEmpty(z.string().min(16, 'must be at least 16 characters').optional()),
  METRICS_PORT: unsetIfEmpty(z.coerce.number().int().min(1).max(65535).optional()),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Signs tokens and file addresses: a short one can be guessed, so it refuses start-up. */
  POSTDECK_SECRET: z
    .string()
    .min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters`)
    .superRefine((value, context) => {
      // A short one has its message already.
      const weak = value.length >= MIN_SECRET_LENGTH ? weakSecretReason(value) : undefined;
      if (weak) context.addIssue({ code: 'custom', message: weak });
    })
    .optional(),
  /**
   * Keys for channel tokens at rest besides the one derived from the secret: "id:base64,…", the
   * first seals, all open (platforms/token-keys.ts).
   */
  CHANNEL_TOKEN_KEYS: z
    .string()
    .default('')
    .transform((value, context) => {
      try {
        return parseChannelTokenKeys(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** The bootstrap admin's first password, by the spec §5 rule like any other. */
  ADMIN_PASSWORD: z
    .string()
    .refine(isValidPassword, 'must be 8-16 characters with a digit, a letter and one of !@#$^&*()')
    .optional(),
  ACCESS_TOKEN_TTL: seconds.default(15 * 60),
  REFRESH_TOKEN_TTL: seconds.default(14 * 24 * 3600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * How many proxies in front of Postdeck append to X-Forwarded-For: 'true' is one (a load
   * balancer), a number N a chain of N; 'false' or 0 none (the socket address is the client).
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, 'must be true, false or the number of proxy hops')
    .default('false')
    .transform((v) => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v))),
  SSO_LOGIN_URL: z.string().url().optional(),
  SSO_LOGOUT_URL: z.string().url().optional(),
  SYSTEM_ID: z.string().default('postdeck'),
  /**
   * Where the avatar menu's 'Operation manual' leads, `{lang}` standing for the reader's language;
   * by default the PDF of the manual Postdeck serves.
   */
  OPERATION_MANUAL_URL: z.string().default('/manual/{lang}.pdf'),
  WEB_DIST: z.string().optional(),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /** Media library size limits by kind, in bytes. */
  MATERIAL_MAX_IMAGE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 * 1024),
  MATERIAL_MAX_VIDEO_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024 * 1024),
  /**
   * What one user may have unfinished at once (uploads started and not yet complete): how many,
   * and their declared sizes added up (unset: twice the largest file, see loadConfig).
   */
  UPLOAD_MAX_OPEN_PER_USER: z.coerce.number().int().positive().default(10),
  UPLOAD_MAX_BYTES_IN_FLIGHT_PER_USER: unsetIfEmpty(z.coerce.number().int().positive().optional()),
  /** Video probing and poster frames; without them videos are kept unprocessed. */
  FFPROBE_PATH: z.string().default('ffprobe'),
  FFMPEG_PATH: z.string().default('ffmpeg'),
  /**
   * Hosts, host:port pairs or CIDRs that server-side fetches of user-given addresses may reach
   * although private (tests, sandboxes); comma-separated. Empty: public addresses only.
   */
  FETCH_ALLOW_PRIVATE: z.string().default(''),
  /** The publishing sweeper (worker.ts): how long a send may be silent, how often it looks. */
  PUBLISH_STALE_SEND_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 60_000),
  PUBLISH_SWEEP_MS: z.coerce.number().int().min(100).default(60_000),
  /** OpenID Connect single sign-on: PUBLIC_URL and OIDC_* (config-oidc.ts). */
  ...oidcEnvFields,
  /** The channel platforms: sandbox or live, app credentials, hosts (config-channels.ts). */
  ...channelEnvFields,
  /**
   * The company directory over LDAP or Active Directory; without LDAP_URL the directory is
   * Postdeck's own users. Empty values count as unset.
   */
  LDAP_URL: unsetIfEmpty(
    z
      .string()
      .regex(/^ldaps?:\/\/[^/?#\s]+\/?$/i, 'must be ldap://host[:port] or ldaps://host[:port]')
      .optional(),
  ),
  LDAP_BIND_DN: unsetIfEmpty(z.string().optional()),
  LDAP_BIND_PASSWORD: unsetIfEmpty(z.string().optional()),
  LDAP_BASE_DN: unsetIfEmpty(z.string().optional()),
  LDAP_USER_FILTER: unsetIfEmpty(
    z
      .string()
      .refine((f) => f.startsWith('(') && f.endsWith(')') && f.includes('{account}'), {
        message: 'must be a parenthesised LDAP filter containing {account}',
      })
      .optional(),
  ),
  LDAP_ATTR_ACCOUNT: unsetIfEmpty(z.string().default('uid')),
  LDAP_ATTR_NAME: unsetIfEmpty(z.string().default('cn')),
  LDAP_ATTR_EMAIL: unsetIfEmpty(z.string().default('mail')),
  LDAP_ATTR_DEPARTMENT: unsetIfEmpty(z.string().default('ou')),
  LDAP_PASSWORD_CHECK: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  LDAP_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** Accounts whose password stays Postdeck's own under LDAP_PASSWORD_CHECK (comma-separated). */
  LDAP_LOCAL_ACCOUNTS: z.string().default(''),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  role: Env['POSTDECK_ROLE'];
  /** SHUTDOWN_GRACE_MS: the bound on a stop's wait for running jobs. */
  shutdownGraceMs: number;
  /** Media files: the local directory unless STORAGE=s3. */
  storage: StorageConfig;
  /** /metrics; undefined unless METRICS=on. */
  metrics: MetricsConfig | undefined;
  secret: string | undefined;
  /** Extra keys for channel tokens, the current first; none: the key derived from the secret seals. */
  channelTokenKeys: ChannelTokenKey[];
  adminPassword: string | undefined;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  logLevel: Env['LOG_LEVEL'];
  /**
   * Proxy hops trusted for the client address: the address is the one the nearest of them
   * appended to X-Forwarded-For, never a value the client put in front; 0 trusts none.
   */
  trustProxy: number;
  ssoLoginUrl: string | undefined;
  ssoLogoutUrl: string | undefined;
  systemId: string;
  operationManualUrl: string;
  webDist: string | undefined;
  bodyLimit: number;
  materials: {
    maxBytes: { image: number; video: number };
    /** Per user: unfinished uploads at most, and their declared bytes at most. */
    uploadQuota: { open: number; bytes: number };
    ffprobePath: string;
    ffmpegPath: string;
    /** Where finished files are stored (DATA_DIR/files) and tus uploads in progress are kept. */
    filesDir: string;
    uploadsDir: string;
  };
  fetchAllowPrivate: string;
  publishing: {
    /** A send silent this long is taken for dead and reconciled. */
    staleSendMs: number;
    /** How often the sweeper runs; under a minute, each process also runs it on a timer. */
    sweepEveryMs: number;
  };
  /** The channel platforms: sandbox or live, their app credentials and hosts. */
  channels: ChannelsConfig;
  /** OpenID Connect single sign-on; undefined unless OIDC_ISSUER is set. */
  oidc: OidcConfig | undefined;
  /** The LDAP or Active Directory company directory; undefined: Postdeck's own users. */
  ldap: LdapConfig | undefined;
}

export type StorageConfig =
  | { backend: 'local' }
  | {
      backend: 's3';
      /** Unset: AWS's own endpoint for the region. */
      endpoint: string | undefined;
      region: string;
      bucket: string;
      /** Unset: the SDK's default credential chain (environment, instance role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
      prefix: string;
    };

export interface MetricsConfig {
  /** Scrapes on the main port must send it as a bearer token. */
  token: string | undefined;
  /** Serve /metrics on this port (and METRICS_HOST) instead of the main one. */
  port: number | undefined;
  host: string;
}

export interface LdapConfig {
  url: string;
  /** The service account searches are made as; anonymous when unset. */
  bindDn: string | undefined;
  bindPassword: string | undefined;
  baseDn: string;
  /** An RFC 4515 filter in which `{account}` stands for the escaped account. */
  userFilter: string;
  attributes: { account: string; name: string; email: string; department: string };
  /** Sign-in checks passwords against the directory instead of Postdeck's own. */
  passwordCheck: boolean;
  /** Lower-case accounts signed in with their Postdeck password even so (a break-glass admin). */
  localAccounts: string[];
  timeoutMs: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const issues = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  if (parsed.success && parsed.data.LDAP_URL && !parsed.data.LDAP_BASE_DN) {
    issues.push('LDAP_BASE_DN: required when LDAP_URL is set');
  }
  const largestFile = parsed.success
    ? Math.max(parsed.data.MATERIAL_MAX_IMAGE_BYTES, parsed.data.MATERIAL_MAX_VIDEO_BYTES)
    : 0;
  const bytesInFlight = parsed.success ? parsed.data.UPLOAD_MAX_BYTES_IN_FLIGHT_PER_USER : undefined;
  // Below the largest file, a file the library accepts (or any upload of unknown length) could never start.
  if (bytesInFlight !== undefined && bytesInFlight < largestFile) {
    issues.push(
      `UPLOAD_MAX_BYTES_IN_FLIGHT_PER_USER: must be at least the largest file allowed (${largestFile})`,
    );
  }
  if (parsed.success && parsed.data.POSTDECK_ROLE !== 'all' && !parsed.data.DATABASE_URL) {
    issues.push(
      `POSTDECK_ROLE: ${parsed.data.POSTDECK_ROLE} needs DATABASE_URL (the embedded database serves one process, which is role all)`,
    );
  }
  if (parsed.success && parsed.data.STORAGE === 's3') {
    if (!parsed.data.S3_BUCKET) issues.push('S3_BUCKET: required when STORAGE=s3');
    if (!parsed.data.S3_ACCESS_KEY_ID !== !parsed.data.S3_SECRET_ACCESS_KEY) {
      issues.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
    }
  }
  if (
    parsed.success &&
    parsed.data.METRICS === 'on' &&
    !parsed.data.METRICS_TOKEN &&
    !parsed.data.METRICS_PORT
  ) {
    issues.push('METRICS: with METRICS=on, set METRICS_TOKEN or METRICS_PORT so /metrics is not public');
  }
  const oidc = parsed.success ? readOidcConfig(parsed.data) : undefined;
  issues.push(...(oidc?.issues ?? []));
  const channels = parsed.success
    ? readChannelsConfig(
        parsed.data,
        parsed.data.PUBLIC_URL ? new URL(parsed.data.PUBLIC_URL).origin : undefined,
      )
    : undefined;
  issues.push(...(channels?.issues ?? []));
  if (!parsed.success || issues.length > 0) {
    throw new Error(`Invalid configuration:\n${issues.map((line) => `  ${line}`).join('\n')}`);
  }
  const e = parsed.data;
  // npm runs workspace scripts inside the workspace; paths are meant from where npm was invoked.
  const base = env['INIT_CWD'] ?? process.cwd();
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(base, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    role: e.POSTDECK_ROLE,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    storage:
      e.STORAGE === 's3' && e.S3_BUCKET
        ? {
            backend: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            prefix: e.S3_PREFIX,
          }
        : { backend: 'local' },
    metrics:
      e.METRICS === 'on' ? { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST } : undefined,
    secret: e.POSTDECK_SECRET,
    channelTokenKeys: e.CHANNEL_TOKEN_KEYS,
    adminPassword: e.ADMIN_PASSWORD,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    ssoLoginUrl: e.SSO_LOGIN_URL,
    ssoLogoutUrl: e.SSO_LOGOUT_URL,
    systemId: e.SYSTEM_ID,
    operationManualUrl: e.OPERATION_MANUAL_URL,
    webDist: e.WEB_DIST ? resolve(base, e.WEB_DIST) : undefined,
    bodyLimit: e.BODY_LIMIT,
    materials: {
      maxBytes: { image: e.MATERIAL_MAX_IMAGE_BYTES, video: e.MATERIAL_MAX_VIDEO_BYTES },
      uploadQuota: {
        open: e.UPLOAD_MAX_OPEN_PER_USER,
        // Two files of the largest size at once by default (4 GiB with 2 GB videos).
        bytes: bytesInFlight ?? 2 * largestFile,
      },
      ffprobePath: e.FFPROBE_PATH,
      ffmpegPath: e.FFMPEG_PATH,
      filesDir: resolve(base, e.DATA_DIR, 'files'),
      uploadsDir: resolve(base, e.DATA_DIR, 'uploads'),
    },
    fetchAllowPrivate: e.FETCH_ALLOW_PRIVATE,
    publishing: { staleSendMs: e.PUBLISH_STALE_SEND_MS, sweepEveryMs: e.PUBLISH_SWEEP_MS },
    oidc: oidc?.config,
    channels: channels?.config ?? { sandbox: true, redirectUri: undefined, credentials: {}, hosts: {} },
    ldap:
      e.LDAP_URL && e.LDAP_BASE_DN
        ? {
            url: e.LDAP_URL,
            bindDn: e.LDAP_BIND_DN,
            bindPassword: e.LDAP_BIND_PASSWORD,
            baseDn: e.LDAP_BASE_DN,
            userFilter: e.LDAP_USER_FILTER ?? `(${e.LDAP_ATTR_ACCOUNT}={account})`,
            attributes: {
              account: e.LDAP_ATTR_ACCOUNT,
              name: e.LDAP_ATTR_NAME,
              email: e.LDAP_ATTR_EMAIL,
              department: e.LDAP_ATTR_DEPARTMENT,
            },
            passwordCheck: e.LDAP_PASSWORD_CHECK,
            localAccounts: e.LDAP_LOCAL_ACCOUNTS.split(',')
              .map((account) => account.trim().toLowerCase())
              .filter(Boolean),
            timeoutMs: e.LDAP_TIMEOUT_MS,
          }
        : undefined,
  };
}
