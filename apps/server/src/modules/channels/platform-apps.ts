import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { platformApps } from '../../db/schema.ts';
import type { MastodonApp } from '../../platforms/mastodon/oauth.ts';
import type { TokenVault } from '../../platforms/token-vault.ts';

const context = (instance: string, redirectUri: string) =>
  redirectUri === ''
    ? `platform-app:mastodon:${instance}`
    : `platform-app:mastodon:${instance}:${redirectUri}`;

/**
 * Postdeck's app on each Mastodon instance for one redirect URI, registered on first use and
 * shared by every account there. Two first connections at once may both register; the first
 * stored wins and the other registration is simply never used.
 */
export async function mastodonApp(
  db: Db,
  vault: TokenVault,
  instance: string,
  redirectUri: string,
  register: () => Promise<MastodonApp>,
): Promise<MastodonApp> {
  const stored = await readApp(db, vault, instance, redirectUri);
  if (stored) return stored;
  const registered = await register();
  const sealed = vault.seal({ clientSecret: registered.clientSecret }, context(instance, redirectUri));
  await db
    .insert(platformApps)
    .values({
      platform: 'mastodon',
      instance,
      redirectUri,
      clientId: registered.clientId,
      secretKeyId: sealed.keyId,
      secretSealed: sealed.sealed,
    })
    .onConflictDoNothing();
  return (await readApp(db, vault, instance, redirectUri)) ?? registered;
}

async function readApp(
  db: Db,
  vault: TokenVault,
  instance: string,
  redirectUri: string,
): Promise<MastodonApp | undefined> {
  const [row] = await db
    .select()
    .from(platformApps)
    .where(
      and(
        eq(platformApps.platform, 'mastodon'),
        eq(platformApps.instance, instance),
        eq(platformApps.redirectUri, redirectUri),
      ),
    );
  if (!row) return undefined;
  const { clientSecret } = vault.open(
    { keyId: row.secretKeyId, sealed: row.secretSealed },
    context(instance, redirectUri),
  ) as {
    clientSecret: string;
  };
  return { instance, clientId: row.clientId, clientSecret };
}
