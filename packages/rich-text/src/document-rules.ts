import type { Mark, Node } from '@tiptap/pm/model';
import { HEADING_LEVELS, ORDERED_LIST_TYPES } from './extensions.ts';
import { isAllowedHref, LINK_TARGET } from './link-href.ts';

type AttributeRule = (value: unknown) => boolean;

const oneOf =
  (...values: readonly unknown[]): AttributeRule =>
  (value) =>
    values.includes(value);

// Tab and newline are text; every other control character is refused, as is a lone surrogate half
// (neither survives storage as UTF-8 nor an HTML parser unchanged).
const FORBIDDEN_CONTROL = /(?![\t\n])\p{Cc}/u;

/** Whether a string may appear as document text: no control characters but tab and newline, well-formed UTF-16. */
function isCleanText(text: string): boolean {
  return !FORBIDDEN_CONTROL.test(text) && text.isWellFormed();
}

const isOptionalText: AttributeRule = (value) =>
  value === null || (typeof value === 'string' && isCleanText(value));

/**
 * What each attribute may hold, by node or mark type; the schema itself checks no values.
 * An attribute without a rule is refused, so an extension added later cannot slip values through.
 */
export const attributeRules: Readonly<Record<string, Readonly<Record<string, AttributeRule>>>> = {
  heading: { level: oneOf(...HEADING_LEVELS) },
  // Tiptap parses an unreadable start attribute to NaN, which JSON carries as null; rendering skips it.
  orderedList: {
    start: (value) => value === null || Number.isSafeInteger(value),
    type: oneOf(null, ...ORDERED_LIST_TYPES),
  },
  codeBlock: {
    language: (value) => value === null || (typeof value === 'string' && /^[\w+#.-]{1,40}$/.test(value)),
  },
  link: {
    href: isAllowedHref,
    target: oneOf(null, LINK_TARGET),
    rel: isOptionalText,
    class: isOptionalText,
    title: isOptionalText,
  },
};

function attributeViolation(item: Node | Mark): string | undefined {
  const { name } = item.type;
  for (const [attribute, value] of Object.entries(item.attrs)) {
    const rule = attributeRules[name]?.[attribute];
    if (!rule?.(value)) return `Attribute ${attribute} of ${name} has a value that is not allowed`;
  }
  return undefined;
}

/** What the schema cannot say: the first attribute value or text outside the rules, or undefined if none. */
export function findRuleViolation(doc: Node): string | undefined {
  let violation = attributeViolation(doc);
  doc.descendants((node) => {
    violation ??=
      (node.isText && !isCleanText(node.text ?? '') ? 'Text contains a control character' : undefined) ??
      attributeViolation(node) ??
      node.marks.map(attributeViolation).find((found) => found !== undefined);
    return violation === undefined;
  });
  return violation;
}
