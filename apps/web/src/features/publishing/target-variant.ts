import type { Material } from '@postdeck/contract/materials';
import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import { textLength } from '@postdeck/contract/platform-text';
import type { PublishingPlatform } from '@postdeck/contract/platforms';
import { type PreflightCode, type PreflightMedia, preflight } from '@postdeck/contract/preflight';
import { PUBLISH_OPTIONS_SCHEMAS } from '@postdeck/contract/publish-options';
import type { PublishBody, PublishTarget, PublishTargets } from '@postdeck/contract/publishing';
import { tagTextWithUtm, utmTagsFor } from '@postdeck/contract/utm';

export type TargetAccount = PublishTargets['accounts'][number];

/** The saved content as publishing sees it: what the server publishes is its saved copy. */
export interface PublishSource {
  id: number;
  title: string;
  /** The content's plain text (the server's bodyText): every account's text unless it has its own. */
  text: string;
  /** Attached materials in order; the cover is not sent. */
  media: readonly Material[];
}

/** One ticked account's post as the author shapes it. */
export interface Variant {
  /** The account's own text; null while it follows the content's. */
  text: string | null;
  /** The platform's choices, as PUBLISH_OPTIONS_SCHEMAS names them; unset ones are left out. */
  options: Record<string, unknown>;
  /** TikTok: the author turned the content disclosure on (what it discloses sits in options). */
  disclose: boolean;
}

export const EMPTY_VARIANT: Variant = { text: null, options: {}, disclose: false };

export type TikTokRule = 'privacyRequired' | 'brandedPrivate' | 'discloseWhich';

/** Why a post would be refused or might go wrong; `field` is relative to the target ('text', 'options.title'). */
export type TargetProblem = { field: string; blocking: boolean } & (
  | { source: 'preflight'; code: PreflightCode; params: Record<string, number | string> }
  | { source: 'option' }
  | { source: 'tiktok'; code: TikTokRule }
);

export const textOf = (variant: Variant, source: PublishSource): string => variant.text ?? source.text;

/**
 * The text the account will be sent: its own or the content's, with its links tagged for the
 * platform when `utm` is on, as the server tags it (contract utm.ts). The preview shows it and
 * the counter and the preflight measure it.
 */
export const sentText = (
  platform: PublishingPlatform,
  variant: Variant,
  source: PublishSource,
  utm: boolean,
): string =>
  utm ? tagTextWithUtm(textOf(variant, source), utmTagsFor(platform, source.id)) : textOf(variant, source);

export const preflightMedia = (media: readonly Material[]): PreflightMedia[] =>
  media.map((m) => ({
    kind: m.kind,
    mime: m.mime,
    bytes: m.bytes,
    durationS: m.durationMs === null ? null : m.durationMs / 1000,
    width: m.width,
    height: m.height,
  }));

/** The text limit the platform applies to this post: a caption's when media go with it (Telegram). */
export function textLimit(platform: PublishingPlatform, withMedia: boolean): number {
  const { maxLength, maxLengthWithMedia } = PLATFORM_CAPABILITIES[platform].text;
  return withMedia && maxLengthWithMedia !== null ? maxLengthWithMedia : maxLength;
}

export function textCount(
  platform: PublishingPlatform,
  variant: Variant,
  source: PublishSource,
  utm = false,
) {
  return {
    length: textLength(platform, sentText(platform, variant, source, utm)),
    max: textLimit(platform, source.media.length > 0),
  };
}

/** The YouTube title the post carries: its own, else the content's (as the server does). */
export const youtubeTitle = (variant: Variant, source: PublishSource): string =>
  typeof variant.options['title'] === 'string' ? variant.options['title'] : source.title;

const isUnset = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The options as the server takes them: unset ones left out, the disclosures only while disclosing. */
export function optionsOf(platform: PublishingPlatform, variant: Variant): Record<string, unknown> {
  const entries = Object.entries(variant.options).filter(([name, value]) => {
    if (isUnset(value)) return false;
    if (platform === 'tiktok' && !variant.disclose && (name === 'brandContent' || name === 'brandOrganic'))
      return false;
    return true;
  });
  return Object.fromEntries(entries);
}

/**
 * TikTok's Content Sharing Guidelines: the author picks who may view (no default), says what a
 * disclosure is about once it is on, and branded content cannot be private.
 */
function tiktokProblems(variant: Variant): TargetProblem[] {
  const problems: TargetProblem[] = [];
  const rule = (code: TikTokRule, field: string) =>
    problems.push({ source: 'tiktok', code, field, blocking: true });
  const privacy = variant.options['privacy'];
  if (isUnset(privacy)) rule('privacyRequired', 'options.privacy');
  if (variant.disclose) {
    const { brandContent, brandOrganic } = variant.options;
    if (brandContent !== true && brandOrganic !== true) rule('discloseWhich', 'options.disclose');
    if (brandContent === true && privacy === 'SELF_ONLY') rule('brandedPrivate', 'options.privacy');
  }
  return problems;
}

/** Everything known before sending about one account's post: the contract's preflight, the options' schema, TikTok's rules. */
export function problemsOf(
  account: Pick<TargetAccount, 'platform'>,
  variant: Variant,
  source: PublishSource,
  utm = false,
): TargetProblem[] {
  const { platform } = account;
  const problems: TargetProblem[] = preflight({
    platform,
    text: sentText(platform, variant, source, utm),
    media: preflightMedia(source.media),
    title: platform === 'youtube' ? youtubeTitle(variant, source) : undefined,
  }).map((problem) => ({ source: 'preflight', ...problem }));
  const parsed = PUBLISH_OPTIONS_SCHEMAS[platform].safeParse(optionsOf(platform, variant));
  if (!parsed.success) {
    const fields = new Set(parsed.error.issues.map((issue) => ['options', issue.path[0]].join('.')));
    // The preflight already says what is wrong with a YouTube title.
    const told = new Set(problems.map((problem) => problem.field));
    for (const field of fields)
      if (!told.has(field)) problems.push({ source: 'option', field, blocking: true });
  }
  if (platform === 'tiktok') problems.push(...tiktokProblems(variant));
  return problems;
}

export function targetOf(account: TargetAccount, variant: Variant, source: PublishSource): PublishTarget {
  const options = optionsOf(account.platform, variant);
  // The server renders the content's text itself when none is sent: sent only when the account has its own.
  const ownText = variant.text !== null && variant.text !== source.text;
  return {
    accountId: account.id,
    ...(ownText ? { text: variant.text ?? '' } : {}),
    ...(Object.keys(options).length > 0 ? { options } : {}),
  };
}

export function publishBody(
  source: PublishSource,
  targets: readonly { account: TargetAccount; variant: Variant }[],
  scheduledAt: Date | null,
  utm = false,
): PublishBody {
  return {
    contentId: source.id,
    // The untagged text: the server tags it (and remembers the choice).
    targets: targets.map(({ account, variant }) => targetOf(account, variant, source)),
    // UTC: the server stores instants, and the author's zone is only how the picker shows them.
    ...(scheduledAt ? { scheduledAt: scheduledAt.toISOString() } : {}),
    utm,
  };
}
