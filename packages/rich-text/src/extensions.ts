import { getSchema, type Extensions } from '@tiptap/core';
import type { Schema } from '@tiptap/pm/model';
import { StarterKit } from '@tiptap/starter-kit';
import { isAllowedHref, LINK_REL, LINK_TARGET } from './link-href.ts';

const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;

/** Heading levels the composer offers. */
export const HEADING_LEVELS = [1, 2, 3] as const;

/** Numbering styles an ordered list may carry (its HTML type attribute); null means decimal. */
export const ORDERED_LIST_TYPES = ['1', 'a', 'A', 'i', 'I'] as const;

/**
 * The composer's extensions: the web editor and the server both use this list, so they agree on the schema.
 * Nothing here touches the DOM until an editor is created, so the module imports cleanly in Node.
 */
export const richTextExtensions: Extensions = [
  StarterKit.configure({
    heading: { levels: [...HEADING_LEVELS] },
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      // `protocols` only registers extra schemes with linkify (http, https and mailto are built in);
      // restricting schemes is isAllowedUri's job, which Tiptap applies to parsing, rendering, setLink and
      // autolink. Autolink hands it the text as typed, so "example.com" without a scheme is not linked.
      isAllowedUri: isAllowedHref,
      // Pasting a URL over a selection checks only this, and linkify also finds ftp: and file: URLs there.
      shouldAutoLink: (url) => !HAS_SCHEME.test(url) || isAllowedHref(url),
      HTMLAttributes: { rel: LINK_REL, target: LINK_TARGET },
    },
  }),
];

let schema: Schema | undefined;

/** The ProseMirror schema of richTextExtensions, built on first use. */
export function getRichTextSchema(): Schema {
  schema ??= getSchema(richTextExtensions);
  return schema;
}
