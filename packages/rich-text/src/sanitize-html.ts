import sanitizeHtml, { type IOptions } from 'sanitize-html';
import { ORDERED_LIST_TYPES } from './extensions.ts';
import { isAllowedHref, LINK_REL, LINK_SCHEMES, LINK_TARGET } from './link-href.ts';

/** Exactly the elements the rich-text extensions render. */
export const RICH_TEXT_TAGS = [
  'p',
  'h1',
  'h2',
  'h3',
  'strong',
  'em',
  's',
  'u',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'br',
  'hr',
  'a',
] as const;

const options: IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    ol: ['start', 'type'],
  },
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Contents of these are code or markup, never prose, so they go along with the tag.
  nonTextTags: ['script', 'style', 'textarea', 'iframe', 'object', 'noscript', 'option'],
  transformTags: {
    // sanitize-html lets relative addresses through; the editor never makes one, so none may appear.
    a: (tagName, { href }) => ({
      tagName,
      attribs: {
        ...(isAllowedHref(href) ? { href } : {}),
        rel: LINK_REL,
        target: LINK_TARGET,
      },
    }),
    // A value list in allowedAttributes would leave a refused attribute behind, empty.
    ol: (tagName, { start, type }) => ({
      tagName,
      attribs: {
        ...(start !== undefined && /^-?\d+$/.test(start) ? { start } : {}),
        ...(type !== undefined && (ORDERED_LIST_TYPES as readonly string[]).includes(type) ? { type } : {}),
      },
    }),
  },
};

/** Reduces HTML to what the rich-text extensions render: their tags, safe link addresses, no styling or scripts. */
export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, options);
}
