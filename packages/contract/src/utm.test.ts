import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textLength } from './platform-text.ts';
import {
  type UtmTags,
  contentIdFromTaggedUrl,
  contentIdFromUtmCampaign,
  tagLinkWithUtm,
  tagTextWithUtm,
  utmCampaignForContent,
  utmTagsFor,
} from './utm.ts';
import { WhatwgURL, WhatwgURLSearchParams } from './whatwg-url.ts';

const TAGS: UtmTags = { source: 'mastodon', medium: 'social', campaign: 'content-42' };
const SUFFIX = 'utm_source=mastodon&utm_medium=social&utm_campaign=content-42';

const entries = (url: string) => [...new WhatwgURL(url).searchParams.entries()];

describe('the campaign of a content', () => {
  it('is content-<id>, and reads back to the id', () => {
    expect(utmCampaignForContent(42)).toBe('content-42');
    expect(contentIdFromUtmCampaign('content-42')).toBe(42);
    expect(contentIdFromUtmCampaign('Content-42')).toBe(42);
    expect(utmTagsFor('x', 7)).toEqual({ source: 'x', medium: 'social', campaign: 'content-7' });
  });

  it('names no content when it is another campaign or out of range', () => {
    for (const other of [
      '',
      'content-',
      'content-0',
      'content-012',
      'content-1x',
      'spring-sale',
      'content-2147483648',
    ])
      expect(contentIdFromUtmCampaign(other), other).toBeNull();
  });

  it('round-trips every int4 id', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_147_483_647 }), (id) => {
        expect(contentIdFromUtmCampaign(utmCampaignForContent(id))).toBe(id);
      }),
    );
  });

  it("is read from a landing page's query, as GA4's landingPagePlusQueryString gives it", () => {
    expect(contentIdFromTaggedUrl('/story?utm_source=x&utm_campaign=content-9')).toBe(9);
    expect(contentIdFromTaggedUrl('https://news.example/a?utm_campaign=content-9#top')).toBe(9);
    expect(contentIdFromTaggedUrl('/story')).toBeNull();
    expect(contentIdFromTaggedUrl('/story?utm_campaign=summer')).toBeNull();
  });
});

