import type {
  ChannelAccount,
  ChannelAccountListFilters,
  ChannelPlatformInfo,
} from '@postdeck/contract/channels';
import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import { CHANNEL_PLATFORMS } from '@postdeck/contract/platforms';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { departmentScope, inScope } from '../../lib/department-scope.ts';
import { AppError } from '../../lib/errors.ts';
import type { ListSettings } from '../../lib/list-page.ts';
import type { Principal } from '../../lib/principal.ts';
import type { PlatformRegistry } from '../../platforms/registry.ts';
import type { TokenVault } from '../../platforms/token-vault.ts';
import { type RequestMeta, auditChange } from '../audit/audit.ts';
import { accountsById, listAccounts } from './account-queries.ts';
import { accountGrant, accountsSharingGrant, releaseAccount } from './account-repo.ts';
import { CHANNEL_ACTIONS } from './connect-service.ts';

export interface AccountsDeps {
  db: Db;
  clock: Clock;
  vault: TokenVault;
  registry: PlatformRegistry;
  lists: ListSettings;
}

/** The channels page's reads, and releasing an account (issue 12, items 6 and 7). */
export function createAccountsService(deps: AccountsDeps) {
  const { db, clock, vault, registry } = deps;

  /** The account if the caller's data scope holds it; 404 otherwise, as if it did not exist. */
  async function visible(principal: Principal, id: number): Promise<ChannelAccount> {
    const [account] = await accountsById(db, [id], clock.now());
    if (!account || !inScope(await departmentScope(db, principal), account.department.id))
      throw new AppError('notFound');
    return account;
  }

  return {
    async platforms(): Promise<{ sandbox: boolean; platforms: ChannelPlatformInfo[] }> {
      const platforms = await Promise.all(
        CHANNEL_PLATFORMS.map(async (platform) => {
          const { displayName, connect } = PLATFORM_CAPABILITIES[platform];
          const mode = registry.mode(platform);
          const sandboxHints =
            mode === 'sandbox' && connect !== 'oauth' ? await registry.hints(platform) : undefined;
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

    async release(principal: Principal, id: number, meta: RequestMeta) {
      const account = await visible(principal, id);
      if (account.status === 'released') throw new AppError('accountReleased');
      const grant = await accountGrant(db, vault, id);
      const adapter = await registry.adapter(account.platform);
      let revokedAtPlatform = false;
      // Revoking a grant other accounts hold (two LinkedIn organisations of one member) would cut them off too.
      const shared = grant ? await accountsSharingGrant(db, vault, account, grant) : [];
      if (grant && adapter?.revoke && shared.length === 0) {
        // A grant the platform already dropped, or a platform that does not answer, does not keep
        // the account connected: the tokens are wiped here either way, and the answer says so.
        revokedAtPlatform = await adapter.revoke(grant).then(
          () => true,
          () => false,
        );
      }
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
          },
          at: now,
        });
      });
      const [released] = await accountsById(db, [id], now);
      if (!released) throw new AppError('notFound');
      // Publications come with the publishing issue: none can be scheduled on an account yet.
      return { account: released, revokedAtPlatform, heldPublications: 0 };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
