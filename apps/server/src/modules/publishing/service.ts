import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import {
  PUBLISHING_PLATFORMS,
  isPublishingPlatform,
  type PublishingPlatform,
} from '@postdeck/contract/platforms';
import { preflight } from '@postdeck/contract/preflight';
import type { PublicationMediaType } from '@postdeck/contract/publish-history';
import { preflightKey } from '@postdeck/contract/preflight-messages';
import { PUBLISH_OPTIONS_SCHEMAS } from '@postdeck/contract/publish-options';
import { tagTextWithUtm, utmTagsFor } from '@postdeck/contract/utm';
import type {
  Publication,
  PublicationStatus,
  PublishBody,
  PublishTargets,
  PublicationUpdateBody,
  RetryResult,
  SettleBody,
} from '@postdeck/contract/publishing';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  channelAccounts,
  contentMaterials,
  contents,
  departments,
  materials,
  publicationEvents,
  publications,
  publishTargetChoices,
} from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { type DepartmentScope, departmentScope, inScope } from '../../lib/department-scope.ts';
import { AppError, type LocalFieldError, fieldError } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { type RequestMeta, auditChange } from '../audit/audit.ts';
import { pausesOfAccounts } from './pauses.ts';
import { publicationsById, toPublication, visiblePublication } from './present.ts';
import { canMove, move } from './states.ts';
import { moveEach } from './targets.ts';
import { MEDIA_SEND_PRIORITY } from './worker.ts';

export interface PublishingServiceDeps {
  db: Db;
  clock: Clock;
  jobs?: JobQueue | undefined;
}

export const PUBLISH_ACTIONS = {
  create: 'publish.create',
  cancel: 'publish.cancel',
  settle: 'publish.settle',
  update: 'publish.update',
  retry: 'publish.retry',
} as const;

/** What the history files a publish action under: a video among its media, else images, else text. */
const mediaTypeOf = (files: readonly { kind: string }[]): PublicationMediaType =>
  files.some((file) => file.kind === 'video') ? 'video' : files.length > 0 ? 'image' : 'text';

/** States a publication can be cancelled from: it has not gone out. */
const CANCELLABLE: readonly PublicationStatus[] = ['scheduled', 'queued', 'held'];
/** States a publication can be edited in: the same, it has not gone out. */
const EDITABLE = CANCELLABLE;

/**
 * Publishing from the composer and acting on one publication (issue 20): one publish action
 * makes a parent and a child per account, each a snapshot of what will be sent; the pipeline
 * (worker.ts) takes the children from there.
 */
