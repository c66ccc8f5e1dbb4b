import { DownOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHistoryExport } from '../api/history-export';
import type { PublishExportQuery } from '@postdeck/contract/publish-export';

/** Export: the list as it is filtered, in XLSX or CSV. */
export function ExportMenu({ queryFor }: { queryFor: (format: 'xlsx' | 'csv') => PublishExportQuery }) {
  const { t } = useTranslation();
  const exporter = useHistoryExport();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'xlsx', label: t('publishHistory.export.xlsx') },
          { key: 'csv', label: t('publishHistory.export.csv') },
        ],
        onClick: ({ key }) => exporter.mutate(queryFor(key === 'csv' ? 'csv' : 'xlsx')),
      }}
    >
      <Button icon={<DownloadOutlined aria-hidden />} loading={exporter.isPending}>
        {t('publishHistory.export.button')} <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
