import FacebookFilled from '@ant-design/icons-svg/es/asn/FacebookFilled';
import InstagramOutlined from '@ant-design/icons-svg/es/asn/InstagramOutlined';
import LinkedinFilled from '@ant-design/icons-svg/es/asn/LinkedinFilled';
import MastodonFilled from '@ant-design/icons-svg/es/asn/MastodonFilled';
import TelegramFilled from '@ant-design/icons-svg/es/asn/TelegramFilled';
import TikTokOutlined from '@ant-design/icons-svg/es/asn/TikTokOutlined';
import XOutlined from '@ant-design/icons-svg/es/asn/XOutlined';
import YoutubeFilled from '@ant-design/icons-svg/es/asn/YoutubeFilled';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { PLATFORM_CAPABILITIES } from '@postdeck/contract/platform-capabilities';
import type { PublishingPlatform } from '@postdeck/contract/platforms';
import type { CSSProperties } from 'react';
import { LightIcon } from '../../../components/light-icon';

/**
 * antd's brand marks, drawn from their SVG definitions: @ant-design/icons' components would land
 * in the antd chunk that every first view loads. VK and Bluesky have none: their initials stand in.
 */
const ICONS: Partial<Record<PublishingPlatform, IconDefinition>> = {
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
  const mark = ICONS[platform];
  const label = decorative
    ? { 'aria-hidden': true as const }
    : { role: 'img', 'aria-label': name, title: name };
  return (
    <span {...label} data-platform={platform} style={{ display: 'inline-flex', alignItems: 'center' }}>
      {mark ? (
        <LightIcon icon={mark} />
      ) : (
        <span style={LETTERS}>{INITIALS[platform] ?? name.slice(0, 1)}</span>
      )}
    </span>
  );
}

export const platformName = (platform: PublishingPlatform) => PLATFORM_CAPABILITIES[platform].displayName;
