import {
  STATS_GRANULARITIES,
  STATS_RANGE_MAX_DAYS,
  type StatisticsFilters as Filters,
  type StatsGranularity,
} from '@postdeck/contract/statistics';
import { DatePicker, Segmented, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import {
  platformAccountSelects,
  withCurrent,
} from '../../../components/list-filters/platform-account-selects';
import type { Named } from '../api/filter-choices';

const DepartmentFilter = lazy(() =>
  import('../../publish-history/components/department-filter').then((module) => ({
    default: module.DepartmentFilter,
  })),
);

export interface StatisticsFilterChoices {
  /** The department filter: only where the user's scope has more than one department. */
  departments: boolean;
  accounts: readonly (Named & { platform: string })[];
  authors: readonly Named[];
}

interface StatisticsFiltersProps {
  filters: Filters;
  onChange: (next: Partial<Filters>) => void;
  choices: StatisticsFilterChoices;
  onWanted: (what: 'accounts' | 'authors') => void;
}

type FilterKey = 'range' | 'granularity' | 'department' | 'platform' | 'account' | 'author';

/** Time range (days, UTC) and granularity; department, platform, account and author. */
export function StatisticsFiltersBar({ filters, onChange, choices, onWanted }: StatisticsFiltersProps) {
  const { t } = useTranslation();
  const label = (key: FilterKey) => t(`statistics.filters.${key}`);

  return (
    <Space wrap style={{ marginBottom: 16 }} role="group" aria-label={t('statistics.filters.label')}>
      <DatePicker.RangePicker
        aria-label={label('range')}
        allowClear={false}
        value={[dayjs(filters.from), dayjs(filters.to)]}
        disabledDate={(day, info) => {
          const from = info.from;
          return from ? Math.abs(day.diff(from, 'day')) >= STATS_RANGE_MAX_DAYS : false;
        }}
        onChange={(days) => {
          if (days?.[0] && days[1])
            onChange({ from: days[0].format('YYYY-MM-DD'), to: days[1].format('YYYY-MM-DD') });
        }}
      />
      <Segmented<StatsGranularity>
        aria-label={label('granularity')}
        value={filters.granularity}
        onChange={(granularity) => onChange({ granularity })}
        options={STATS_GRANULARITIES.map((value) => ({
          value,
          label: t(`statistics.granularities.${value}`),
        }))}
      />
      {choices.departments && (
        <Suspense fallback={null}>
          <DepartmentFilter
            label={label('department')}
            value={filters.departmentId}
            onChange={(departmentId) => onChange({ departmentId })}
          />
        </Suspense>
      )}
      {platformAccountSelects({
        label,
        filters,
        accounts: choices.accounts,
        onChange,
        onAccountsWanted: () => onWanted('accounts'),
      })}
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={label('author')}
        aria-label={label('author')}
        value={filters.authorId}
        onChange={(authorId?: number) => onChange({ authorId })}
        onOpenChange={(open) => open && onWanted('authors')}
        options={withCurrent(choices.authors, filters.authorId).map((author) => ({
          value: author.id,
          label: author.name,
        }))}
        style={{ width: 160 }}
      />
    </Space>
  );
}
