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
import { LightIcon } from './light-icon';
import styles from './platform-icon.module.css';

/**
 * antd's brand marks (VK and Bluesky have none: their initials stand in), drawn from their SVG
 * definitions rather than @ant-design/icons' components: those land in the antd chunk every
 * first view loads, while these load with the pages that show platforms (vite.config.ts).
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

/**
 * The platform's mark in a square of its own, named for screen readers and on hover by the
 * platform's own name ("Mastodon"); `decorative` hides it beside a text that names it.
 */
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
    <span {...label} data-platform={platform} className={styles.icon}>
      {mark ? (
        <LightIcon icon={mark} />
      ) : (
        <span className={styles.initials}>{INITIALS[platform] ?? name.slice(0, 1)}</span>
      )}
    </span>
  );
}
