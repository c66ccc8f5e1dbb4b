import type { PublicationMediaType, PublishHistoryFilters } from '@postdeck/contract/publish-history';
import type { PublicationStatus } from '@postdeck/contract/publishing';
import { CloseOutlined } from '@ant-design/icons';
import { Button, Select, Space, Tag } from 'antd';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../components/list-filters/date-range-filter';
import {
  platformAccountSelects,
  withCurrent,
} from '../../../components/list-filters/platform-account-selects';
import { SearchBox } from '../../../components/list-filters/search-box';

export interface Named {
  id: number;
  name: string;
}

export interface FilterChoices {
  statuses: readonly PublicationStatus[];
  mediaTypes: readonly PublicationMediaType[];
  /** The accounts to offer (with their platform, so a chosen platform narrows them). */
  accounts: readonly (Named & { platform: string })[];
  authors: readonly Named[];
}

interface HistoryFiltersProps {
  filters: PublishHistoryFilters;
  onChange: (next: Partial<PublishHistoryFilters>) => void;
  choices: FilterChoices;
  /** The department filter (the tree's chunk): the lists that reach more than one department. */
  departments: boolean;
  /** The account filter was opened: more accounts than the page's may be asked for. */
  onAccountsWanted: () => void;
}

type FilterKey =
  'keyword' | 'status' | 'platform' | 'account' | 'department' | 'author' | 'mediaType' | 'time';

const DepartmentFilter = lazy(() =>
  import('./department-filter').then((module) => ({ default: module.DepartmentFilter })),
);

/** Title words, state, platform, account, department, author, media and creation time. */
export function HistoryFilters({
  filters,
  onChange,
  choices,
  departments,
  onAccountsWanted,
}: HistoryFiltersProps) {
  const { t } = useTranslation();
  const label = (key: FilterKey) => t(`publishHistory.filters.${key}`);

  return (
    <Space wrap style={{ marginBottom: 16 }} data-testid="publish-history-filters">
      <SearchBox
        label={label('keyword')}
        value={filters.keyword}
        onSearch={(keyword) => onChange({ keyword })}
        style={{ width: 220 }}
      />
      <Select
        allowClear
        placeholder={label('status')}
        aria-label={label('status')}
        value={filters.status}
        onChange={(status?: PublicationStatus) => onChange({ status })}
        options={choices.statuses.map((status) => ({
          value: status,
          label: t(`publishing.statuses.${status}`),
        }))}
        style={{ width: 150 }}
      />
      {platformAccountSelects({
        label,
        filters,
        accounts: choices.accounts,
        onChange,
        onAccountsWanted,
      })}
      {departments && (
        <Suspense fallback={null}>
          <DepartmentFilter
            label={label('department')}
            value={filters.departmentId}
            onChange={(departmentId) => onChange({ departmentId })}
          />
        </Suspense>
      )}
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={label('author')}
        aria-label={label('author')}
        value={filters.authorId}
        onChange={(authorId?: number) => onChange({ authorId })}
        options={withCurrent(choices.authors, filters.authorId).map((author) => ({
          value: author.id,
          label: author.name,
        }))}
        style={{ width: 160 }}
      />
      <Select
        allowClear
        placeholder={label('mediaType')}
        aria-label={label('mediaType')}
        value={filters.mediaType}
        onChange={(mediaType?: PublicationMediaType) => onChange({ mediaType })}
        options={choices.mediaTypes.map((type) => ({
          value: type,
          label: t(`publishHistory.mediaTypes.${type}`),
        }))}
        style={{ width: 130 }}
      />
      <DateRangeFilter label={label('time')} value={filters.time} onChange={(time) => onChange({ time })} />
      {filters.oppId !== undefined && (
        <Tag color="blue" style={{ marginInlineEnd: 0, paddingBlock: 2 }}>
          <Space size={4}>
            {t('publishHistory.filters.oppId', { id: filters.oppId })}
            <Button
              size="small"
              type="text"
              icon={<CloseOutlined aria-hidden />}
              onClick={() => onChange({ oppId: undefined })}
            >
              {t('publishHistory.filters.showAll')}
            </Button>
          </Space>
        </Tag>
      )}
    </Space>
  );
}
