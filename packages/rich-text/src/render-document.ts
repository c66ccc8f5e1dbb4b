import type { JSONContent } from '@tiptap/core';
import { DOMSerializer, Node } from '@tiptap/pm/model';
import { Window } from 'happy-dom';
import { findRuleViolation } from './document-rules.ts';
import { getRichTextSchema } from './extensions.ts';
import { MAX_JSON_LENGTH, MAX_NESTING_DEPTH, MAX_TEXT_LENGTH } from './limits.ts';
import { sanitizeRichHtml } from './sanitize-html.ts';

/** A document the schema and rules accept, normalised, with its two renderings. */
export interface RenderedDocument {
  ok: true;
  doc: JSONContent;
  /** Sanitised HTML. */
  html: string;
  /** Plain text: blocks separated by blank lines, hard breaks as newlines, trimmed. */
  text: string;
}

/** Why a document was refused; `message` is for logs and API clients, not end users. */
export interface RefusedDocument {
  ok: false;
  reason: 'invalid' | 'too_large' | 'too_deep';
  message: string;
}

export type RenderResult = RenderedDocument | RefusedDocument;

// A node at level n is JSON object depth 2n - 1 (node, content array, node, ...); a leaf's marks array, mark
// and mark attrs add three more. Bounding all JSON depth too keeps nesting hidden in attrs from recursing.
const MAX_JSON_DEPTH = 2 * MAX_NESTING_DEPTH + 2;

/** Walks without recursion, so a hostile depth cannot exhaust the stack before it is refused. */
function isTooDeep(json: unknown): boolean {
  const pending: [value: unknown, jsonDepth: number, nodeDepth: number][] = [[json, 1, 1]];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const [value, jsonDepth, nodeDepth] = item;
    if (typeof value !== 'object' || value === null) continue;
    if (jsonDepth > MAX_JSON_DEPTH || nodeDepth > MAX_NESTING_DEPTH) return true;
    if (Array.isArray(value)) {
      for (const element of value) pending.push([element, jsonDepth + 1, nodeDepth]);
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      if (key === 'content' && Array.isArray(child)) {
        for (const node of child) pending.push([node, jsonDepth + 2, nodeDepth + 1]);
      } else {
        pending.push([child, jsonDepth + 1, nodeDepth]);
      }
    }
  }
  return false;
}

function refuse(reason: RefusedDocument['reason'], message: string): RefusedDocument {
  return { ok: false, reason, message };
}

function parse(json: unknown): Node | string {
  const schema = getRichTextSchema();
  try {
    const doc = Node.fromJSON(schema, json);
    doc.check();
    if (doc.type !== schema.topNodeType) return `Top node must be ${schema.topNodeType.name}`;
    return findRuleViolation(doc) ?? doc;
  } catch (error) {
    // ProseMirror's messages can quote the whole offending node.
    return error instanceof Error ? error.message.slice(0, 300) : 'Malformed document';
  }
}

/** The document type ProseMirror's serializer takes, named without the DOM lib (the server has none). */
type SerializerDocument = NonNullable<
  NonNullable<Parameters<DOMSerializer['serializeFragment']>[1]>['document']
>;

let serializationDocument: SerializerDocument | undefined;

// Only ever fed DOM calls from the serializer, never HTML to parse, so nothing in it can load or run.
// happy-dom's types are its own; ProseMirror wants the standard DOM ones, which it implements.
function getSerializationDocument(): SerializerDocument {
  serializationDocument ??= new Window().document as unknown as SerializerDocument;
  return serializationDocument;
}

function toHtml(doc: Node): string {
  const document = getSerializationDocument();
  const container = document.createElement('div');
  container.append(DOMSerializer.fromSchema(doc.type.schema).serializeFragment(doc.content, { document }));
  return sanitizeRichHtml(container.innerHTML);
}

function toText(doc: Node): string {
  const { hardBreak } = doc.type.schema.nodes;
  return doc.textBetween(0, doc.content.size, '\n\n', (leaf) => (leaf.type === hardBreak ? '\n' : '')).trim();
}

/**
 * Validates a rich-text body (TipTap JSON) against the editor's schema and the limits, and renders it to
 * sanitised HTML and plain text. Server-side: it renders through happy-dom.
 */
export function renderDocument(json: unknown): RenderResult {
  if (isTooDeep(json)) return refuse('too_deep', `Document nests deeper than ${MAX_NESTING_DEPTH} levels`);
  let serialized: string | undefined;
  try {
    serialized = JSON.stringify(json);
  } catch {
    return refuse('invalid', 'Document is not JSON');
  }
  if (serialized === undefined) return refuse('invalid', 'Document is not JSON');
  if (serialized.length > MAX_JSON_LENGTH) {
    return refuse('too_large', `Document is longer than ${MAX_JSON_LENGTH} characters of JSON`);
  }

  const doc = parse(json);
  if (typeof doc === 'string') return refuse('invalid', doc);
  const text = toText(doc);
  if (text.length > MAX_TEXT_LENGTH) {
    return refuse('too_large', `Text is longer than ${MAX_TEXT_LENGTH} characters`);
  }
  return { ok: true, doc: doc.toJSON() as JSONContent, html: toHtml(doc), text };
}
