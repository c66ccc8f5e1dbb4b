import type { ChannelAccountStatus, ConnectTarget, ConnectTargets } from '@postdeck/contract/channels';
import type { endpoints } from '@postdeck/contract/endpoints';
import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import type { ChannelPlatform } from '@postdeck/contract/platforms';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { channelAccounts, departments } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { type DepartmentScope, departmentScope, inScope } from '../../lib/department-scope.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import type { AccountAdapter, Grant, Target } from '../../platforms/adapter.ts';
import { isPlatformError } from '../../platforms/errors.ts';
import type { MastodonAdapter } from '../../platforms/mastodon/adapter.ts';
import { appContext, instanceOrigin } from '../../platforms/mastodon/oauth.ts';
import type { PlatformRegistry } from '../../platforms/registry.ts';
import type { TokenVault } from '../../platforms/token-vault.ts';
import { type RequestMeta, auditChange } from '../audit/audit.ts';
import { accountsById } from './account-queries.ts';
import { saveConnectedAccount } from './account-repo.ts';
import {
  CONNECTION_TTL_MS,
  beginConnection,
  connectionCompleted,
  heldTargets,
  holdTargets,
  takeConnection,
  untakeConnection,
} from './connection-state.ts';
import { connectFailure, platformName } from './platform-failure.ts';
import { mastodonApp } from './platform-apps.ts';
import { renewalPlan } from './renewal-plan.ts';

type Body<N extends keyof typeof endpoints> = (typeof endpoints)[N] extends {
  body: infer S extends z.ZodType;
}
  ? z.output<S>
  : never;

export interface ConnectDeps {
  db: Db;
  clock: Clock;
  vault: TokenVault;
  registry: PlatformRegistry;
  /** Told the accounts just saved, once committed (their pictures are fetched then); never throws. */
  saved?: ((accountIds: readonly number[]) => Promise<void>) | undefined;
}

export const CHANNEL_ACTIONS = {
  connect: 'channel.connect',
  reconnect: 'channel.reconnect',
  release: 'channel.release',
} as const;

/**
 * Connecting accounts (issue 12, item 5): through the platform's consent (start, the callback
 * /authOpen reports, the pick of targets), or with what the platform takes instead (Telegram's
 * bot, Bluesky's app password). Whatever the way, an account is saved by `keep`: one row per
 * platform account, renewed when connected again, audited.
 */