export function createPublishingService(deps: PublishingServiceDeps) {
  const { db, clock } = deps;

  const visible = (principal: Principal, id: number) => visiblePublication(db, principal, id);

  return {
    async create(principal: Principal, body: PublishBody, meta: RequestMeta) {
      const now = clock.now();
      const scope = await departmentScope(db, principal);
      const [content] = await db
        .select()
        .from(contents)
        .where(and(eq(contents.id, body.contentId), isNull(contents.deletedAt)));
      if (!content || !inScope(scope, content.departmentId))
        throw new AppError('validation', {
          fieldErrors: [fieldError('contentId', 'validation.unknownReference')],
        });
      const scheduledAt = body.scheduledAt ? new Date(body.scheduledAt) : undefined;
      if (scheduledAt && scheduledAt.getTime() <= now.getTime())
        throw new AppError('publishInPast', { fieldErrors: [fieldError('scheduledAt', 'publishInPast')] });
      const utm = body.utm === true;

      const ids = body.targets.map((target) => target.accountId);
      const duplicate = ids.findIndex((id, index) => ids.indexOf(id) !== index);
      if (duplicate !== -1)
        throw new AppError('validation', {
          fieldErrors: [fieldError(`targets.${duplicate}.accountId`, 'validation.duplicate')],
        });
      const accounts = await db.select().from(channelAccounts).where(inArray(channelAccounts.id, ids));
      const byId = new Map(accounts.map((account) => [account.id, account]));
      const files = (
        await db
          .select(FILE_COLUMNS)
          .from(contentMaterials)
          .innerJoin(materials, eq(materials.id, contentMaterials.materialId))
          .where(eq(contentMaterials.contentId, content.id))
          .orderBy(asc(contentMaterials.position))
      ).filter((m) => m.kind === 'image' || m.kind === 'video');

      const problems: LocalFieldError[] = [];
      const unavailable: LocalFieldError[] = [];
      const children = body.targets.map((target, index) => {
        const account = byId.get(target.accountId);
        const at = `targets.${index}`;
        const refused = targetRefusal(scope, account);
        if (
          refused === 'validation.unknownReference' ||
          !account ||
          !isPublishingPlatform(account.platform)
        ) {
          problems.push(fieldError(`${at}.accountId`, 'validation.unknownReference'));
          return undefined;
        }
        if (refused) {
          unavailable.push(fieldError(`${at}.accountId`, refused));
          return undefined;
        }
        const platform: PublishingPlatform = account.platform;
        // Tagged before the preflight, so the platform's limit counts the longer links.
        const text = withUtm(target.text ?? content.bodyText, utm, platform, content.id);
        const variant = checkVariant(platform, text, target.options, content.title, files, at);
        problems.push(...variant.problems);
        return variant.options ? { account, platform, text, options: variant.options } : undefined;
      });
      if (problems.length > 0) {
        const onlyPreflight = problems.every((p) => p.message.startsWith('publish.preflight.'));
        throw new AppError(onlyPreflight ? 'publishPreflight' : 'validation', { fieldErrors: problems });
      }
      if (unavailable.length > 0)
        throw new AppError('publishAccountUnavailable', { fieldErrors: unavailable });

      const created = await db.transaction(async (tx) => {
        const chosen = children.flatMap((child) => (child ? [child] : []));
        const made = await insertPublishAction(tx, deps.jobs, principal, meta, {
          content,
          files,
          scheduledAt,
          children: chosen,
          now,
          utm,
        });
        const accountIds = chosen.map((child) => child.account.id);
        await tx
          .insert(publishTargetChoices)
          .values({ userId: principal.id, accountIds, updatedAt: now })
          .onConflictDoUpdate({
            target: publishTargetChoices.userId,
            set: { accountIds, updatedAt: now },
          });
        return made;
      });
      return { parentId: created.parentId, publications: await publicationsById(db, created.ids) };
    },

    async targets(principal: Principal): Promise<PublishTargets> {
      const scope = await departmentScope(db, principal);
      const rows = await db
        .select({
          id: channelAccounts.id,
          platform: channelAccounts.platform,
          name: channelAccounts.name,
          handle: channelAccounts.handle,
          status: channelAccounts.status,
          department: { id: departments.id, name: departments.name },
        })
        .from(channelAccounts)
        .innerJoin(departments, eq(departments.id, channelAccounts.departmentId))
        .where(
          and(
            inArray(channelAccounts.platform, [...PUBLISHING_PLATFORMS]),
            scope.all ? undefined : inArray(channelAccounts.departmentId, scope.ids),
          ),
        )
        .orderBy(asc(channelAccounts.platform), asc(departments.name), asc(channelAccounts.name));
      const paused = await pausesOfAccounts(
        db,
        rows.map((row) => ({ id: row.id, departmentId: row.department.id })),
      );
      const accounts = rows.map(({ status, platform, ...account }) => ({
        ...account,
        platform: platform as PublishingPlatform,
        unavailable:
          status === 'released' || status === 'reauthorize' ? (status as 'released' | 'reauthorize') : null,
        paused: paused.get(account.id) ?? null,
      }));
      const [choice] = await db
        .select({ accountIds: publishTargetChoices.accountIds })
        .from(publishTargetChoices)
        .where(eq(publishTargetChoices.userId, principal.id));
      const choosable = new Set(accounts.filter((a) => a.unavailable === null).map((a) => a.id));
      return {
        accounts,
        lastChoice: (choice?.accountIds ?? []).filter((id) => choosable.has(id)),
        lastUtm: await lastUtmChoice(db, principal.id),
      };
    },

    async chunkStatus(principal: Principal, id: number) {
      const row = await visible(principal, id);
      const files =
        row.mediaIds.length === 0
          ? []
          : await db
              .select({ bytes: materials.bytes })
              .from(materials)
              .where(inArray(materials.id, row.mediaIds));
      const progress = row.progress as Record<string, string>;
      const sent = progress['bytesSent'];
      const handedOut = Object.keys(progress).some((key) => key !== 'bytesSent');
      return {
        taskId: row.id,
        status: row.status as PublicationStatus,
        bytesSent: sent === undefined ? null : Number(sent),
        totalBytes: files.reduce((sum, file) => sum + file.bytes, 0),
        processing: row.status === 'publishing' && handedOut,
      };
    },

    async detail(principal: Principal, id: number) {
      const row = await visible(principal, id);
      const [publication] = await publicationsById(db, [row.id]);
      if (!publication) throw new AppError('notFound');
      const events = await db
        .select()
        .from(publicationEvents)
        .where(eq(publicationEvents.publicationId, row.id))
        .orderBy(asc(publicationEvents.id));
      return {
        ...publication,
        errorRaw: row.errorRaw ?? null,
        events: events.map((event) => ({
          from: event.fromStatus as PublicationStatus | null,
          to: event.toStatus as PublicationStatus,
          at: event.at.toISOString(),
          actor: null,
          detail: event.detail as Record<string, unknown>,
        })),
      };
    },

    /** Cancels what has not gone out: one publication, or a parent's children. */
    async withdrawal(principal: Principal, id: number, meta: RequestMeta) {
      const row = await visible(principal, id);
      const { moved: cancelled, kept } = await moveEach(db, row, (target) => {
        const now = clock.now();
        return move(db, {
          id: target.id,
          from: CANCELLABLE,
          to: 'cancelled',
          actorId: principal.id,
          at: now,
          also: (tx) =>
            auditChange(tx, principal, meta, {
              action: PUBLISH_ACTIONS.cancel,
              target: `publication:${target.id}`,
              detail: {},
              at: now,
            }),
        });
      });
      // One publication asked for by itself, already on its way: said plainly, not as a silent no-op.
      if (row.accountId !== null && cancelled.length === 0 && kept[0]?.status === 'publishing')
        throw new AppError('publicationSending');
      return { cancelled, kept };
    },

    /**
     * Edits one publication before it goes out: its time (later, or now), its text and options,
     * checked again by the preflight. The write is guarded by the state, so an edit that lands
     * while it sends changes nothing and is told so.
     */
    async update(principal: Principal, body: PublicationUpdateBody, meta: RequestMeta): Promise<Publication> {
      const row = await visible(principal, body.id);
      if (row.accountId === null || !row.platform || !isPublishingPlatform(row.platform))
        throw new AppError('validation', { fieldErrors: [fieldError('id', 'validation.unknownReference')] });
      const platform = row.platform;
      if (row.status === 'publishing') throw new AppError('publicationSending');
      if (!EDITABLE.includes(row.status as PublicationStatus))
        throw new AppError('publicationNotEditable', {
          params: { platform: PLATFORM_CAPABILITIES[platform].displayName },
        });
      const now = clock.now();
      const scheduledAt =
        body.scheduledAt === undefined
          ? row.scheduledAt
          : body.scheduledAt === null
            ? null
            : new Date(body.scheduledAt);
      if (body.scheduledAt && scheduledAt && scheduledAt.getTime() <= now.getTime())
        throw new AppError('publishInPast', { fieldErrors: [fieldError('scheduledAt', 'publishInPast')] });
      // A new time while a pause holds the account would only seem to move it: refused, saying why.
      if (body.scheduledAt !== undefined && scheduledAt?.getTime() !== row.scheduledAt?.getTime())
        await refuseWhilePaused(db, row.accountId);
      const files =
        row.mediaIds.length === 0
          ? []
          : await db.select(FILE_COLUMNS).from(materials).where(inArray(materials.id, row.mediaIds));
      // New text is tagged as the publish action's was (its parent remembers); the stored one already is.
      const text =
        body.text === undefined
          ? row.text
          : withUtm(body.text, await parentTagsLinks(db, row.parentId), platform, row.contentId);
      const variant = checkVariant(
        platform,
        text,
        body.options ?? (row.options as Record<string, unknown>),
        row.title,
        files,
        '',
      );
      if (!variant.options) {
        const onlyPreflight = variant.problems.every((p) => p.message.startsWith('publish.preflight.'));
        throw new AppError(onlyPreflight ? 'publishPreflight' : 'validation', {
          fieldErrors: variant.problems,
        });
      }
      // A held one stays held (its account must be connected again first), with its edits kept.
      const held = row.status === 'held';
      const to: PublicationStatus = held ? 'held' : scheduledAt && scheduledAt > now ? 'scheduled' : 'queued';
      const moved = await move(db, {
        id: row.id,
        from: EDITABLE.filter((from) => canMove(from, to)),
        to,
        actorId: principal.id,
        set: { text, options: variant.options, scheduledAt, nextAttemptAt: scheduledAt ?? now },
        detail: { edited: Object.keys(body).filter((key) => key !== 'id') },
        at: now,
        also: async (tx) => {
          await auditChange(tx, principal, meta, {
            action: PUBLISH_ACTIONS.update,
            target: `publication:${row.id}`,
            detail: { scheduledAt: scheduledAt?.toISOString() ?? null, text: body.text !== undefined },
            at: now,
          });
          if (!held)
            await deps.jobs?.send(
              'publishing.send',
              { publicationId: row.id },
              { tx, ...(scheduledAt && scheduledAt > now ? { startAfter: scheduledAt } : {}) },
            );
        },
      });
      // It moved on between the read and the write: sending, or settled.
      if (!moved) throw new AppError('publicationSending');
      const [publication] = await publicationsById(db, [row.id]);
      if (!publication) throw new AppError('notFound');
      return publication;
    },

    /**
     * Sends failed publications again: one, or a parent's failed children. A failure is known not
     * to have posted (DESIGN.md §6), so a resend cannot post twice; its attempts count afresh.
     */
    async retry(principal: Principal, id: number, meta: RequestMeta): Promise<RetryResult> {
      const row = await visible(principal, id);
      const { moved: retried, kept } = await moveEach(db, row, (target) => {
        const now = clock.now();
        return move(db, {
          id: target.id,
          from: ['failed'],
          to: 'queued',
          actorId: principal.id,
          set: { attempts: 0, nextAttemptAt: now, errorKind: null, errorMessage: null },
          detail: { how: 'retry' },
          at: now,
          also: async (tx) => {
            await auditChange(tx, principal, meta, {
              action: PUBLISH_ACTIONS.retry,
              target: `publication:${target.id}`,
              detail: {},
              at: now,
            });
            await deps.jobs?.send('publishing.send', { publicationId: target.id }, { tx });
          },
        });
      });
      return { retried, kept };
    },

    /** Settles an unconfirmed publication: it is there (its link, checked against the account), or again. */
    async settle(principal: Principal, body: SettleBody, meta: RequestMeta): Promise<Publication> {
      const row = await visible(principal, body.id);
      if (row.status !== 'unconfirmed') throw new AppError('publicationNotUnconfirmed');
      const now = clock.now();
      const audit = (tx: Db) =>
        auditChange(tx, principal, meta, {
          action: PUBLISH_ACTIONS.settle,
          target: `publication:${row.id}`,
          detail:
            body.outcome === 'published' ? { outcome: 'published', url: body.url } : { outcome: 'again' },
          at: now,
        });
      if (body.outcome === 'published') {
        const [account] = await db
          .select({
            name: channelAccounts.name,
            profileUrl: channelAccounts.profileUrl,
            platform: channelAccounts.platform,
          })
          .from(channelAccounts)
          .where(eq(channelAccounts.id, row.accountId ?? -1));
        if (!account || !sameSite(body.url, account.profileUrl))
          throw new AppError('publicationLinkMismatch', {
            params: {
              account: account?.name ?? '',
              platform: isPublishingPlatform(account?.platform ?? '')
                ? PLATFORM_CAPABILITIES[account?.platform as PublishingPlatform].displayName
                : '',
            },
            fieldErrors: [fieldError('url', 'publicationLinkMismatch')],
          });
        const moved = await move(db, {
          id: row.id,
          from: ['unconfirmed'],
          to: 'published',
          actorId: principal.id,
          set: {
            externalUrl: body.url,
            publishedAt: row.attemptStartedAt ?? now,
            errorKind: null,
            errorMessage: null,
          },
          detail: { how: 'settled', url: body.url },
          at: now,
          also: async (tx) => {
            await audit(tx);
            // The proof of a post the author says is there, as of one that answered.
            await deps.jobs?.send('publishing.screenshot', { publicationId: row.id }, { tx });
          },
        });
        if (!moved) throw new AppError('publicationNotUnconfirmed');
      } else {
        // Of two "publish again" at once, one moves it; the other finds it settled.
        const moved = await move(db, {
          id: row.id,
          from: ['unconfirmed'],
          to: 'queued',
          actorId: principal.id,
          set: { nextAttemptAt: now, errorKind: null, errorMessage: null },
          detail: { how: 'again' },
          at: now,
          also: async (tx) => {
            await audit(tx);
            await deps.jobs?.send('publishing.send', { publicationId: row.id }, { tx });
          },
        });
        if (!moved) throw new AppError('publicationNotUnconfirmed');
      }
      const [publication] = await publicationsById(db, [row.id]);
      if (!publication) throw new AppError('notFound');
      return publication;
    },
  };
}

