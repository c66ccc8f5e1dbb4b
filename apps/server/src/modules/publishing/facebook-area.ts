import type { z } from 'zod';
import type { facebookAreaQuerySchema } from '@postdeck/contract/publishing';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { channelAccounts } from '../../db/schema.ts';
import { departmentScope, inScope } from '../../lib/department-scope.ts';
import { AppError } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import type { FacebookAdapter } from '../../platforms/facebook/adapter.ts';
import type { PlatformRegistry } from '../../platforms/registry.ts';
import type { TokenVault } from '../../platforms/token-vault.ts';
import { accountGrant } from '../channels/account-repo.ts';
import { connectFailure } from '../channels/platform-failure.ts';

/**
 * queryFacebookArea (spec §7): the places a Facebook page's posts can be aimed at, asked of
 * Graph with the page's own grant, for an account of the caller's scope only.
 */
export async function queryFacebookArea(
  deps: { db: Db; vault: TokenVault; registry: PlatformRegistry },
  principal: Principal,
  query: z.output<typeof facebookAreaQuerySchema>,
) {
  const [account] = await deps.db
    .select()
    .from(channelAccounts)
    .where(eq(channelAccounts.id, query.accountId));
  if (
    !account ||
    account.platform !== 'facebook' ||
    !inScope(await departmentScope(deps.db, principal), account.departmentId)
  )
    throw new AppError('notFound');
  const grant = await accountGrant(deps.db, deps.vault, account.id);
  const adapter = (await deps.registry.adapter('facebook')) as FacebookAdapter | undefined;
  if (!grant || !adapter) throw new AppError('publishAccountUnavailable');
  const places = await adapter
    .searchLocations(grant, {
      q: query.q,
      ...(query.type ? { types: [query.type] } : {}),
      ...(query.countryCode ? { countryCode: query.countryCode.toUpperCase() } : {}),
      limit: 25,
    })
    .catch((error: unknown) => connectFailure('facebook', error));
  return {
    items: places.map((place) => ({
      key: place.key,
      name: place.name,
      type: place.type,
      countryCode: place.countryCode ?? null,
      region: place.region ?? null,
    })),
  };
}
