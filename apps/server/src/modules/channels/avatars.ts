import { createHash } from 'node:crypto';
import { PUBLIC } from '@postdeck/contract/permissions';
import type { ChannelPlatform } from '@postdeck/contract/platforms';
import { and, eq, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { channelAccounts } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Resolver } from '../../lib/safe-fetch/safe-fetch.ts';
import type { PlatformRegistry } from '../../platforms/registry.ts';
import type { TokenVault } from '../../platforms/token-vault.ts';
import { sendStoredFile } from '../../storage/send-file.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { accountGrant } from './account-repo.ts';
import { fetchAvatar, isPassing } from './avatar-image.ts';
import { AVATAR_ROUTE, type AvatarSigner } from './avatar-urls.ts';

/** A renewed grant brings the picture up to date when the copy is older than this. */
const REFRESH_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

export interface AvatarsDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  registry: PlatformRegistry;
  vault: TokenVault;
  signer: AvatarSigner;
  /** CHANNEL_ALLOW_PRIVATE's entries: the operator's own grant, as for the adapters' calls. */
  allowPrivate: readonly string[];
  /** Without it nothing is fetched in the background (some tests call refresh themselves). */
  jobs?: JobQueue | undefined;
  log?: ((message: string, error?: unknown) => void) | undefined;
  /** DNS for the address policy (tests). */
  resolver?: Resolver | undefined;
}

/** stored: a new copy is kept; none: the platform gives no picture; refused: what it gave is not fetched or kept; gone: no such live account. */
export type AvatarOutcome = 'stored' | 'none' | 'refused' | 'gone';

/** Builds an account's picture URL for the user who will load it (checked in their scope by the caller). */
export type AvatarLink = (accountId: number, sha256: string) => string;

/** Content-addressed: accounts with the same picture share one file, and a key never changes content. */
export const avatarKey = (sha256: string) => `avatars/${sha256.slice(0, 2)}/${sha256}.webp`;

/**
 * Accounts' pictures as Postdeck's own files (issue 19, item 9). The platforms' addresses expire
 * (Facebook's do) and the console's CSP admits only its own origin, so each picture is fetched
 * once through the SSRF guard (in the sandbox, its servers' exact loopback origins are allowed,
 * nothing else of loopback), shrunk, stored, and served from /prod-api under a signed,
 * content-hashed URL. Fetching happens in a job after an account is saved: a slow or failing
 * platform never holds up or fails a connection, and the page shows initials until a copy exists.
 */
