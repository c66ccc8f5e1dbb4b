import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { MATERIAL_LIMITS } from '@postdeck/contract/materials';
import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

interface SelectionBarProps {
  count: number;
  onZip: () => void;
  zipping: boolean;
  onDelete?: () => void;
  onClear: () => void;
}

/** What can be done with the selected materials, shown while some are selected. */
export function SelectionBar({ count, onZip, zipping, onDelete, onClear }: SelectionBarProps) {
  const { t } = useTranslation();
  if (count === 0) return null;
  const tooMany = count > MATERIAL_LIMITS.zipItems;
  return (
    <Alert
      type="info"
      style={{ marginBottom: 16 }}
      title={
        <span aria-live="polite">
          {t('materials.selectedCount', { count })}
          {tooMany && ` — ${t('materials.zipTooMany', { max: MATERIAL_LIMITS.zipItems })}`}
        </span>
      }
      action={
        <Space wrap>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            loading={zipping}
            disabled={tooMany}
            onClick={onZip}
          >
            {t('materials.downloadZip')}
          </Button>
          {onDelete && (
            <Button size="small" danger icon={<DeleteOutlined />} onClick={onDelete}>
              {t('materials.deleteSelected')}
            </Button>
          )}
          <Button size="small" onClick={onClear}>
            {t('materials.clearSelection')}
          </Button>
        </Space>
      }
    />
  );
}
