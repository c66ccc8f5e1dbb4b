import type { Publication } from '@postdeck/contract/publishing';
import type { TFunction } from 'i18next';
import { platformName } from '../channels/platform-name';

/** The error kinds the platform adapters report (server platforms/errors.ts). */
const PLATFORM_KINDS = [
  'rejected',
  'reauthorize',
  'rateLimited',
  'mediaInvalid',
  'transient',
  'outcomeUnknown',
] as const;
type PlatformKind = (typeof PLATFORM_KINDS)[number];

const isPlatformKind = (kind: string): kind is PlatformKind =>
  (PLATFORM_KINDS as readonly string[]).includes(kind);

export interface PublicationErrorText {
  /** What happened, in the reader's language. */
  sentence: string;
  /** The platform's own words after it, when it gave some. */
  platformSaid: string | null;
}

/**
 * A publication's error in plain words. The message is the platform's only for its own kinds:
 * otherwise (a lost answer, a reason of Postdeck's such as 'noGrant') it is the server's note.
 */
export function publicationErrorText(t: TFunction, publication: Publication): PublicationErrorText | null {
  const { error } = publication;
  if (!error) return null;
  const platform = platformName(publication.account.platform);
  const known = isPlatformKind(error.kind);
  const sentence = known
    ? t(`publishing.live.errors.${error.kind as PlatformKind}`, { platform })
    : t('publishing.live.errors.other', { platform });
  const theirs = known && error.kind !== 'outcomeUnknown' && error.message ? error.message : null;
  return {
    sentence,
    platformSaid: theirs && t('publishing.live.platformSaid', { platform, message: theirs }),
  };
}