export function createConnectService(deps: ConnectDeps) {
  const { db, clock, vault, registry } = deps;

  async function adapterFor(platform: ChannelPlatform): Promise<AccountAdapter> {
    // In the sandbox this starts the platform's local server, which can fail like any platform.
    const adapter = await registry.adapter(platform).catch((cause: unknown) => {
      if (cause instanceof AppError) throw cause;
      throw new AppError('platformUnreachable', { params: { platform: platformName(platform) }, cause });
    });
    if (!adapter) throw new AppError('platformUnavailable', { params: { platform: platformName(platform) } });
    return adapter;
  }

  async function checkDepartment(principal: Principal, departmentId: number): Promise<void> {
    if (!inScope(await departmentScope(db, principal), departmentId))
      throw new AppError('departmentNotAllowed', {
        fieldErrors: [fieldError('departmentId', 'departmentNotAllowed')],
      });
  }

  function kindMismatch(platform: ChannelPlatform, field = 'platform'): AppError {
    return new AppError('connectKindMismatch', {
      params: { platform: platformName(platform) },
      fieldErrors: [fieldError(field, 'connectKindMismatch')],
    });
  }

  /**
   * Saves the targets picked, each with its own grant or the one that reached it; audited. All or
   * none: one target live in a department outside the caller's scope refuses the whole save
   * (409), with `first` (what else the save hangs on, such as closing the connection) undone too.
   */
  async function keep(
    principal: Principal,
    platform: ChannelPlatform,
    departmentId: number,
    picked: { target: Target; grant: Grant }[],
    meta: RequestMeta,
    first?: (tx: Db) => Promise<void>,
  ) {
    const now = clock.now();
    const scope = await departmentScope(db, principal);
    const ids = await db.transaction(async (tx) => {
      await first?.(tx);
      const saved: number[] = [];
      for (const { target, grant } of picked) {
        const plan = renewalPlan(platform, grant);
        const account = await saveConnectedAccount(
          tx,
          vault,
          { platform, target, grant, departmentId, scope, connectedById: principal.id, renewBy: plan.at },
          now,
        );
        if (!account) throw new AppError('accountInOtherDepartment', { params: { name: target.name } });
        saved.push(account.id);
        await auditChange(tx, principal, meta, {
          action: account.created ? CHANNEL_ACTIONS.connect : CHANNEL_ACTIONS.reconnect,
          target: `channel:${account.id}`,
          detail: {
            platform,
            externalId: target.externalId,
            name: target.name,
            departmentId: account.departmentId,
            ...(account.previousDepartmentId === undefined
              ? {}
              : { fromDepartmentId: account.previousDepartmentId }),
          },
          at: now,
        });
      }
      return saved;
    });
    await deps.saved?.(ids);
    return { accounts: await accountsById(db, ids, now) };
  }

  async function instanceFor(adapter: MastodonAdapter, given: string | undefined, redirectUri: string) {
    if (!given)
      throw new AppError('validation', { fieldErrors: [fieldError('instance', 'validation.required')] });
    let origin: string;
    try {
      origin = instanceOrigin(given);
    } catch {
      throw new AppError('instanceInvalid', { fieldErrors: [fieldError('instance', 'instanceInvalid')] });
    }
    // In the sandbox only its own instance, so nobody makes the server call an address of theirs;
    // live, the adapter's fetch refuses non-public addresses before connecting (guarded-fetch.ts).
    const sandboxInstance = registry.sandbox ? (await registry.hints('mastodon'))?.['instance'] : undefined;
    if (registry.sandbox ? origin !== sandboxInstance : !origin.startsWith('https://'))
      throw new AppError('instanceInvalid', { fieldErrors: [fieldError('instance', 'instanceInvalid')] });
    return mastodonApp(db, vault, origin, redirectUri, () => adapter.registerApp(origin, redirectUri)).catch(
      (error: unknown) => {
        if (error instanceof AppError) throw error;
        throw new AppError('instanceInvalid', {
          fieldErrors: [fieldError('instance', 'instanceInvalid')],
          cause: error,
        });
      },
    );
  }

  return {
    async start(principal: Principal, body: Body<'channelConnectStart'>, origin: string) {
      const { platform } = body;
      const capabilities = PLATFORM_CAPABILITIES[platform];
      if (capabilities.connect !== 'oauth' && capabilities.connect !== 'oauthPerInstance')
        throw kindMismatch(platform);
      await checkDepartment(principal, body.departmentId);
      const adapter = await adapterFor(platform);
      const redirectUri = registry.redirectUri ?? `${origin}/authOpen`;
      const app =
        capabilities.connect === 'oauthPerInstance'
          ? await instanceFor(adapter as MastodonAdapter, body.instance, redirectUri)
          : undefined;
      const begun = await beginConnection(
        db,
        vault,
        {
          platform,
          userId: principal.id,
          departmentId: body.departmentId,
          instance: app?.instance,
          pkce: capabilities.pkce,
          redirectUri,
        },
        clock.now(),
      );
      const authorizationUrl = adapter.authorizationUrl?.({
        state: begun.state,
        redirectUri,
        codeChallenge: begun.codeChallenge,
        context: app ? appContext(app) : undefined,
      });
      if (!authorizationUrl) throw kindMismatch(platform);
      return { authorizationUrl };
    },

    async callback(principal: Principal, body: Body<'channelConnectCallback'>): Promise<ConnectTargets> {
      const now = clock.now();
      const taken = await takeConnection(
        db,
        vault,
        {
          state: body.state,
          userId: principal.id,
          // What cannot be exchanged is refused before the state is used up: the link stays good.
          accept: (platform) => incompleteCallback(platform as ChannelPlatform, body),
        },
        now,
      );
      if (!taken.ok) {
        if (taken.reason === 'expired') throw new AppError('connectionExpired');
        if (taken.reason === 'used') throw new AppError('connectionUsed');
        throw new AppError('connectionUnknown');
      }
      const platform = taken.platform as ChannelPlatform;
      const name = platformName(platform);
      if (body.error || !body.code) throw new AppError('consentDenied', { params: { platform: name } });
      const code = body.code;
      const grant = await (async () => {
        const adapter = await adapterFor(platform);
        const app = taken.instance
          ? await mastodonApp(db, vault, taken.instance, taken.redirectUri, () =>
              Promise.reject(new Error('no app')),
            )
          : undefined;
        if (!adapter.exchangeCode) throw kindMismatch(platform);
        return adapter.exchangeCode({
          code,
          redirectUri: taken.redirectUri,
          codeVerifier: taken.codeVerifier,
          context: app ? appContext(app) : body.deviceId ? { device_id: body.deviceId } : undefined,
        });
      })().catch(async (error: unknown) => {
        // Nothing reached the platform, so its code is not spent: the same page can try again.
        if (error instanceof AppError || (isPlatformError(error) && error.kind === 'transient'))
          await untakeConnection(db, taken.id, now);
        if (error instanceof AppError) throw error;
        return connectFailure(platform, error);
      });
      const adapter = await adapterFor(platform);
      const granted = new Set(grant.scopes);
      const missing = PLATFORM_CAPABILITIES[platform].scopes.filter((scope) => !granted.has(scope));
      if (missing.length > 0)
        throw new AppError('scopesMissing', { params: { platform: name, scopes: missing.join(', ') } });
      const targets = await adapter.targets(grant).catch((error: unknown) => connectFailure(platform, error));
      if (targets.length === 0) throw new AppError('noTargets', { params: { platform: name } });
      await holdTargets(db, vault, taken.id, { grant, targets });
      return {
        connectionId: taken.id,
        platform,
        department: await departmentOf(taken.departmentId),
        targets: await withExisting(principal, platform, targets),
        missingScopes: missing,
        expiresAt: new Date(now.getTime() + CONNECTION_TTL_MS).toISOString(),
      };
    },

    async pick(principal: Principal, body: Body<'channelConnectPick'>, meta: RequestMeta) {
      const now = clock.now();
      const open = { id: body.connectionId, userId: principal.id };
      const held = await heldTargets(db, vault, { ...open, complete: false }, now);
      // A pick that arrives after another one completed the connection is told so, not 'expired'.
      if (!held)
        throw new AppError((await connectionCompleted(db, open)) ? 'connectionUsed' : 'connectionExpired');
      const wanted = new Set(body.externalIds);
      const picked = held.targets.filter((target) => wanted.has(target.externalId));
      if (picked.length !== wanted.size)
        throw new AppError('validation', {
          fieldErrors: [fieldError('externalIds', 'validation.unknownReference')],
        });
      await checkDepartment(principal, held.departmentId);
      return keep(
        principal,
        held.platform as ChannelPlatform,
        held.departmentId,
        picked.map((target) => ({ target, grant: target.grant ?? held.grant })),
        meta,
        // Closes the connection in the save's transaction: of two submissions at once, one saves,
        // and a save refused (an account of another department) leaves it open to pick again.
        async (tx) => {
          if (!(await heldTargets(tx, vault, { ...open, complete: true }, now)))
            throw new AppError('connectionUsed');
        },
      );
    },

    async telegram(principal: Principal, body: Body<'channelConnectTelegram'>, meta: RequestMeta) {
      await checkDepartment(principal, body.departmentId);
      const adapter = await adapterFor('telegram');
      if (!('checkTelegramChannel' in adapter)) throw kindMismatch('telegram');
      const check = adapter.checkTelegramChannel as (token: string, channel: string) => Promise<Target>;
      const target = await check(body.botToken, body.channel).catch((error: unknown) =>
        telegramFailure(error),
      );
      return keep(
        principal,
        'telegram',
        body.departmentId,
        [{ target, grant: target.grant ?? { accessToken: body.botToken, scopes: [] } }],
        meta,
      );
    },

    async bluesky(principal: Principal, body: Body<'channelConnectBluesky'>, meta: RequestMeta) {
      await checkDepartment(principal, body.departmentId);
      const adapter = await adapterFor('bluesky');
      if (!isAppPasswordAdapter(adapter)) throw kindMismatch('bluesky');
      const grant = await adapter.signIn(body.identifier, body.appPassword).catch((error: unknown) => {
        if (isPlatformError(error) && (error.kind === 'reauthorize' || error.detail.status === 401))
          throw new AppError('blueskyLoginFailed', {
            fieldErrors: [fieldError('appPassword', 'blueskyLoginFailed')],
          });
        return connectFailure('bluesky', error);
      });
      const targets = await adapter
        .targets(grant)
        .catch((error: unknown) => connectFailure('bluesky', error));
      return keep(
        principal,
        'bluesky',
        body.departmentId,
        targets.map((target) => ({ target, grant: target.grant ?? grant })),
        meta,
      );
    },
  };

  /** How the targets list shows an account connected already: named only within the caller's scope. */
  function existingIn(
    scope: DepartmentScope,
    found: { id: number; status: string; departmentId: number; departmentName: string } | undefined,
  ): ConnectTarget['existing'] {
    if (!found) return null;
    if (inScope(scope, found.departmentId))
      return {
        scope: 'yours',
        accountId: found.id,
        department: { id: found.departmentId, name: found.departmentName },
        status: found.status as ChannelAccountStatus,
      };
    // A released account belongs to nobody: connecting it brings it here, as a new one would.
    return found.status === 'released' ? null : { scope: 'elsewhere' };
  }

  async function departmentOf(id: number) {
    const [row] = await db
      .select({ id: departments.id, name: departments.name })
      .from(departments)
      .where(eq(departments.id, id));
    return row ?? { id, name: '' };
  }

  async function withExisting(principal: Principal, platform: ChannelPlatform, targets: Target[]) {
    const scope = await departmentScope(db, principal);
    const existing = await db
      .select({
        id: channelAccounts.id,
        externalId: channelAccounts.externalId,
        status: channelAccounts.status,
        departmentId: departments.id,
        departmentName: departments.name,
      })
      .from(channelAccounts)
      .innerJoin(departments, eq(departments.id, channelAccounts.departmentId))
      .where(
        and(
          eq(channelAccounts.platform, platform),
          inArray(
            channelAccounts.externalId,
            targets.map((t) => t.externalId),
          ),
        ),
      );
    const byExternalId = new Map(existing.map((row) => [row.externalId, row]));
    return targets.map((target) => {
      const found = byExternalId.get(target.externalId);
      return {
        platform,
        externalId: target.externalId,
        name: target.name,
        handle: target.handle ?? null,
        avatarUrl: target.avatarUrl ?? null,
        profileUrl: target.profileUrl ?? null,
        existing: existingIn(scope, found),
      };
    });
  }
}

