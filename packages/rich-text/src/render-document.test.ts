import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { namedXssVectors, refusedHrefs } from './fixtures/owasp-xss-vectors.ts';
import { MAX_JSON_LENGTH, MAX_NESTING_DEPTH, MAX_TEXT_LENGTH } from './limits.ts';
import { renderDocument, type RenderResult } from './render-document.ts';
import { sanitizeRichHtml } from './sanitize-html.ts';
import { findHtmlHazards, parseHtml } from './testing/html-safety.ts';

type Json = Record<string, unknown>;

// Written out here rather than imported, so the tests do not trust the rule they check.
function hasControlCharacter(value: string): boolean {
  return [...value].some((char) => {
    const code = char.codePointAt(0) ?? 0;
    return (code < 0x20 && char !== '\t' && char !== '\n') || (code >= 0x7f && code <= 0x9f);
  });
}

const text = (value: string, marks?: Json[]): Json => ({
  type: 'text',
  text: value,
  ...(marks && { marks }),
});
const paragraph = (...content: Json[]): Json => ({
  type: 'paragraph',
  ...(content.length > 0 && { content }),
});
const doc = (...content: Json[]): Json => ({ type: 'doc', content });
const link = (href: string, attrs: Json = {}): Json => ({ type: 'link', attrs: { href, ...attrs } });
const listItem = (value: string): Json => ({ type: 'listItem', content: [paragraph(text(value))] });

function expectRefused(result: RenderResult, reason: 'invalid' | 'too_large' | 'too_deep'): void {
  expect(result).toMatchObject({ ok: false, reason });
}

function expectSafe(result: RenderResult): void {
  if (result.ok) expect(findHtmlHazards(result.html)).toEqual([]);
  else expect(result.reason).toBe('invalid');
}

describe('renderDocument on a realistic post', () => {
  const post = doc(
    { type: 'heading', attrs: { level: 2 }, content: [text('Launch day 🎉')] },
    paragraph(
      text('We are '),
      text('live', [{ type: 'bold' }]),
      text(' & '),
      text('proud', [{ type: 'italic' }]),
      text('.'),
      { type: 'hardBreak' },
      text('Read more', [link('https://example.com/launch?utm=a&b=<c>')]),
    ),
    { type: 'bulletList', content: [listItem('Fast'), listItem('Safe')] },
    { type: 'orderedList', attrs: { start: 1 }, content: [listItem('Write'), listItem('Ship')] },
    { type: 'blockquote', content: [paragraph(text('Quoted, with '), text('code', [{ type: 'code' }]))] },
  );

  it('renders the expected HTML and text', () => {
    const result = renderDocument(post);
    expect(result).toMatchObject({
      ok: true,
      html:
        '<h2>Launch day 🎉</h2>' +
        '<p>We are <strong>live</strong> &amp; <em>proud</em>.<br />' +
        '<a href="https://example.com/launch?utm=a&amp;b=&lt;c&gt;" rel="noopener noreferrer nofollow" target="_blank">Read more</a></p>' +
        '<ul><li><p>Fast</p></li><li><p>Safe</p></li></ul>' +
        '<ol><li><p>Write</p></li><li><p>Ship</p></li></ol>' +
        '<blockquote><p>Quoted, with <code>code</code></p></blockquote>',
      text: 'Launch day 🎉\n\nWe are live & proud.\nRead more\n\nFast\n\nSafe\n\nWrite\n\nShip\n\nQuoted, with code',
    });
  });

  it('returns the document normalised: default attributes filled in, unknown ones dropped', () => {
    const result = renderDocument(
      doc({
        type: 'paragraph',
        attrs: { align: 'center' },
        content: [text('x', [link('https://example.com')])],
      }),
    );
    expect(result).toMatchObject({
      ok: true,
      doc: doc(
        paragraph(
          text('x', [
            link('https://example.com', {
              target: '_blank',
              rel: 'noopener noreferrer nofollow',
              class: null,
              title: null,
            }),
          ]),
        ),
      ),
    });
  });

  it('renders HTML that sanitising again leaves unchanged', () => {
    const result = renderDocument(post);
    expect(result.ok && sanitizeRichHtml(result.html)).toBe(result.ok && result.html);
  });

  it('renders code blocks, rules and numbered lists from a given start', () => {
    const result = renderDocument(
      doc(
        { type: 'codeBlock', attrs: { language: 'ts' }, content: [text('const a = 1 < 2;\nb();')] },
        { type: 'horizontalRule' },
        { type: 'orderedList', attrs: { start: 3, type: 'i' }, content: [listItem('three')] },
        paragraph(),
      ),
    );
    expect(result).toMatchObject({
      ok: true,
      html: '<pre><code>const a = 1 &lt; 2;\nb();</code></pre><hr /><ol start="3" type="i"><li><p>three</p></li></ol><p></p>',
      text: 'const a = 1 < 2;\nb();\n\nthree',
    });
  });
});