export function createAvatars(deps: AvatarsDeps) {
  const { db, clock, storage, registry, vault, signer } = deps;
  const log = deps.log ?? (() => undefined);

  /** The picture's address now: the platform asked again when `relist`, what was saved otherwise. */
  async function sourceOf(
    row: { id: number; platform: string; externalId: string; avatarUrl: string | null },
    relist: boolean,
  ): Promise<string | null> {
    if (!relist) return row.avatarUrl;
    try {
      const grant = await accountGrant(db, vault, row.id);
      const adapter = await registry.adapter(row.platform as ChannelPlatform);
      if (!grant || !adapter) return row.avatarUrl;
      const found = (await adapter.targets(grant)).find((target) => target.externalId === row.externalId);
      // A grant that reaches the account but lists other things (a Facebook page's own token)
      // says nothing about its picture: the saved address is the best there is.
      if (!found) return row.avatarUrl;
      const source = found.avatarUrl ?? null;
      await db.update(channelAccounts).set({ avatarUrl: source }).where(eq(channelAccounts.id, row.id));
      return source;
    } catch (error) {
      log('channel avatar: the platform did not list the account again', error);
      return row.avatarUrl;
    }
  }

  /**
   * Fetches the account's picture and keeps Postdeck's copy. A failure worth retrying throws (the
   * job tries again); a refusal is final and leaves the copy already kept, if any, in place.
   */
  async function refresh(accountId: number, relist = false): Promise<AvatarOutcome> {
    const [row] = await db
      .select({
        id: channelAccounts.id,
        platform: channelAccounts.platform,
        externalId: channelAccounts.externalId,
        avatarUrl: channelAccounts.avatarUrl,
        status: channelAccounts.status,
      })
      .from(channelAccounts)
      .where(eq(channelAccounts.id, accountId));
    if (!row || row.status === 'released') return 'gone';
    const source = await sourceOf(row, relist);
    // Only while the row still names this address: a reconnection since then brought its own job.
    const settle = (values: { avatarSha256?: string | null }) =>
      db
        .update(channelAccounts)
        .set({ ...values, avatarFetchedAt: clock.now() })
        .where(
          and(
            eq(channelAccounts.id, accountId),
            source === null ? isNull(channelAccounts.avatarUrl) : eq(channelAccounts.avatarUrl, source),
          ),
        );
    if (source === null) {
      await settle({ avatarSha256: null });
      return 'none';
    }
    let picture: Buffer;
    try {
      const sandboxOrigins = await registry.sandboxOrigins(row.platform as ChannelPlatform);
      picture = await fetchAvatar(source, {
        allow: [...deps.allowPrivate, ...sandboxOrigins],
        svg: registry.sandbox,
        ...(deps.resolver ? { resolver: deps.resolver } : {}),
      });
    } catch (error) {
      if (isPassing(error)) throw error;
      log(`channel avatar of account ${accountId} refused`, error);
      await settle({});
      return 'refused';
    }
    const sha256 = createHash('sha256').update(picture).digest('hex');
    await storage.put(avatarKey(sha256), picture, { contentType: 'image/webp' });
    await settle({ avatarSha256: sha256 });
    return 'stored';
  }

  /** Queues a fetch of each account's picture; never throws, so saving an account never fails for it. */
  async function schedule(accountIds: readonly number[], relist = false): Promise<void> {
    if (!deps.jobs) return;
    for (const accountId of accountIds) {
      // One queued fetch per account is enough: it reads the row as it is when it runs.
      await deps.jobs
        .send('channels.avatar', { accountId, relist }, { singletonKey: `avatar:${accountId}` })
        .catch((error: unknown) => log(`channel avatar of account ${accountId} not queued`, error));
    }
  }

  return {
    refresh,
    schedule,

    /** After the health schedule renewed these accounts' grant: pictures older than a week are fetched anew. */
    async renewed(accountIds: readonly number[]): Promise<void> {
      if (accountIds.length === 0) return;
      const stale = await db
        .select({ id: channelAccounts.id })
        .from(channelAccounts)
        .where(
          and(
            inArray(channelAccounts.id, [...accountIds]),
            ne(channelAccounts.status, 'released'),
            or(
              isNull(channelAccounts.avatarFetchedAt),
              lt(channelAccounts.avatarFetchedAt, new Date(clock.now().getTime() - REFRESH_AFTER_MS)),
            ),
          ),
        );
      await schedule(
        stale.map((row) => row.id),
        true,
      );
    },

    /** The picture links of the answers to this user. */
    linkFor(uid: number): AvatarLink {
      return (accountId, sha256) => signer.url(accountId, sha256, uid);
    },

    /**
     * The pictures behind the links. PUBLIC in the auth hook's sense: the signature is the
     * authorisation (made for one signed-in user, after checking their scope), and a user disabled
     * since gets nothing. Anything wrong is a plain 404, so nothing can be learnt by probing.
     */
    routes(app: FastifyInstance) {
      app.get(AVATAR_ROUTE, { config: { permission: PUBLIC }, compress: false }, async (request, reply) => {
        const grant = signer.verify(
          request.params as Record<string, unknown>,
          request.query as Record<string, unknown>,
        );
        const principal = grant && (await app.principals.get(grant.uid));
        if (!grant || principal?.status !== 'active') throw new AppError('notFound');
        const [row] = await db
          .select({ sha256: channelAccounts.avatarSha256 })
          .from(channelAccounts)
          .where(eq(channelAccounts.id, grant.id));
        if (row?.sha256 !== grant.sha256) throw new AppError('notFound');
        return sendStoredFile(request, reply, storage, avatarKey(grant.sha256), {
          contentType: 'image/webp',
          filename: 'avatar.webp',
          disposition: 'inline',
          etag: grant.sha256,
          maxAgeSeconds: Math.max(0, grant.exp - Math.floor(clock.now().getTime() / 1000)),
          immutable: true,
        });
      });
    },

    async registerJobs() {
      await deps.jobs?.work('channels.avatar', async (job) => {
        await refresh(job.data.accountId, job.data.relist);
      });
    },
  };
}

export type Avatars = ReturnType<typeof createAvatars>;
