import { MAX_HREF_LENGTH } from './limits.ts';

/** The only URL schemes a link may use, in the editor, on the server and in the sanitiser. */
export const LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

/** Forced on every rendered link: the body is user content pointing anywhere. */
export const LINK_REL = 'noopener noreferrer nofollow';
export const LINK_TARGET = '_blank';

const ALLOWED_SCHEME_PREFIX = new RegExp(`^(?:${LINK_SCHEMES.join('|')}):`, 'i');
// Browsers drop tabs and newlines inside a URL and skip leading controls, so "jav\tascript:" still runs;
// with all of them refused, the literal prefix alone decides the scheme.
const WHITESPACE_OR_CONTROL = /[\s\p{Cc}\p{Cf}]/u;

/**
 * Whether a link may point at this address: an absolute http, https or mailto URL, written plainly.
 * Relative and scheme-less addresses are refused too, so a stored link means the same on every page.
 * Takes unknown because Tiptap also asks about links that have no href.
 */
export function isAllowedHref(href: unknown): href is string {
  return (
    typeof href === 'string' &&
    href.length <= MAX_HREF_LENGTH &&
    ALLOWED_SCHEME_PREFIX.test(href) &&
    !WHITESPACE_OR_CONTROL.test(href) &&
    href.isWellFormed() &&
    URL.canParse(href)
  );
}