describe('renderDocument refuses malformed documents as invalid', () => {
  it.each([
    ['null', null],
    ['a number', 42],
    ['a string', 'doc'],
    ['an array', [doc()]],
    ['undefined', undefined],
    ['a BigInt', { type: 'doc', content: [], size: 1n }],
    ['an unknown node type', doc({ type: 'image', attrs: { src: 'https://example.com/a.png' } })],
    ['an emoji node', doc(paragraph({ type: 'emoji', attrs: { name: 'tada' } }))],
    ['a prototype name as node type', doc({ type: 'constructor' })],
    ['an unknown mark type', doc(paragraph(text('x', [{ type: 'highlight' }])))],
    ['a paragraph inside a paragraph', doc(paragraph(paragraph(text('x'))))],
    ['text directly in the doc', doc(text('x'))],
    ['an empty doc', doc()],
    ['a top node other than doc', paragraph(text('x'))],
    ['an empty text node', doc(paragraph(text('')))],
    ['text that is not a string', doc(paragraph({ type: 'text', text: 5 }))],
    ['content that is not an array', { type: 'doc', content: 'x' }],
    ['marks in a code block', doc({ type: 'codeBlock', content: [text('x', [{ type: 'bold' }])] })],
    ['a list item outside a list', doc(listItem('x'))],
    ['heading level 4', doc({ type: 'heading', attrs: { level: 4 }, content: [text('x')] })],
    ['heading level as a string', doc({ type: 'heading', attrs: { level: '1' }, content: [text('x')] })],
    [
      'a fractional list start',
      doc({ type: 'orderedList', attrs: { start: 1.5 }, content: [listItem('x')] }),
    ],
    [
      'a list style outside HTML',
      doc({ type: 'orderedList', attrs: { type: 'disc' }, content: [listItem('x')] }),
    ],
    ['a code language with markup', doc({ type: 'codeBlock', attrs: { language: 'js"><b' }, content: [] })],
    ['a link without address', doc(paragraph(text('x', [{ type: 'link' }])))],
    [
      'a link target other than _blank',
      doc(paragraph(text('x', [link('https://example.com', { target: '_top' })]))),
    ],
    [
      'a link title that is not text',
      doc(paragraph(text('x', [link('https://example.com', { title: { a: 1 } })]))),
    ],
    ['a control character in text', doc(paragraph(text('a\u0000b')))],
    ['a carriage return in text', doc(paragraph(text('a\r\nb')))],
    ['a lone surrogate in text', doc(paragraph(text('a\ud800b')))],
  ])('%s', (_, json) => {
    expectRefused(renderDocument(json), 'invalid');
  });

  it.each(refusedHrefs)('a link to %j', (href) => {
    expectRefused(renderDocument(doc(paragraph(text('x', [link(href)])))), 'invalid');
  });

  it('with a message saying what is wrong', () => {
    expect(renderDocument(doc({ type: 'image' }))).toMatchObject({
      message: expect.stringContaining('image'),
    });
  });
});

