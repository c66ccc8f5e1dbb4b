import { describe, expect, it } from 'vitest';
import { findHtmlHazards } from './html-safety.ts';

// The XSS tests are only as good as this oracle, so it must see what it is meant to see.
describe('findHtmlHazards', () => {
  it.each([
    '<script>alert(1)</script>',
    '<IMG SRC=x>',
    '<svg></svg>',
    '<p onclick="x()">a</p>',
    '<p style="color:red">a</p>',
    '<p class="x">a</p>',
    '<div>a</div>',
    '<a href="javascript:alert(1)">a</a>',
    '<a href=" JaVa\tScRiPt:alert(1)">a</a>',
    '<a href="&#106;avascript:alert(1)">a</a>',
    '<a href="&amp;#106;avascript:alert(1)">a</a>',
    '<a href="data:text/html,x">a</a>',
    '<a href="vbscript:x">a</a>',
    '<a href="livescript:x">a</a>',
  ])('flags %s', (html) => {
    expect(findHtmlHazards(html)).not.toEqual([]);
  });

  it.each([
    '<p>&lt;script&gt;alert(1)&lt;/script&gt; onclick="x" style="y"</p>',
    '<p><a href="https://example.com/#javascript:x" rel="noopener" target="_blank">a</a></p>',
    '<ol start="2" type="a"><li>x</li></ol>',
  ])('passes %s', (html) => {
    expect(findHtmlHazards(html)).toEqual([]);
  });
});
