import {
  FacebookOutlined,
  InstagramOutlined,
  LinkedinOutlined,
  SendOutlined,
  TikTokOutlined,
  XOutlined,
  YoutubeOutlined,
} from '@ant-design/icons';
import type { PublishingPlatform } from '@postdeck/contract/platforms';
import type { ComponentType } from 'react';
import { platformName } from '../../channels/platform-name';
import styles from './publish-history.module.css';

/** antd's brand icons where it has one (Telegram's is its paper plane); the others a monogram. */
const ICONS: Partial<Record<PublishingPlatform, ComponentType<{ 'aria-hidden'?: boolean }>>> = {
  facebook: FacebookOutlined,
  instagram: InstagramOutlined,
  youtube: YoutubeOutlined,
  x: XOutlined,
  telegram: SendOutlined,
  linkedin: LinkedinOutlined,
  tiktok: TikTokOutlined,
};

const MONOGRAMS: Partial<Record<PublishingPlatform, string>> = { vk: 'VK', mastodon: 'M', bluesky: 'B' };

/** The platform's mark, named for screen readers and on hover by the platform's own name. */
export function PlatformIcon({ platform }: { platform: PublishingPlatform }) {
  const name = platformName(platform);
  const Icon = ICONS[platform];
  return (
    <span role="img" aria-label={name} title={name} className={styles.platformIcon} data-platform={platform}>
      {Icon ? <Icon aria-hidden /> : <span className={styles.monogram}>{MONOGRAMS[platform]}</span>}
    </span>
  );
}
