import { CHANNEL_ACCOUNT_STATUSES } from '@postdeck/contract/channels';
import { CHANNEL_PLATFORMS } from '@postdeck/contract/platforms';
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DepartmentTreeSelect } from '../../../components/department-tree-select';
import type { ChannelFilters } from '../list-query';
import { platformName } from '../platform-name';

interface AccountFiltersProps {
  filters: ChannelFilters;
  /** Applies a change of filters; the list goes back to its first page. */
  onChange: (next: Partial<ChannelFilters>) => void;
}

/** Platform, department and status. */
export function AccountFilters({ filters, onChange }: AccountFiltersProps) {
  const { t } = useTranslation();
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Select
        allowClear
        placeholder={t('channels.platform')}
        aria-label={t('channels.platform')}
        value={filters.platform}
        onChange={(platform) => onChange({ platform })}
        options={CHANNEL_PLATFORMS.map((platform) => ({ value: platform, label: platformName(platform) }))}
        style={{ width: 180 }}
      />
      <div style={{ width: 220 }}>
        <DepartmentTreeSelect
          single
          placeholder={t('channels.department')}
          value={filters.departmentId === undefined ? undefined : [filters.departmentId]}
          onChange={(ids) => onChange({ departmentId: ids[0] })}
        />
      </div>
      <Select
        allowClear
        placeholder={t('channels.status')}
        aria-label={t('channels.status')}
        value={filters.status}
        onChange={(status) => onChange({ status })}
        options={CHANNEL_ACCOUNT_STATUSES.map((status) => ({
          value: status,
          label: t(`channels.statuses.${status}`),
        }))}
        style={{ width: 200 }}
      />
    </Space>
  );
}