/** An account a publication may not go to: unknown or outside the scope (as if it did not exist, so ids cannot be probed), or disconnected. */
export type TargetRefusal = 'validation.unknownReference' | 'publishAccountUnavailable';

/** Why an account (or none found) cannot take a publication from a caller of `scope`; undefined when it can. */
export function targetRefusal(
  scope: DepartmentScope,
  account: { departmentId: number; platform: string; status: string } | undefined,
): TargetRefusal | undefined {
  if (!account || !inScope(scope, account.departmentId) || !isPublishingPlatform(account.platform))
    return 'validation.unknownReference';
  if (account.status === 'released' || account.status === 'reauthorize') return 'publishAccountUnavailable';
  return undefined;
}

/** One account's publication of a publish action, checked (checkVariant) and ready to insert. */
export interface PublishChild {
  account: { id: number };
  platform: PublishingPlatform;
  text: string;
  options: Record<string, unknown>;
}

/**
 * The writes of one publish action inside the caller's transaction: the parent, a child per
 * account (scheduled, or queued to go now), their first events, their send jobs (committed with
 * the rows: none is lost between the two, and none runs for a row rolled back) and the audit
 * entry. Everything is checked before: this only writes.
 */
export async function insertPublishAction(
  tx: Db,
  jobs: JobQueue | undefined,
  principal: Principal,
  meta: RequestMeta,
  input: {
    content: { id: number; departmentId: number; title: string };
    files: readonly { id: number; kind: string }[];
    scheduledAt: Date | undefined;
    children: readonly PublishChild[];
    now: Date;
    /** The composer's choice to tag links (kept on the parent); absent for actions made elsewhere (an import). */
    utm?: boolean | undefined;
  },
): Promise<{ parentId: number; ids: number[] }> {
  const { content, files, scheduledAt, children, now, utm } = input;
  const status: PublicationStatus = scheduledAt ? 'scheduled' : 'queued';
  const common = {
    contentId: content.id,
    departmentId: content.departmentId,
    authorId: principal.id,
    title: content.title,
    mediaIds: files.map((file) => file.id),
    mediaType: mediaTypeOf(files),
    scheduledAt: scheduledAt ?? null,
    // The same instant on the parent and its children: the history pages them together.
    createdAt: now,
    updatedAt: now,
  };
  const [parent] = await tx
    .insert(publications)
    .values({ ...common, status: 'group', ...(utm === undefined ? {} : { options: { utm } }) })
    .returning({ id: publications.id });
  if (!parent) throw new Error('publication insert returned nothing');
  const rows = await tx
    .insert(publications)
    .values(
      children.map((child) => ({
        ...common,
        parentId: parent.id,
        accountId: child.account.id,
        platform: child.platform,
        status,
        text: child.text,
        options: child.options,
        nextAttemptAt: scheduledAt ?? now,
      })),
    )
    .returning({ id: publications.id });
  await tx.insert(publicationEvents).values(
    rows.map(({ id }) => ({
      publicationId: id,
      fromStatus: null,
      toStatus: status,
      actorId: principal.id,
      detail: scheduledAt ? { scheduledAt: scheduledAt.toISOString() } : {},
      at: now,
    })),
  );
  for (const { id } of rows)
    await jobs?.send(
      'publishing.send',
      { publicationId: id },
      {
        tx,
        ...(scheduledAt ? { startAfter: scheduledAt } : {}),
        // Straight to the media lane (worker.ts), rather than handed over by the text lane.
        ...(files.length > 0 ? { priority: MEDIA_SEND_PRIORITY } : {}),
      },
    );
  await auditChange(tx, principal, meta, {
    action: PUBLISH_ACTIONS.create,
    target: `publication:${parent.id}`,
    detail: {
      contentId: content.id,
      accounts: children.map((child) => child.account.id),
      scheduledAt: scheduledAt?.toISOString() ?? null,
      ...(utm === undefined ? {} : { utm }),
    },
    at: now,
  });
  return { parentId: parent.id, ids: rows.map((row) => row.id) };
}

