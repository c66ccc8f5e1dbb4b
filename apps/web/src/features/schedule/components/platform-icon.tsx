import {
  FacebookFilled,
  InstagramOutlined,
  LinkedinFilled,
  MastodonFilled,
  TelegramFilled,
  TikTokOutlined,
  XOutlined,
  YoutubeFilled,
} from '@ant-design/icons';
import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import type { PublishingPlatform } from '@postdeck/contract/platforms';
import type { ComponentType, CSSProperties } from 'react';

type Icon = ComponentType<{ style?: CSSProperties; 'aria-hidden'?: boolean }>;

/** antd's brand icons; VK and Bluesky have none, so their initials stand in. */
const ICONS: Partial<Record<PublishingPlatform, Icon>> = {
  facebook: FacebookFilled,
  instagram: InstagramOutlined,
  youtube: YoutubeFilled,
  x: XOutlined,
  telegram: TelegramFilled,
  linkedin: LinkedinFilled,
  mastodon: MastodonFilled,
  tiktok: TikTokOutlined,
};
const INITIALS: Partial<Record<PublishingPlatform, string>> = { vk: 'VK', bluesky: 'B' };

const LETTERS: CSSProperties = {
  display: 'inline-block',
  minWidth: '1em',
  fontSize: '0.75em',
  fontWeight: 700,
  lineHeight: 1,
  textAlign: 'center',
};

/** The platform's mark, named for screen readers (its name, "Mastodon"), or hidden beside a text that names it. */
export function PlatformIcon({
  platform,
  decorative = false,
}: {
  platform: PublishingPlatform;
  decorative?: boolean;
}) {
  const name = PLATFORM_CAPABILITIES[platform].displayName;
  const Mark = ICONS[platform];
  const label = decorative
    ? { 'aria-hidden': true as const }
    : { role: 'img', 'aria-label': name, title: name };
  return (
    <span {...label} data-platform={platform} style={{ display: 'inline-flex', alignItems: 'center' }}>
      {Mark ? <Mark aria-hidden /> : <span style={LETTERS}>{INITIALS[platform] ?? name.slice(0, 1)}</span>}
    </span>
  );
}

export const platformName = (platform: PublishingPlatform) => PLATFORM_CAPABILITIES[platform].displayName;
