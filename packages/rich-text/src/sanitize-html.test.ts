import { describe, expect, it } from 'vitest';
import { namedXssVectors } from './fixtures/owasp-xss-vectors.ts';
import { sanitizeRichHtml } from './sanitize-html.ts';
import { findHtmlHazards } from './testing/html-safety.ts';

const LINK_ATTRIBUTES = 'rel="noopener noreferrer nofollow" target="_blank"';

describe('sanitizeRichHtml', () => {
  it.each(namedXssVectors)('neutralises OWASP vector $name', ({ vector }) => {
    expect(findHtmlHazards(sanitizeRichHtml(vector))).toEqual([]);
  });

  it('keeps everything the extensions render', () => {
    const html =
      '<h1>a</h1><h2>b</h2><h3>c</h3><p><strong>d</strong><em>e</em><s>f</s><u>g</u><code>h</code><br />i</p>' +
      '<blockquote><p>j</p></blockquote><ul><li><p>k</p></li></ul><ol start="3" type="a"><li><p>l</p></li></ol>' +
      `<hr /><pre><code>m\n n</code></pre><p><a href="https://example.com/?q=1&amp;r=2" ${LINK_ATTRIBUTES}>o</a></p>`;
    expect(sanitizeRichHtml(html)).toBe(html);
  });

  it('keeps safe links from the cheat sheet', () => {
    expect(sanitizeRichHtml('<A HREF="http://66.102.7.147/">XSS</A>')).toBe(
      `<a href="http://66.102.7.147/" ${LINK_ATTRIBUTES}>XSS</a>`,
    );
  });

  it('forces rel and target on links and drops every other attribute', () => {
    expect(
      sanitizeRichHtml(
        '<a href="mailto:desk@example.com" title="t" class="c" style="color:red" onclick="x()" rel="opener" target="_self">m</a>',
      ),
    ).toBe(`<a href="mailto:desk@example.com" ${LINK_ATTRIBUTES}>m</a>`);
  });

  it.each([
    'javascript:alert(1)',
    'jav&#x09;ascript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    '//evil.example/',
    '/relative',
    'example.com',
  ])('drops the address %s from a link but keeps its text', (href) => {
    expect(sanitizeRichHtml(`<a href="${href}">text</a>`)).toBe(`<a ${LINK_ATTRIBUTES}>text</a>`);
  });

  it('discards other tags but keeps their text', () => {
    expect(sanitizeRichHtml('<div><span>hello</span> <h4>world</h4><font color="red">!</font></div>')).toBe(
      'hello world!',
    );
  });

  it('drops script, style, textarea, iframe and object with their contents', () => {
    expect(
      sanitizeRichHtml(
        '<p>a<script>b</script><style>c</style><textarea>d</textarea><iframe>e</iframe><object>f</object>g</p>',
      ),
    ).toBe('<p>ag</p>');
  });

  it('keeps only the list numbering styles an ordered list can have', () => {
    expect(sanitizeRichHtml('<ol type="disc" start="2"><li>x</li></ol>')).toBe(
      '<ol start="2"><li>x</li></ol>',
    );
  });

  it('escapes text so that it stays text', () => {
    expect(sanitizeRichHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; 🎉</p>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; 🎉</p>',
    );
  });
});
