import { DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';

interface SelectionBarProps {
  count: number;
  /** Resolves when the deletion is done or has failed (the confirm box closes then). */
  onDelete: () => Promise<unknown>;
  onClear: () => void;
}

/** What can be done with the selected users, shown while some are selected. */
export function SelectionBar({ count, onDelete, onClear }: SelectionBarProps) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Alert
      type="info"
      style={{ marginBottom: 16 }}
      title={<span aria-live="polite">{t('users.selectedCount', { count })}</span>}
      action={
        <Space wrap>
          <Popconfirm
            title={t('users.deleteManyConfirm', { count })}
            description={t('users.deleteWarning')}
            okText={t('users.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('users.cancel')}
            onConfirm={onDelete}
          >
            <Button size="small" danger icon={<DeleteOutlined aria-hidden />}>
              {t('users.deleteSelected')}
            </Button>
          </Popconfirm>
          <Button size="small" onClick={onClear}>
            {t('users.clearSelection')}
          </Button>
        </Space>
      }
    />
  );
}
