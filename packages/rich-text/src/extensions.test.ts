import { describe, expect, it } from 'vitest';
import { attributeRules } from './document-rules.ts';
import { getRichTextSchema, HEADING_LEVELS } from './extensions.ts';

describe('richTextExtensions', () => {
  it('build their schema in Node without a DOM', () => {
    expect(typeof globalThis.document).toBe('undefined');
    expect(getRichTextSchema()).toBe(getRichTextSchema());
  });

  it('give the composer its nodes and marks, and no images or emoji nodes', () => {
    const schema = getRichTextSchema();
    expect(Object.keys(schema.nodes).sort()).toEqual([
      'blockquote',
      'bulletList',
      'codeBlock',
      'doc',
      'hardBreak',
      'heading',
      'horizontalRule',
      'listItem',
      'orderedList',
      'paragraph',
      'text',
    ]);
    expect(Object.keys(schema.marks).sort()).toEqual([
      'bold',
      'code',
      'italic',
      'link',
      'strike',
      'underline',
    ]);
  });

  it('offer headings 1 to 3', () => {
    expect(HEADING_LEVELS).toEqual([1, 2, 3]);
  });

  it('have a value rule for every attribute in the schema', () => {
    const schema = getRichTextSchema();
    const attributes = [...Object.values(schema.nodes), ...Object.values(schema.marks)].flatMap((type) =>
      Object.keys(type.spec.attrs ?? {}).map((attribute) => `${type.name}.${attribute}`),
    );
    const ruled = Object.entries(attributeRules).flatMap(([type, rules]) =>
      Object.keys(rules).map((attribute) => `${type}.${attribute}`),
    );
    expect(ruled.sort()).toEqual(attributes.sort());
  });
});
