import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isPublishingPlatform } from '@postdeck/contract/platforms';
import type {
  PublicationScreenshot,
  ScreenshotReason,
  publicationScreenshotQuerySchema,
} from '@postdeck/contract/publication-screenshot';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { materials, publications } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { departmentScope, inScope } from '../../lib/department-scope.ts';
import { AppError } from '../../lib/errors.ts';
import { PageScreenshotError, screenshotPage } from '../../lib/page-screenshot.ts';
import type { Principal } from '../../lib/principal.ts';
import type { PlatformRegistry } from '../../platforms/registry.ts';
import { type RequestMeta, auditChange } from '../audit/audit.ts';
import { type IntakeDeps, fileIntoLibrary } from '../materials/intake.ts';
import type { UrlSigner } from '../materials/signed-urls.ts';
import { loadPrincipal } from '../users/principal-repo.ts';

export interface ScreenshotDeps {
  db: Db;
  clock: Clock;
  registry: Pick<PlatformRegistry, 'sandbox' | 'sandboxOrigins'>;
  /** The library the pictures are filed in, and its file signer (materials module). */
  materials: { signer: UrlSigner; intake: { deps: IntakeDeps; scratchDir: string } };
  /** CHANNEL_ALLOW_PRIVATE: a company's own platform server (a Mastodon) may be photographed too. */
  allowPrivate?: readonly string[] | undefined;
  /** The browser; tests may put something quicker in its place. */
  capture?: typeof screenshotPage;
  log?: ((message: string, detail?: Record<string, unknown>) => void) | undefined;
}

/** What one try came to: a picture, or why not. */
export type ScreenshotOutcome =
  { ok: true; materialId: number } | { ok: false; reason: ScreenshotReason; detail: string | null };

/** Browsers at once in one process: each is a few hundred MB and a core while it loads. */
const MAX_BROWSERS = 2;
/** Written as the audit entry's client: the author is the uploader, but nobody's browser asked. */
const SERVER_META: RequestMeta = { ip: '', userAgent: 'Postdeck screenshot' };
export const SCREENSHOT_ACTION = 'publish.screenshot';

type Row = typeof publications.$inferSelect;

/** Runs at most `limit` tasks at a time; the others wait their turn. */
function limiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/** A name that says what it is in any language: platform, publication, minute taken (UTC). */
const fileName = (row: Row, at: Date) =>
  `${row.platform ?? 'post'}-${row.id}-${at.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-')}.png`;

/**
 * The screenshot proof of a published post (issue 20 item 8): its public page photographed by
 * the guarded browser (lib/page-screenshot.ts) and filed in the library as a material of the
 * publication's department, uploaded by its author; why a try gave no picture is recorded on
 * the publication, and an earlier picture is kept. In the sandbox the platform's local server
 * is the post's site, so its exact loopback origins are let through, and nothing else is.
 */
