import { Window } from 'happy-dom';
import { RICH_TEXT_TAGS } from '../sanitize-html.ts';

const FORBIDDEN_TAGS = ['script', 'iframe', 'object', 'embed', 'style', 'meta', 'link', 'base', 'svg', 'img'];
const FORBIDDEN_TAG_IN_SOURCE = new RegExp(`<\\s*(?:${FORBIDDEN_TAGS.join('|')})\\b`, 'i');
const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'rel', 'target'],
  ol: ['start', 'type'],
};
const SCRIPT_SCHEMES = ['javascript:', 'vbscript:', 'livescript:', 'data:'];

// happy-dom runs no scripts and loads nothing unless told to, so parsing hostile output here is inert.
const { document } = new Window();

/** Parses HTML as a browser would, into a detached container. */
export function parseHtml(html: string): ReturnType<typeof document.createElement> {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
}

function decodeEntities(value: string): string {
  return parseHtml(value.replaceAll('<', '&lt;')).textContent;
}

/** What a browser would see as the scheme: entities decoded (twice, for double encoding), controls and spaces gone. */
function effectiveSchemes(href: string): string[] {
  const once = decodeEntities(href);
  return [href, once, decodeEntities(once)].map((value) => value.replace(/[\p{Cc} ]/gu, '').toLowerCase());
}

/** Everything in the HTML that could run script, load something or restyle the page; empty when it is safe. */
export function findHtmlHazards(html: string): string[] {
  const hazards: string[] = [];
  if (FORBIDDEN_TAG_IN_SOURCE.test(html))
    hazards.push(`source contains ${FORBIDDEN_TAG_IN_SOURCE.exec(html)?.[0]}`);
  for (const element of parseHtml(html).querySelectorAll('*')) {
    const tag = element.localName;
    if (FORBIDDEN_TAGS.includes(tag)) hazards.push(`<${tag}> element`);
    if (!(RICH_TEXT_TAGS as readonly string[]).includes(tag)) hazards.push(`<${tag}> is not rich text`);
    for (const { name, value } of element.attributes) {
      if (name.startsWith('on')) hazards.push(`${name} handler on <${tag}>`);
      if (name === 'style') hazards.push(`style on <${tag}>`);
      if (!ALLOWED_ATTRIBUTES[tag]?.includes(name)) hazards.push(`${name} attribute on <${tag}>`);
      if (
        name === 'href' &&
        effectiveSchemes(value ?? '').some((href) => SCRIPT_SCHEMES.some((s) => href.startsWith(s)))
      ) {
        hazards.push(`script scheme in href ${JSON.stringify(value)}`);
      }
    }
  }
  return hazards;
}
