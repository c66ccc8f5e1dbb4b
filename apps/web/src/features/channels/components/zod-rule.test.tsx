import type { Language } from '@postdeck/contract/constants';
import { fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from '../../../app/providers';
import { changeLanguage } from '../../../i18n/i18n';
import { CredentialFields } from './credential-fields';

const MASTODON = {
  platform: 'mastodon',
  displayName: 'Mastodon',
  connect: 'oauthPerInstance',
  mode: 'sandbox',
} as const;
const BLUESKY = {
  platform: 'bluesky',
  displayName: 'Bluesky',
  connect: 'appPassword',
  mode: 'sandbox',
} as const;

function renderFields(info: typeof MASTODON | typeof BLUESKY) {
  render(
    <Providers>
      <Form>
        <CredentialFields info={info} onUseHints={() => undefined} />
      </Form>
    </Providers>,
  );
}

describe('the connect form rules built from the contract', () => {
  afterEach(() => changeLanguage('en'));

  it.each<[Language, string]>([
    ['en', 'At most 253 characters'],
    ['zh', '最多 253 个字符'],
    ['es', 'Como máximo 253 caracteres'],
    ['ja', '253 文字以内で入力してください'],
  ])("word zod's length check in %s, never in zod's English", async (lang, text) => {
    await changeLanguage(lang);
    renderFields(MASTODON);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: `${'a'.repeat(300)}.example` } });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText(/Too big/)).not.toBeInTheDocument();
  });

  it("keep the contract's own texts, and word a value too short", async () => {
    await changeLanguage('zh');
    renderFields(BLUESKY);
    const field = (id: string) => document.getElementById(id) as HTMLElement;
    fireEvent.change(field('identifier'), { target: { value: 'ab' } });
    expect(await screen.findByText('至少 3 个字符')).toBeInTheDocument();
    fireEvent.change(field('appPassword'), { target: { value: 'secret' } });
    expect(
      await screen.findByText('请输入在 Bluesky 设置中创建的应用密码（xxxx-xxxx-xxxx-xxxx），而不是账号密码'),
    ).toBeInTheDocument();
  });
});
