import { PUBLISHING_PLATFORMS } from '@postdeck/contract/platforms';
import { UPCOMING_STATUSES } from '@postdeck/contract/publish-schedule';
import { Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScheduleFilterValues } from '../schedule-query';
import { platformName } from '../platform-name';

export interface AccountOption {
  id: number;
  name: string;
  platform: (typeof PUBLISHING_PLATFORMS)[number];
}

interface ScheduleFiltersProps {
  filters: ScheduleFilterValues;
  accounts: readonly AccountOption[];
  onChange: (next: Partial<ScheduleFilterValues>) => void;
}

/** Platform, account, state and a keyword, all kept in the address. */
export function ScheduleFilters({ filters, accounts, onChange }: ScheduleFiltersProps) {
  const { t } = useTranslation();
  const shown = filters.platform ? accounts.filter((a) => a.platform === filters.platform) : accounts;
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Select
        allowClear
        placeholder={t('schedule.filters.allPlatforms')}
        aria-label={t('schedule.filters.platform')}
        value={filters.platform}
        onChange={(platform) => onChange({ platform, accountId: undefined })}
        options={PUBLISHING_PLATFORMS.map((platform) => ({ value: platform, label: platformName(platform) }))}
        style={{ width: 170 }}
      />
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('schedule.filters.allAccounts')}
        aria-label={t('schedule.filters.account')}
        value={filters.accountId}
        onChange={(accountId) => onChange({ accountId })}
        options={shown.map((account) => ({
          value: account.id,
          label: `${account.name} · ${platformName(account.platform)}`,
        }))}
        style={{ width: 220 }}
      />
      <Select
        allowClear
        placeholder={t('schedule.filters.allStatuses')}
        aria-label={t('schedule.filters.status')}
        value={filters.status}
        onChange={(status) => onChange({ status })}
        options={UPCOMING_STATUSES.map((status) => ({
          value: status,
          label: t(`publishing.statuses.${status}`),
        }))}
        style={{ width: 150 }}
      />
      {/* Mounted afresh when the address changes by itself (back button, a link), to show it. */}
      <KeywordSearch
        key={filters.keyword ?? ''}
        initial={filters.keyword ?? ''}
        onSearch={(keyword) => onChange({ keyword })}
      />
    </Space>
  );
}

function KeywordSearch({
  initial,
  onSearch,
}: {
  initial: string;
  onSearch: (keyword: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState(initial);
  return (
    <Input.Search
      allowClear
      aria-label={t('schedule.filters.keyword')}
      placeholder={t('schedule.filters.keyword')}
      value={keyword}
      maxLength={100}
      onChange={(event) => setKeyword(event.target.value)}
      onSearch={(value) => onSearch(value.trim() || undefined)}
      style={{ width: 240 }}
    />
  );
}
