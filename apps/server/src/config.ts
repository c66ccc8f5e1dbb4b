import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable Postdeck reads, parsed once at start-up. The README's
 * configuration table mirrors this file.
 */
const seconds = z.coerce.number().int().positive();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** 'worker' joins when the publishing pipeline lands; until then every process serves the API. */
  POSTDECK_ROLE: z.enum(['all', 'api']).default('all'),
  POSTDECK_SECRET: z.string().min(32).optional(),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  ACCESS_TOKEN_TTL: seconds.default(15 * 60),
  REFRESH_TOKEN_TTL: seconds.default(14 * 24 * 3600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  SSO_LOGIN_URL: z.string().url().optional(),
  SSO_LOGOUT_URL: z.string().url().optional(),
  SYSTEM_ID: z.string().default('postdeck'),
  /** Where the avatar menu's 'Operation manual' leads; by default the manual Postdeck serves. */
  OPERATION_MANUAL_URL: z.string().default('/manual/'),
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
  /** Video probing and poster frames; without them videos are kept unprocessed. */
  FFPROBE_PATH: z.string().default('ffprobe'),
  FFMPEG_PATH: z.string().default('ffmpeg'),
  /**
   * Hosts, host:port pairs or CIDRs that server-side fetches of user-given addresses may reach
   * although private (tests, sandboxes); comma-separated. Empty: public addresses only.
   */
  FETCH_ALLOW_PRIVATE: z.string().default(''),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  role: Env['POSTDECK_ROLE'];
  secret: string | undefined;
  adminPassword: string | undefined;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  ssoLoginUrl: string | undefined;
  ssoLogoutUrl: string | undefined;
  systemId: string;
  operationManualUrl: string;
  webDist: string | undefined;
  bodyLimit: number;
  materials: {
    maxBytes: { image: number; video: number };
    ffprobePath: string;
    ffmpegPath: string;
    /** Where finished files are stored (DATA_DIR/files) and tus uploads in progress are kept. */
    filesDir: string;
    uploadsDir: string;
  };
  fetchAllowPrivate: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
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
    secret: e.POSTDECK_SECRET,
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
      ffprobePath: e.FFPROBE_PATH,
      ffmpegPath: e.FFMPEG_PATH,
      filesDir: resolve(base, e.DATA_DIR, 'files'),
      uploadsDir: resolve(base, e.DATA_DIR, 'uploads'),
    },
    fetchAllowPrivate: e.FETCH_ALLOW_PRIVATE,
  };
}