describe('tagLinkWithUtm', () => {
  it('adds the tags to the query, before the fragment, keeping what is there as written', () => {
    expect(tagLinkWithUtm('https://news.example/a', TAGS)).toBe(`https://news.example/a?${SUFFIX}`);
    expect(tagLinkWithUtm('http://news.example', TAGS)).toBe(`http://news.example?${SUFFIX}`);
    expect(tagLinkWithUtm('https://news.example/a?b=1%20c&d#top', TAGS)).toBe(
      `https://news.example/a?b=1%20c&d&${SUFFIX}#top`,
    );
    expect(tagLinkWithUtm('https://news.example/a?', TAGS)).toBe(`https://news.example/a?${SUFFIX}`);
    expect(tagLinkWithUtm('https://news.example/a?&', TAGS)).toBe(`https://news.example/a?&${SUFFIX}`);
    // A query that starts with a second '?' keeps it as its first name.
    expect(tagLinkWithUtm('http://news.example??', TAGS)).toBe(`http://news.example??&${SUFFIX}`);
    expect(tagLinkWithUtm('https://news.example/a#x?y', TAGS)).toBe(`https://news.example/a?${SUFFIX}#x?y`);
  });

  it("keeps the author's own tags and adds only the missing ones", () => {
    expect(tagLinkWithUtm('https://news.example/?utm_campaign=spring&utm_source=news', TAGS)).toBe(
      'https://news.example/?utm_campaign=spring&utm_source=news&utm_medium=social',
    );
    const all = `https://news.example/?utm_source=a&utm_medium=b&utm_campaign=c`;
    expect(tagLinkWithUtm(all, TAGS)).toBe(all);
  });

  it('encodes what it adds', () => {
    expect(tagLinkWithUtm('https://a.example/', { source: 'x', medium: 'a b', campaign: 'c&d' })).toBe(
      'https://a.example/?utm_source=x&utm_medium=a+b&utm_campaign=c%26d',
    );
  });

  it('leaves other schemes and malformed addresses as they are', () => {
    for (const url of [
      'mailto:a@b.example',
      'ftp://a.example/f',
      'tel:+123',
      'https://',
      'http://[::1',
      'news.example/a',
      '',
    ])
      expect(tagLinkWithUtm(url, TAGS), url).toBe(url);
  });

  const webUrls = fc.webUrl({
    withQueryParameters: true,
    withFragments: true,
    validSchemes: ['http', 'https'],
  });

  it('keeps the query and fragment, adds each tag once, and is idempotent (property)', () => {
    fc.assert(
      fc.property(webUrls, (url) => {
        const tagged = tagLinkWithUtm(url, TAGS);
        const before = new WhatwgURL(url);
        const after = new WhatwgURL(tagged);
        expect(after.origin + after.pathname).toBe(before.origin + before.pathname);
        expect(after.hash).toBe(before.hash);
        expect(entries(tagged).slice(0, entries(url).length)).toEqual(entries(url));
        for (const name of ['utm_source', 'utm_medium', 'utm_campaign'])
          expect(after.searchParams.getAll(name)).toHaveLength(1);
        expect(tagLinkWithUtm(tagged, TAGS)).toBe(tagged);
      }),
    );
  });

  it('never changes a tag the author set (property)', () => {
    const value = fc.string({ minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(
        webUrls,
        fc.constantFrom('utm_source', 'utm_medium', 'utm_campaign'),
        value,
        (url, name, own) => {
          const hash = url.indexOf('#');
          const head = hash === -1 ? url : url.slice(0, hash);
          const authored = `${head}${head.includes('?') ? '&' : '?'}${new WhatwgURLSearchParams([[name, own]])}${hash === -1 ? '' : url.slice(hash)}`;
          const tagged = new WhatwgURL(tagLinkWithUtm(authored, TAGS));
          expect(tagged.searchParams.getAll(name)).toEqual(new WhatwgURL(authored).searchParams.getAll(name));
        },
      ),
    );
  });

  it('leaves anything but an http(s) URL untouched (property)', () => {
    const notHttp = fc.oneof(
      fc.string(),
      fc.webUrl().map((url) => url.replace(/^https?:/, 'ftp:')),
      fc.emailAddress().map((address) => `mailto:${address}`),
    );
    fc.assert(
      fc.property(notHttp, (text) => {
        const parsed = WhatwgURL.parse(text);
        fc.pre(!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'));
        expect(tagLinkWithUtm(text, TAGS)).toBe(text);
      }),
    );
  });
});

describe('tagTextWithUtm', () => {
  it('tags every http(s) link in a text, leaving the sentence around it', () => {
    const text =
      'Read https://news.example/a. Also (http://b.example/x?y=1#z), mailto:a@b.example and news.example.';
    expect(tagTextWithUtm(text, TAGS)).toBe(
      `Read https://news.example/a?${SUFFIX}. Also (http://b.example/x?y=1&${SUFFIX}#z), mailto:a@b.example and news.example.`,
    );
  });

  it('keeps a parenthesis that belongs to the address inside it', () => {
    expect(tagTextWithUtm('See https://en.wikipedia.org/wiki/Foo_(bar).', TAGS)).toBe(
      `See https://en.wikipedia.org/wiki/Foo_(bar)?${SUFFIX}.`,
    );
  });

  it('leaves a text without links as it is, and is idempotent (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.webUrl({ withQueryParameters: true, withFragments: true }))),
        (parts) => {
          const text = parts.join(' ');
          const tagged = tagTextWithUtm(text, TAGS);
          expect(tagTextWithUtm(tagged, TAGS)).toBe(tagged);
          if (!/https?:\/\//i.test(text)) expect(tagged).toBe(text);
        },
      ),
    );
  });

  it('lengthens the text as raw-counting platforms see it, not as X counts it (23 a link)', () => {
    const text = 'News: https://news.example/a';
    const tagged = tagTextWithUtm(text, utmTagsFor('x', 42));
    expect(textLength('x', tagged)).toBe(textLength('x', text));
    const bluesky = tagTextWithUtm(text, utmTagsFor('bluesky', 42));
    expect(textLength('bluesky', bluesky)).toBeGreaterThan(textLength('bluesky', text));
  });
});
