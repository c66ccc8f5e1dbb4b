import { findUrls } from './platform-text-urls.ts';
import type { PublishingPlatform } from './platforms.ts';
import { WhatwgURL, WhatwgURLSearchParams } from './whatwg-url.ts';

/**
 * UTM tags on the links a publication carries (issue 23, item 3), so Google Analytics files the
 * sessions they bring under the platform and the content that brought them, beside the post's
 * own clicks:
 * - utm_source: the platform's id as in PUBLISHING_PLATFORMS (facebook, x, mastodon…);
 * - utm_medium: always `social`;
 * - utm_campaign: `content-<contentId>`. The content's id rather than its title: a title
 *   changes, repeats and needs slugging (and losing characters), while the id is stable, unique
 *   and reads back without a lookup. The statistics module maps GA4's sessionCampaignName (or the
 *   utm_campaign of landingPagePlusQueryString) back to the content with contentIdFromUtmCampaign.
 */
export interface UtmTags {
  source: string;
  medium: string;
  campaign: string;
}

export const UTM_MEDIUM_SOCIAL = 'social';

const CAMPAIGN_PREFIX = 'content-';
const INT4_MAX = 2_147_483_647;

/** The utm_campaign of a content's links: `content-<id>`. */
export function utmCampaignForContent(contentId: number): string {
  return `${CAMPAIGN_PREFIX}${contentId}`;
}

/**
 * The content a utm_campaign names, or null when it names none (another campaign, an id out of
 * range). Case is ignored: some tools and reports upper- or lower-case campaign names.
 */
export function contentIdFromUtmCampaign(campaign: string): number | null {
  const match = /^content-([1-9]\d{0,9})$/i.exec(campaign.trim());
  if (!match?.[1]) return null;
  const id = Number(match[1]);
  return id <= INT4_MAX ? id : null;
}

/**
 * The content a landing page's utm_campaign names: a full address, or a path with its query as
 * GA4's landingPagePlusQueryString gives it (`/story?utm_campaign=content-12`); null otherwise.
 */
export function contentIdFromTaggedUrl(urlOrPath: string): number | null {
  const parsed = WhatwgURL.parse(urlOrPath, 'https://landing.invalid/');
  const campaign = parsed?.searchParams.get('utm_campaign');
  return campaign ? contentIdFromUtmCampaign(campaign) : null;
}

/** The tags a publication to `platform` of content `contentId` gives its links. */
export function utmTagsFor(platform: PublishingPlatform, contentId: number): UtmTags {
  return { source: platform, medium: UTM_MEDIUM_SOCIAL, campaign: utmCampaignForContent(contentId) };
}

/**
 * One http(s) address with the tags added to its query, as written otherwise: its query (kept
 * byte for byte, in order), its fragment (the tags go before the `#`). A tag the author set
 * already is left as it is, so tagging twice changes nothing. Anything that is not an http(s)
 * URL the WHATWG parser takes (mailto:, a malformed address) comes back unchanged.
 */
export function tagLinkWithUtm(url: string, tags: UtmTags): string {
  const parsed = WhatwgURL.parse(url);
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) return url;
  const missing = (
    [
      ['utm_source', tags.source],
      ['utm_medium', tags.medium],
      ['utm_campaign', tags.campaign],
    ] as const
  ).filter(([name]) => !parsed.searchParams.has(name));
  if (missing.length === 0) return url;
  // The raw text rather than parsed.href: the URL API would re-encode what the author wrote.
  const hash = url.indexOf('#');
  const head = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? '' : url.slice(hash);
  const question = head.indexOf('?');
  const query = question === -1 ? undefined : head.slice(question + 1);
  const joiner = query === undefined ? '?' : query === '' || query.endsWith('&') ? '' : '&';
  return `${head}${joiner}${new WhatwgURLSearchParams(missing).toString()}${fragment}`;
}

/**
 * A post's text with every http(s) address in it tagged (tagLinkWithUtm). Addresses are found
 * as the platform counters find them (with a scheme; sentence punctuation after one is not part
 * of it), except that a closing parenthesis that balances one inside the address is (a
 * Wikipedia link). Bare domains (example.com) are left alone: no scheme, no link to tag.
 */
export function tagTextWithUtm(text: string, tags: UtmTags): string {
  let out = '';
  let from = 0;
  for (const span of findUrls(text, { withoutScheme: false })) {
    let end = span.end;
    while (text[end] === ')' && unbalanced(text.slice(span.start, end))) end += 1;
    out += text.slice(from, span.start) + tagLinkWithUtm(text.slice(span.start, end), tags);
    from = end;
  }
  return out + text.slice(from);
}

const unbalanced = (url: string) => url.split('(').length > url.split(')').length;
