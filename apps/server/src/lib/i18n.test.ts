import { blueskyConnectBodySchema, connectStartBodySchema } from '@postdeck/contract/channels';
import type { Language } from '@postdeck/contract/constants';
import { z } from '@postdeck/contract/zod';
import { describe, expect, it } from 'vitest';
import type { $ZodRawIssue } from 'zod/v4/core';
import { issueText } from './i18n.ts';

/** The field errors a request body gets, in a language, as the error handler words them. */
function wordsFor(schema: z.ZodType, body: unknown, lang: Language) {
  const parsed = schema.safeParse(body, { reportInput: true });
  return (parsed.error?.issues ?? []).map((issue) => [
    issue.path.join('.'),
    issueText(issue as unknown as $ZodRawIssue, lang),
  ]);
}

describe('issueText', () => {
  it("words zod's own checks in the caller's language, never in zod's English", () => {
    const body = { platform: 'mastodon', departmentId: 1, instance: 'a'.repeat(300) };
    expect(wordsFor(connectStartBodySchema, body, 'zh')).toEqual([['instance', '最多 253 个字符']]);
    expect(wordsFor(connectStartBodySchema, body, 'ja')).toEqual([
      ['instance', '253 文字以内で入力してください'],
    ]);
    expect(wordsFor(connectStartBodySchema, body, 'es')).toEqual([
      ['instance', 'Como máximo 253 caracteres'],
    ]);
    expect(wordsFor(connectStartBodySchema, body, 'en')).toEqual([['instance', 'At most 253 characters']]);
  });

  it('says what is missing, of the wrong type, too short, or not one of the choices', () => {
    expect(wordsFor(connectStartBodySchema, { platform: 'myspace', departmentId: 'x' }, 'zh')).toEqual([
      [
        'platform',
        '请从以下选项中选择：facebook, instagram, youtube, x, vk, telegram, linkedin, mastodon, bluesky, tiktok, ga4',
      ],
      ['departmentId', '请输入数字'],
    ]);
    expect(wordsFor(blueskyConnectBodySchema, { departmentId: 1, identifier: 'ab' }, 'en')).toEqual([
      ['identifier', 'At least 3 characters'],
      ['appPassword', 'This field is required'],
    ]);
    expect(wordsFor(z.object({ kind: z.enum(['a', 'b']) }), { kind: 'c' }, 'ja')).toEqual([
      ['kind', '次のいずれかを選んでください: a, b'],
    ]);
  });

  it("keeps the contract's own keys and the catalogue's texts", () => {
    expect(
      wordsFor(blueskyConnectBodySchema, { departmentId: 1, identifier: 'alice', appPassword: 'x' }, 'en'),
    ).toEqual([
      [
        'appPassword',
        "Enter an app password (xxxx-xxxx-xxxx-xxxx) made in Bluesky's settings, not the account password",
      ],
    ]);
  });
});