describe('renderDocument limits', () => {
  const nestedQuotes = (levels: number): Json => {
    let node = paragraph(text('deep', [link('https://example.com')]));
    for (let level = 0; level < levels; level += 1) node = { type: 'blockquote', content: [node] };
    return doc(node);
  };

  it(`accepts ${MAX_NESTING_DEPTH} levels of nodes and refuses more`, () => {
    // doc + quotes + paragraph + text; the link's attrs sit at the deepest JSON level allowed
    expect(renderDocument(nestedQuotes(MAX_NESTING_DEPTH - 3)).ok).toBe(true);
    expectRefused(renderDocument(nestedQuotes(MAX_NESTING_DEPTH - 2)), 'too_deep');
  });

  it('refuses deep nesting anywhere, even far beyond what recursion survives', () => {
    let deep: unknown = 'x';
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    expectRefused(
      renderDocument(doc(paragraph(text('x', [link('https://example.com', { title: deep })])))),
      'too_deep',
    );
    expectRefused(renderDocument(deep), 'too_deep');
  });

  it('refuses a cyclic value', () => {
    const cyclic: Json = doc(paragraph(text('x')));
    cyclic['self'] = cyclic;
    expectRefused(renderDocument(cyclic), 'too_deep');
  });

  it(`refuses JSON longer than ${MAX_JSON_LENGTH} characters`, () => {
    const big = doc(paragraph(text('x')), {
      type: 'paragraph',
      attrs: { padding: 'p'.repeat(MAX_JSON_LENGTH) },
    });
    expectRefused(renderDocument(big), 'too_large');
  });

  it(`accepts ${MAX_TEXT_LENGTH} characters of text and refuses more`, () => {
    expect(renderDocument(doc(paragraph(text('a'.repeat(MAX_TEXT_LENGTH))))).ok).toBe(true);
    expectRefused(renderDocument(doc(paragraph(text('a'.repeat(MAX_TEXT_LENGTH + 1))))), 'too_large');
  });
});

describe.each(namedXssVectors)('OWASP vector $name', ({ vector }) => {
  it('stays text as paragraph text', () => {
    const result = renderDocument(doc(paragraph(text(vector))));
    expectSafe(result);
    if (result.ok) {
      expect(result.text).toBe(vector);
      expect(parseHtml(result.html).textContent).toBe(vector);
    } else {
      expect(hasControlCharacter(vector)).toBe(true);
    }
  });

  it('is refused or harmless as a link address', () => {
    expectRefused(renderDocument(doc(paragraph(text('x', [link(vector)])))), 'invalid');
    expectSafe(renderDocument(doc(paragraph(text('x', [link(`https://example.com/#${vector}`)])))));
  });

  it('is refused or harmless as an attribute value', () => {
    const asAttribute = [
      doc({ type: 'heading', attrs: { level: vector }, content: [text('x')] }),
      doc({ type: 'codeBlock', attrs: { language: vector }, content: [text('x')] }),
      doc({ type: 'orderedList', attrs: { start: vector, type: vector }, content: [listItem('x')] }),
      doc(paragraph(text('x', [link('https://example.com', { title: vector, class: vector, rel: vector })]))),
      doc(paragraph(text('x', [link('https://example.com', { target: vector })]))),
    ];
    for (const json of asAttribute) expectSafe(renderDocument(json));
  });
});

describe('renderDocument on any paragraph text', () => {
  const tricky = fc.constantFrom(
    '<',
    '>',
    '&',
    '"',
    "'",
    '\n',
    '\t',
    '\r',
    '\u0000',
    ' ',
    '\u00a0',
    '🎉',
    '\ud800',
    'a',
  );
  const anyText = fc.oneof(
    fc.string({ unit: 'binary' }),
    fc.string({ unit: tricky }),
    fc.string({ unit: 'grapheme' }),
  );

  it('renders exactly one paragraph with the same text, or refuses control characters', () => {
    fc.assert(
      fc.property(anyText, (value) => {
        // ProseMirror has no empty text nodes: empty text is a paragraph without content.
        const result = renderDocument(doc(value === '' ? paragraph() : paragraph(text(value))));
        if (hasControlCharacter(value) || !value.isWellFormed()) {
          expectRefused(result, 'invalid');
          return;
        }
        if (!result.ok) throw new Error(`refused: ${result.message}`);
        const paragraphs = parseHtml(result.html).querySelectorAll('p');
        expect(paragraphs).toHaveLength(1);
        expect(paragraphs[0]?.textContent).toBe(value);
        expect(result.text).toBe(value.trim());
      }),
      { numRuns: 500 },
    );
  });
});
