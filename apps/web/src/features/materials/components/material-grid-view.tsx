import { EyeOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { MaterialGrid } from '../../../components/material-picker/material-grid';
import type { LibraryViewProps } from './library-view';

/** The grid view: tiles select (click, Space, Enter); their Preview button or a double click opens one. */
export function MaterialGridView({
  items,
  loading,
  selectedIds,
  onSelect,
  onOpen,
  emptyText,
}: LibraryViewProps) {
  const { t } = useTranslation();
  if (items.length === 0 && !loading) return <>{emptyText}</>;
  return (
    <Spin spinning={loading}>
      <MaterialGrid
        items={items}
        selectedIds={selectedIds}
        onToggle={(material) => onSelect([material], !selectedIds.includes(material.id))}
        onOpen={onOpen}
        label={t('materials.gridLabel')}
        footer={(material) => (
          <Button
            size="small"
            block
            icon={<EyeOutlined />}
            aria-label={t('materials.previewOf', { name: material.name })}
            onClick={() => onOpen(material)}
          >
            {t('materials.preview')}
          </Button>
        )}
      />
    </Spin>
  );
}
