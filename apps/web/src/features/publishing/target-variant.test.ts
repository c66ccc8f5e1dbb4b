import type { Material } from '@postdeck/contract/materials';
import { describe, expect, it } from 'vitest';
import { placePublishErrors } from './publish-errors';
import {
  EMPTY_VARIANT,
  type PublishSource,
  type TargetAccount,
  problemsOf,
  publishBody,
  sentText,
  textCount,
} from './target-variant';

const account = (id: number, platform: TargetAccount['platform']): TargetAccount => ({
  id,
  platform,
  name: `Account ${id}`,
  handle: null,
  department: { id: 1, name: 'Newsroom' },
  unavailable: null,
});

const image = { id: 5, kind: 'image', mime: 'image/jpeg', bytes: 1000, durationMs: null } as Material;
const source: PublishSource = { id: 7, title: 'Spring launch', text: 'Hello', media: [] };

describe('publishBody', () => {
  it('leaves out the text that follows the content, unset options and the disclosures while not disclosing', () => {
    const body = publishBody(
      source,
      [
        { account: account(1, 'x'), variant: { ...EMPTY_VARIANT, text: 'Hello' } },
        {
          account: account(2, 'tiktok'),
          variant: {
            text: 'Own',
            options: { privacy: 'SELF_ONLY', brandContent: true, tags: [], disableDuet: true },
            disclose: false,
          },
        },
      ],
      new Date('2026-03-05T05:30:00+00:00'),
    );
    expect(body).toEqual({
      contentId: 7,
      targets: [
        { accountId: 1 },
        { accountId: 2, text: 'Own', options: { privacy: 'SELF_ONLY', disableDuet: true } },
      ],
      scheduledAt: '2026-03-05T05:30:00.000Z',
      utm: false,
    });
  });
});

describe('problemsOf', () => {
  it('counts against the caption limit once media go with a Telegram post', () => {
    const withMedia = { ...source, text: 'a'.repeat(1500), media: [image] };
    expect(textCount('telegram', EMPTY_VARIANT, withMedia)).toEqual({ length: 1500, max: 1024 });
    expect(problemsOf(account(1, 'telegram'), EMPTY_VARIANT, withMedia)).toMatchObject([
      { code: 'textTooLong', field: 'text', blocking: true, params: { length: 1500, max: 1024 } },
    ]);
  });

  it("takes the content's title for YouTube, and refuses an emptied one once", () => {
    const youtube = account(1, 'youtube');
    const titled = problemsOf(youtube, EMPTY_VARIANT, source).map((p) => p.field);
    expect(titled).not.toContain('options.title');
    const emptied = problemsOf(youtube, { ...EMPTY_VARIANT, options: { title: '' } }, source);
    expect(emptied.filter((p) => p.field === 'options.title')).toMatchObject([{ code: 'titleRequired' }]);
  });

  it("holds TikTok to its guidelines: a chosen privacy, a disclosure's kind, branded content not private", () => {
    const tiktok = account(1, 'tiktok');
    const video = { ...source, media: [{ ...image, kind: 'video', mime: 'video/mp4' } as Material] };
    const rules = (variant: typeof EMPTY_VARIANT) =>
      problemsOf(tiktok, variant, video).flatMap((p) => (p.source === 'tiktok' ? [p.code] : []));
    expect(rules(EMPTY_VARIANT)).toEqual(['privacyRequired']);
    expect(rules({ text: null, options: { privacy: 'PUBLIC_TO_EVERYONE' }, disclose: true })).toEqual([
      'discloseWhich',
    ]);
    expect(
      rules({ text: null, options: { privacy: 'SELF_ONLY', brandContent: true }, disclose: true }),
    ).toEqual(['brandedPrivate']);
  });

  it('checks the options against the platform schema', () => {
    const problems = problemsOf(
      account(1, 'facebook'),
      { ...EMPTY_VARIANT, options: { audience: { countries: ['Canada'], regions: [], cities: [] } } },
      source,
    );
    expect(problems).toEqual([{ source: 'option', field: 'options.audience', blocking: true }]);
  });
});

describe('UTM tags', () => {
  const linked = { ...source, text: 'Read https://news.example/a?b=1#top' };
  const tags = (platform: string) => `utm_source=${platform}&utm_medium=social&utm_campaign=content-7`;

  it('show in the text as sent, for each platform, and only when on', () => {
    expect(sentText('telegram', EMPTY_VARIANT, linked, true)).toBe(
      `Read https://news.example/a?b=1&${tags('telegram')}#top`,
    );
    expect(sentText('mastodon', { ...EMPTY_VARIANT, text: 'Own https://news.example/c' }, linked, true)).toBe(
      `Own https://news.example/c?${tags('mastodon')}`,
    );
    expect(sentText('telegram', EMPTY_VARIANT, linked, false)).toBe(linked.text);
  });

  it('count towards the limit where the platform counts links as written, not on X', () => {
    const extra = tags('bluesky').length + 1;
    expect(textCount('bluesky', EMPTY_VARIANT, linked, true).length).toBe(linked.text.length + extra);
    expect(textCount('x', EMPTY_VARIANT, linked, true)).toEqual(textCount('x', EMPTY_VARIANT, linked));
    const nearly = { ...source, text: `${'a'.repeat(270)} https://news.example/a` };
    expect(problemsOf(account(1, 'bluesky'), EMPTY_VARIANT, nearly)).toEqual([]);
    expect(problemsOf(account(1, 'bluesky'), EMPTY_VARIANT, nearly, true)).toMatchObject([
      { source: 'preflight', code: 'textTooLong', field: 'text', blocking: true },
    ]);
  });

  it('are asked of the server, which tags the text itself', () => {
    const body = publishBody(linked, [{ account: account(1, 'x'), variant: EMPTY_VARIANT }], null, true);
    expect(body).toEqual({ contentId: 7, targets: [{ accountId: 1 }], utm: true });
  });
});

describe('placePublishErrors', () => {
  it('puts targets.<n> on the account sent at n, scheduledAt on the time, the rest aside', () => {
    const placed = placePublishErrors(
      [
        { field: 'targets.1.accountId', message: 'unavailable' },
        { field: 'targets.0.options.title', message: 'too long' },
        { field: 'targets.9.text', message: 'lost' },
        { field: 'scheduledAt', message: 'past' },
        { field: 'contentId', message: 'gone' },
      ],
      [11, 12],
    );
    expect(placed.byAccount.get(12)).toEqual([{ field: 'accountId', message: 'unavailable' }]);
    expect(placed.byAccount.get(11)).toEqual([{ field: 'options.title', message: 'too long' }]);
    expect(placed.scheduledAt).toEqual(['past']);
    expect(placed.others).toEqual(['lost', 'gone']);
  });
});
