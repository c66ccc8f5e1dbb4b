import { Avatar, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MaterialThumb } from '../../../components/material-picker/material-thumb';
import { platformName } from '../../channels/platform-name';
import {
  type PublishSource,
  type TargetAccount,
  type Variant,
  sentText,
  youtubeTitle,
} from '../target-variant';
import styles from './publishing.module.css';

const SHOWN_THUMBS = 4;

/** Roughly how the post will look on its platform: who posts it, the text as sent, the media. */
export function PostPreview({
  account,
  variant,
  source,
  utm,
}: {
  account: TargetAccount;
  variant: Variant;
  source: PublishSource;
  /** Show the links tagged, as they will be sent. */
  utm: boolean;
}) {
  const { t } = useTranslation();
  const platform = platformName(account.platform);
  const text = sentText(account.platform, variant, source, utm);
  const images = source.media.filter((m) => m.kind === 'image').length;
  const videos = source.media.length - images;
  return (
    <Card size="small" title={t('publishing.preview.label', { platform })}>
      <Flex gap={8} align="center" style={{ marginBlockEnd: 8 }}>
        <Avatar aria-hidden>{[...account.name][0]?.toUpperCase()}</Avatar>
        <Flex vertical>
          <Typography.Text strong>{account.name}</Typography.Text>
          {account.handle && <Typography.Text type="secondary">{account.handle}</Typography.Text>}
        </Flex>
      </Flex>
      {account.platform === 'youtube' && (
        <Typography.Paragraph strong>{youtubeTitle(variant, source)}</Typography.Paragraph>
      )}
      <Typography.Paragraph className={styles.previewText} type={text.trim() ? undefined : 'secondary'}>
        {text.trim() ? text : t('publishing.preview.noText')}
      </Typography.Paragraph>
      {source.media.length > 0 && (
        <Flex vertical gap={4}>
          <div className={styles.thumbs}>
            {source.media.slice(0, SHOWN_THUMBS).map((material) => (
              <MaterialThumb key={material.id} material={material} size={56} />
            ))}
          </div>
          <Typography.Text type="secondary">
            {t('publishing.preview.media', { images, videos })}
          </Typography.Text>
        </Flex>
      )}
    </Card>
  );
}