export function createScreenshots(deps: ScreenshotDeps) {
  const { db, clock } = deps;
  const capture = deps.capture ?? screenshotPage;
  const log = deps.log ?? (() => undefined);
  const inTurn = limiter(MAX_BROWSERS);
  /** Tries under way in this process: a second ask for the same publication waits for the first. */
  const running = new Map<number, Promise<ScreenshotOutcome | undefined>>();

  async function load(id: number): Promise<Row | undefined> {
    const [row] = await db.select().from(publications).where(eq(publications.id, id));
    return row;
  }

  async function record(
    row: Row,
    reason: ScreenshotReason,
    detail: string | null,
  ): Promise<ScreenshotOutcome> {
    await db
      .update(publications)
      .set({ screenshotAt: clock.now(), screenshotError: { reason, detail } })
      .where(eq(publications.id, row.id));
    log('screenshot failed', { publicationId: row.id, reason, detail });
    return { ok: false, reason, detail };
  }

  async function allowed(row: Row): Promise<string[]> {
    const { platform } = row;
    const own =
      deps.registry.sandbox && platform !== null && isPublishingPlatform(platform)
        ? await deps.registry.sandboxOrigins(platform)
        : [];
    return [...(deps.allowPrivate ?? []), ...own];
  }

  async function file(row: Row, png: Buffer): Promise<ScreenshotOutcome> {
    const author = await loadPrincipal(db, row.authorId, clock.now());
    if (!author) return record(row, 'authorGone', null);
    const { intake } = deps.materials;
    await mkdir(intake.scratchDir, { recursive: true });
    const path = join(intake.scratchDir, `screenshot-${randomBytes(12).toString('hex')}.png`);
    try {
      await writeFile(path, png);
      const filed = await fileIntoLibrary(
        intake.deps,
        author,
        { path, name: fileName(row, clock.now()) },
        {
          // The publication's department only: the picture must be where the publication is seen.
          scope: { all: false, ids: [row.departmentId] },
          departmentId: row.departmentId,
          field: 'file',
          kinds: ['image'],
          meta: SERVER_META,
        },
      );
      await db
        .update(publications)
        .set({ screenshotMaterialId: filed.id, screenshotAt: clock.now(), screenshotError: null })
        .where(eq(publications.id, row.id));
      log('screenshot taken', { publicationId: row.id, materialId: filed.id });
      return { ok: true, materialId: filed.id };
    } catch (error) {
      if (error instanceof AppError && error.key === 'materialTooLarge')
        return record(row, 'tooLarge', 'the picture is larger than the library takes');
      log('screenshot not filed', { publicationId: row.id, error: String(error) });
      return record(row, 'internal', null);
    } finally {
      await rm(path, { force: true });
    }
  }

  async function attempt(id: number): Promise<ScreenshotOutcome | undefined> {
    const row = await load(id);
    if (!row || row.accountId === null) return undefined;
    // Only a post that is out has a public page; nothing is recorded, nothing was tried.
    if (row.status !== 'published' || !row.externalUrl)
      return { ok: false, reason: 'notPublished', detail: null };
    let png: Buffer;
    try {
      const allow = await allowed(row);
      png = await inTurn(() => capture(row.externalUrl ?? '', { allow }));
    } catch (error) {
      if (error instanceof PageScreenshotError) return record(row, error.reason, error.message);
      log('screenshot failed unexpectedly', { publicationId: row.id, error: String(error) });
      return record(row, 'internal', null);
    }
    return file(row, png);
  }

  /** One try for a publication now (the job's work, and the page's "take again"). */
  function take(id: number): Promise<ScreenshotOutcome | undefined> {
    let pending = running.get(id);
    if (!pending) {
      pending = attempt(id).finally(() => running.delete(id));
      running.set(id, pending);
    }
    return pending;
  }

  async function present(
    principal: Principal,
    row: Row,
    told: ScreenshotOutcome | undefined,
  ): Promise<PublicationScreenshot> {
    const [material] = row.screenshotMaterialId
      ? await db
          .select({ id: materials.id, createdAt: materials.createdAt })
          .from(materials)
          .where(eq(materials.id, row.screenshotMaterialId))
      : [];
    const recorded = row.screenshotError;
    const takenAt = recorded === null && row.screenshotAt ? row.screenshotAt : material?.createdAt;
    const notPublished = (told && !told.ok && told.reason === 'notPublished') || (!material && !recorded);
    return {
      publicationId: row.id,
      externalUrl: row.externalUrl,
      screenshot:
        material && takenAt
          ? {
              url: deps.materials.signer.fileUrl(material.id, 'original', principal.id),
              takenAt: takenAt.toISOString(),
            }
          : null,
      error: recorded
        ? {
            reason: recorded.reason as ScreenshotReason,
            detail: recorded.detail,
            at: row.screenshotAt?.toISOString() ?? null,
          }
        : notPublished
          ? { reason: 'notPublished', detail: null, at: null }
          : null,
    };
  }

  return {
    take,

    /**
     * GET /content/publish/screenShot: the last picture (or why there is none) of a publication
     * in the caller's scope; a first one is taken if none was ever tried, a new one on `again`.
     */
    async answer(
      principal: Principal,
      query: z.output<typeof publicationScreenshotQuerySchema>,
      meta: RequestMeta,
    ): Promise<PublicationScreenshot> {
      const row = await load(query.id);
      if (!row || !inScope(await departmentScope(db, principal), row.departmentId))
        throw new AppError('notFound');
      const untried = row.screenshotMaterialId === null && row.screenshotAt === null;
      let told: ScreenshotOutcome | undefined;
      if (query.again === 'true' || untried) {
        told = await take(row.id);
        if (told && !(!told.ok && told.reason === 'notPublished'))
          await auditChange(db, principal, meta, {
            action: SCREENSHOT_ACTION,
            target: `publication:${row.id}`,
            detail: told.ok ? { materialId: told.materialId } : { reason: told.reason },
            at: clock.now(),
          });
      }
      return present(principal, (await load(row.id)) ?? row, told);
    },
  };
}

export type Screenshots = ReturnType<typeof createScreenshots>;
