import type { Material } from '@postdeck/contract/materials';
import { Descriptions, type DescriptionsProps, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDuration } from '../../../components/material-picker/material-format';
import { MaterialStatusTag } from '../../../components/material-picker/material-status';
import { useFormatTime } from '../../../i18n/use-format-time';

/** What is known about a material; rows without a value (an image's duration) are left out. */
export function MaterialDetails({ material }: { material: Material }) {
  const { t, i18n } = useTranslation();
  const formatTime = useFormatTime();
  const rows = [
    { key: 'kind', label: t('materials.kind'), children: t(`materials.kinds.${material.kind}`) },
    { key: 'mime', label: t('materials.type'), children: material.mime },
    { key: 'bytes', label: t('materials.size'), children: formatBytes(material.bytes, i18n.language) },
    material.width !== null &&
      material.height !== null && {
        key: 'dimensions',
        label: t('materials.dimensions'),
        children: `${material.width} × ${material.height}`,
      },
    material.durationMs !== null && {
      key: 'duration',
      label: t('materials.duration'),
      children: formatDuration(material.durationMs),
    },
    material.codec !== null && { key: 'codec', label: t('materials.codec'), children: material.codec },
    { key: 'department', label: t('materials.department'), children: material.department.name },
    { key: 'uploader', label: t('materials.uploader'), children: material.uploader.name },
    { key: 'createdAt', label: t('materials.uploaded'), children: formatTime(material.createdAt) },
    (material.status !== 'ready' || material.note !== null) && {
      key: 'status',
      label: t('materials.status'),
      children: (
        <Space wrap>
          <MaterialStatusTag status={material.status} />
          {material.note}
        </Space>
      ),
    },
  ].filter((row) => row !== false) satisfies DescriptionsProps['items'];
  return <Descriptions size="small" column={1} bordered items={rows} />;
}
