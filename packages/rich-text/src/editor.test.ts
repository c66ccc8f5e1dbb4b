// @vitest-environment happy-dom
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { richTextExtensions } from './extensions.ts';
import { renderDocument } from './render-document.ts';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

function edit(content: string): Editor {
  editor = new Editor({ extensions: richTextExtensions, content });
  return editor;
}

// What the web editor produces must be what the server accepts.
describe('a browser editor with richTextExtensions', () => {
  it('produces documents the server renders back to the same HTML', () => {
    const html =
      '<h1>Title</h1><p><strong>b</strong> <em>i</em> <s>s</s> <u>u</u> <code>c</code><br>🎉 ' +
      '<a href="https://example.com/">link</a></p><ul><li><p>x</p></li></ul><ol start="2"><li><p>y</p></li></ol>' +
      '<blockquote><p>q</p></blockquote><hr><pre><code>code</code></pre>';
    const result = renderDocument(edit(html).getJSON());
    expect(result).toMatchObject({
      ok: true,
      html:
        '<h1>Title</h1><p><strong>b</strong> <em>i</em> <s>s</s> <u>u</u> <code>c</code><br />🎉 ' +
        '<a href="https://example.com/" rel="noopener noreferrer nofollow" target="_blank">link</a></p>' +
        '<ul><li><p>x</p></li></ul><ol start="2"><li><p>y</p></li></ol><blockquote><p>q</p></blockquote>' +
        '<hr /><pre><code>code</code></pre>',
    });
  });

  it('drops pasted links the server would refuse, keeping their text', () => {
    const json = edit(
      '<p><a href="javascript:alert(1)">a</a> <a href="/relative">b</a> <a href="data:text/html,x">c</a></p>',
    ).getJSON();
    expect(JSON.stringify(json)).not.toContain('"link"');
    expect(renderDocument(json)).toMatchObject({ ok: true, text: 'a b c' });
  });

  it('refuses to set a link to a script address', () => {
    const current = edit('<p>text</p>');
    current.commands.selectAll();
    expect(current.commands.setLink({ href: 'javascript:alert(1)' })).toBe(false);
    expect(current.commands.setLink({ href: 'https://example.com' })).toBe(true);
    expect(renderDocument(current.getJSON()).ok).toBe(true);
  });

  it.each([
    ['https://example.com/a', 'https://example.com/a'],
    ['www.example.com', 'https://www.example.com'],
    ['ftp://example.com/file', undefined],
    ['file:///etc/passwd', undefined],
  ])('links the selection to a pasted %s only when the server allows it', (pasted, href) => {
    const current = edit('<p>text</p>');
    current.commands.selectAll();
    current.view.pasteText(pasted);
    const json = current.getJSON();
    const marks = json.content?.[0]?.content?.[0]?.marks;
    expect(marks?.[0]?.attrs?.['href']).toBe(href);
    expect(renderDocument(json).ok).toBe(true);
  });

  it('drops images and unknown markup on paste', () => {
    const json = edit(
      '<p>a<img src="https://example.com/x.png" onerror="alert(1)">b</p><h4>c</h4>',
    ).getJSON();
    expect(renderDocument(json)).toMatchObject({ ok: true, html: '<p>ab</p><p>c</p>' });
  });
});