/** The text with its http(s) links tagged for the platform and the content (contract utm.ts) when `on`. */
function withUtm(text: string, on: boolean, platform: PublishingPlatform, contentId: number): string {
  return on ? tagTextWithUtm(text, utmTagsFor(platform, contentId)) : text;
}

/** Whether a publish action chose to tag its links: its parent's `options.utm`. */
async function parentTagsLinks(db: Db, parentId: number | null): Promise<boolean> {
  if (parentId === null) return false;
  const [parent] = await db
    .select({ options: publications.options })
    .from(publications)
    .where(eq(publications.id, parentId));
  return (parent?.options as { utm?: unknown } | undefined)?.utm === true;
}

/**
 * The user's last choice to tag links, remembered without a table of its own: the newest parent
 * the composer made for them says it in `options.utm` (an import's parent says nothing and is
 * passed over). Off when there is none. The history's author index walks parents newest first.
 */
async function lastUtmChoice(db: Db, userId: number): Promise<boolean> {
  const [last] = await db
    .select({ utm: sql<unknown>`${publications.options} -> 'utm'` })
    .from(publications)
    .where(
      and(
        eq(publications.authorId, userId),
        isNull(publications.parentId),
        sql`${publications.options} -> 'utm' is not null`,
      ),
    )
    .orderBy(desc(publications.createdAt), desc(publications.id))
    .limit(1);
  return last?.utm === true;
}

