import { ExclamationCircleOutlined, SyncOutlined } from '@ant-design/icons';
import type { Material } from '@postdeck/contract/materials';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Processing or failed, in words and an icon (never colour alone); nothing for a ready material. */
export function MaterialStatusTag({ status }: Pick<Material, 'status'>) {
  const { t } = useTranslation();
  if (status === 'ready') return null;
  return status === 'processing' ? (
    <Tag icon={<SyncOutlined spin aria-hidden />} color="processing">
      {t('materials.statuses.processing')}
    </Tag>
  ) : (
    <Tag icon={<ExclamationCircleOutlined aria-hidden />} color="error">
      {t('materials.statuses.failed')}
    </Tag>
  );
}