/**
 * What a platform's redirect must carry besides the code for the exchange to be tried (VK ID's
 * device): without it the callback is refused before its state is used up.
 */
const CALLBACK_FIELDS: Partial<Record<ChannelPlatform, readonly ('deviceId' | 'code')[]>> = {
  vk: ['deviceId'],
};

function incompleteCallback(platform: ChannelPlatform, body: Body<'channelConnectCallback'>): void {
  if (body.error) return;
  const missing = (['code', ...(CALLBACK_FIELDS[platform] ?? [])] as const).find((field) => !body[field]);
  if (missing)
    throw new AppError('callbackIncomplete', {
      params: { platform: platformName(platform), field: missing === 'deviceId' ? 'device_id' : missing },
    });
}

/** A platform that signs in with an identifier and an app password (Bluesky): the grant to keep. */
interface AppPasswordAdapter {
  signIn(identifier: string, appPassword: string): Promise<Grant>;
}

function isAppPasswordAdapter(adapter: AccountAdapter): adapter is AccountAdapter & AppPasswordAdapter {
  return typeof (adapter as Partial<AppPasswordAdapter>).signIn === 'function';
}

/** Telegram's refusals, on the field they concern (platforms.md §6). */
function telegramFailure(error: unknown): never {
  if (isPlatformError(error)) {
    if (error.kind === 'reauthorize' && error.detail.status === 401)
      throw new AppError('telegramBotInvalid', {
        fieldErrors: [fieldError('botToken', 'telegramBotInvalid')],
      });
    if (error.detail.platformCode === 'botNotAdministrator' || error.kind === 'reauthorize')
      throw new AppError('telegramBotNotAdmin', {
        fieldErrors: [fieldError('channel', 'telegramBotNotAdmin')],
      });
    if (error.kind === 'rejected')
      throw new AppError('telegramChannelNotFound', {
        fieldErrors: [fieldError('channel', 'telegramChannelNotFound')],
      });
  }
  return connectFailure('telegram', error);
}
export type ConnectService = ReturnType<typeof createConnectService>;
