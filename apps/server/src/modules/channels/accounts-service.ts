import type {
  ChannelAccount,
  ChannelAccountListFilters,
  ChannelPlatformInfo,
  NotRevokedReason,
} from '@postdeck/contract/channels';
import { PERMISSIONS } from '@postdeck/contract/permissions';
import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import { CHANNEL_PLATFORMS, type ChannelPlatform } from '@postdeck/contract/platforms';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { departmentScope, inScope } from '../../lib/department-scope.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { ListSettings } from '../../lib/list-page.ts';
import type { Principal } from '../../lib/principal.ts';
import type { PlatformRegistry } from '../../platforms/registry.ts';
import type { TokenVault } from '../../platforms/token-vault.ts';
import { type RequestMeta, auditChange } from '../audit/audit.ts';
import { accountsById, listAccounts } from './account-queries.ts';
import type { AvatarLink } from './avatars.ts';
import { accountGrant, accountsSharingGrant, releaseAccount } from './account-repo.ts';
import { CHANNEL_ACTIONS } from './connect-service.ts';

export interface AccountsDeps {
  db: Db;
  clock: Clock;
  vault: TokenVault;
  registry: PlatformRegistry;
  lists: ListSettings;
  /** Links the accounts' pictures for the caller; without it every picture is null (initials). */
  avatars?: { linkFor(uid: number): AvatarLink } | undefined;
  /** Holds what waits to go out on a released account and tells the authors; how many it held. */
  holdPublications?: ((accountId: number, actorId: number, at: Date) => Promise<number>) | undefined;
}

/** The channels page's reads, and releasing an account (issue 12, items 6 and 7). */
export function createAccountsService(deps: AccountsDeps) {
  const { db, clock, vault, registry } = deps;
  const avatarLink = (principal: Principal) => deps.avatars?.linkFor(principal.id);

  /** The account if the caller's data scope holds it; 404 otherwise, as if it did not exist. */
  async function visible(principal: Principal, id: number): Promise<ChannelAccount> {
    const [account] = await accountsById(db, [id], clock.now(), avatarLink(principal));
    if (!account || !inScope(await departmentScope(db, principal), account.department.id))
      throw new AppError('notFound');
    return account;
  }

  return {
    /**
     * The hints are the sandbox's test bot token and app password: only someone who may connect
     * is given them (and has the sandbox's servers started for them), not everyone who may look.
     */
    async platforms(principal: Principal): Promise<{ sandbox: boolean; platforms: ChannelPlatformInfo[] }> {
      const mayConnect = principal.permissions.has(PERMISSIONS.channelConnect);
      // This list opens the connect dialog: a server slow to start gets its head start here.
      if (mayConnect) registry.warm();
      const platforms = await Promise.all(
        CHANNEL_PLATFORMS.map(async (platform) => {
          const { displayName, connect } = PLATFORM_CAPABILITIES[platform];
          const mode = registry.mode(platform);
          const offersHints = mayConnect && mode === 'sandbox' && connect !== 'oauth';
          const sandboxHints = offersHints ? await registry.hints(platform) : undefined;
          return { platform, displayName, connect, mode, ...(sandboxHints ? { sandboxHints } : {}) };
        }),
      );
      return { sandbox: registry.sandbox, platforms };
    },

    async list(principal: Principal, filters: ChannelAccountListFilters) {
      const page = await listAccounts(
        db,
        filters,
        await departmentScope(db, principal),
        deps.lists,
        clock.now(),
        avatarLink(principal),
      );
      return { ...page, page: filters.page, pageSize: filters.pageSize };
    },

    /** One account, with the others its grant reaches (what /vk shows as the connection). */
    async detail(principal: Principal, id: number): Promise<ChannelAccount> {
      const account = await visible(principal, id);
      const grant = await accountGrant(db, vault, id);
      if (!grant) return account;
      const shared = await accountsSharingGrant(db, vault, account, grant);
      return { ...account, sameGrant: shared.map(({ id: otherId, name }) => ({ id: otherId, name })) };
    },

    async release(principal: Principal, id: number, meta: RequestMeta, platform?: ChannelPlatform) {
      const account = await visible(principal, id);
      // A release page's address names any account: one of another platform is not what the user
      // was shown as "Release YouTube connection", so nothing of it is touched.
      if (platform !== undefined && account.platform !== platform) {
        const names = {
          platform: PLATFORM_CAPABILITIES[account.platform].displayName,
          expected: PLATFORM_CAPABILITIES[platform].displayName,
        };
        throw new AppError('accountPlatformMismatch', {
          params: names,
          fieldErrors: [fieldError('id', 'accountPlatformMismatch')],
        });
      }
      if (account.status === 'released') throw new AppError('accountReleased');
      const grant = await accountGrant(db, vault, id);
      const adapter = await registry.adapter(account.platform);
      // Revoking a grant other accounts hold (two LinkedIn organisations of one member) would cut them off too.
      const shared = grant ? await accountsSharingGrant(db, vault, account, grant) : [];
      // Why nothing was revoked, so the console tells the user what is left to do at the platform.
      let notRevokedReason: NotRevokedReason | undefined;
      if (!grant) notRevokedReason = 'noGrant';
      // No adapter: the platform's credentials are gone from this server, so its revoke cannot be sent.
      else if (!adapter?.revoke)
        notRevokedReason = PLATFORM_CAPABILITIES[account.platform].canRevoke ? 'failed' : 'unsupported';
      else if (shared.length > 0) notRevokedReason = 'sharedGrant';
      else {
        // A grant the platform already dropped, or a platform that does not answer, does not keep
        // the account connected: the tokens are wiped here either way, and the answer says so.
        notRevokedReason = await adapter.revoke(grant).then(
          () => undefined,
          () => 'failed' as const,
        );
      }
      const revokedAtPlatform = notRevokedReason === undefined;
      const now = clock.now();
      await db.transaction(async (tx) => {
        if (!(await releaseAccount(tx, id, principal.id, now))) throw new AppError('accountReleased');
        await auditChange(tx, principal, meta, {
          action: CHANNEL_ACTIONS.release,
          target: `channel:${id}`,
          detail: {
            platform: account.platform,
            externalId: account.externalId,
            name: account.name,
            revokedAtPlatform,
            ...(notRevokedReason ? { notRevokedReason } : {}),
          },
          at: now,
        });
      });
      const heldPublications = (await deps.holdPublications?.(id, principal.id, now)) ?? 0;
      const [released] = await accountsById(db, [id], now, avatarLink(principal));
      if (!released) throw new AppError('notFound');
      return {
        account: released,
        revokedAtPlatform,
        ...(notRevokedReason ? { notRevokedReason } : {}),
        heldPublications,
      };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