/** 409 publicationPausedHere, naming the account and the reason, when a pause holds the account. */
async function refuseWhilePaused(db: Db, accountId: number): Promise<void> {
  const [account] = await db
    .select({
      id: channelAccounts.id,
      name: channelAccounts.name,
      departmentId: channelAccounts.departmentId,
    })
    .from(channelAccounts)
    .where(eq(channelAccounts.id, accountId));
  const pause = account && (await pausesOfAccounts(db, [account])).get(account.id);
  if (pause)
    throw new AppError('publicationPausedHere', { params: { account: account.name, reason: pause.reason } });
}

/** The media facts the preflight needs. */
export const FILE_COLUMNS = {
  id: materials.id,
  kind: materials.kind,
  mime: materials.mime,
  bytes: materials.bytes,
  durationMs: materials.durationMs,
  width: materials.width,
  height: materials.height,
};

export type FileFacts = {
  kind: string;
  mime: string;
  bytes: number;
  durationMs: number | null;
  width: number | null;
  height: number | null;
};

/**
 * One account's variant checked as the server must: its options against its platform's schema,
 * then the preflight. `at` prefixes the fields named (`targets.2`). Options are undefined when
 * anything blocks.
 */
export function checkVariant(
  platform: PublishingPlatform,
  text: string,
  given: Record<string, unknown> | undefined,
  contentTitle: string,
  files: readonly FileFacts[],
  at: string,
): { problems: LocalFieldError[]; options: Record<string, unknown> | undefined } {
  const field = (name: string) => (at ? `${at}.${name}` : name);
  const parsed = PUBLISH_OPTIONS_SCHEMAS[platform].safeParse(given ?? {});
  if (!parsed.success)
    return {
      problems: parsed.error.issues.map((issue) =>
        fieldError(field(['options', ...issue.path.map(String)].join('.')), 'validation.invalid'),
      ),
      options: undefined,
    };
  const chosen = parsed.data as Record<string, unknown>;
  const title =
    platform === 'youtube' ? ((chosen['title'] as string | undefined) ?? contentTitle) : undefined;
  const problems = preflight({
    platform,
    text,
    title,
    media: files
      .filter((file) => file.kind === 'image' || file.kind === 'video')
      .map((file) => ({
        kind: file.kind as 'image' | 'video',
        mime: file.mime,
        bytes: file.bytes,
        durationS: file.durationMs === null ? null : file.durationMs / 1000,
        width: file.width,
        height: file.height,
      })),
  })
    .filter((problem) => problem.blocking)
    .map((problem) => fieldError(field(problem.field), preflightKey(problem.code), problem.params));
  return { problems, options: problems.length > 0 ? undefined : title ? { ...chosen, title } : chosen };
}

/** Whether a post's link is on the site of the account's profile (the platform's own host). */
function sameSite(url: string, profileUrl: string | null): boolean {
  const post = URL.parse(url);
  const profile = profileUrl ? URL.parse(profileUrl) : null;
  if (!post || !profile) return false;
  const base = (host: string) => host.replace(/^(www|m|mobile)\./, '');
  return base(post.host) === base(profile.host);
}

export type PublishingService = ReturnType<typeof createPublishingService>;
export { toPublication };
