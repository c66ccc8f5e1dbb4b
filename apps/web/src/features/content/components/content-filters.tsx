import { CONTENT_STATUSES } from '@postdeck/contract/content';
import { Input, Select, Space } from 'antd';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../components/list-filters/date-range-filter';
import { MineOnlySwitch } from '../../../components/list-filters/mine-only-switch';
import type { ContentFilters } from '../list-query';

export interface ContentFiltersBarProps {
  filters: ContentFilters;
  /** Applies a change of filters; the page goes back to 1. */
  onChange: (next: Partial<ContentFilters>) => void;
  /** The admin list adds the department filter and the deleted view. */
  admin: boolean;
}

// The department tree (antd's TreeSelect) is the admin list's alone: the department list's first
// view does without it (issue 11).
const loadAdminFilters = () => import('./content-admin-filters');
const DepartmentFilter = lazy(() =>
  loadAdminFilters().then((module) => ({ default: module.DepartmentFilter })),
);
const DeletedViewSwitch = lazy(() =>
  loadAdminFilters().then((module) => ({ default: module.DeletedViewSwitch })),
);

/** Keyword, status, tag, mine only, update time and, for administrators, department and deleted. */
export function ContentFiltersBar({ filters, onChange, admin }: ContentFiltersBarProps) {
  const { t } = useTranslation();

  return (
    <Space wrap style={{ marginBottom: 16 }} data-testid="content-filters">
      <Input.Search
        allowClear
        defaultValue={filters.keyword}
        placeholder={t('content.keyword')}
        aria-label={t('content.keyword')}
        onSearch={(keyword) => onChange({ keyword: keyword.trim() || undefined })}
        style={{ width: 240 }}
      />
      <Select
        allowClear
        placeholder={t('content.status')}
        aria-label={t('content.status')}
        value={filters.status}
        onChange={(status) => onChange({ status })}
        options={CONTENT_STATUSES.map((status) => ({
          value: status,
          label: t(`content.statuses.${status}`),
        }))}
        style={{ width: 140 }}
      />
      <Input
        allowClear
        defaultValue={filters.tag}
        placeholder={t('content.tag')}
        aria-label={t('content.tag')}
        onPressEnter={(event) => onChange({ tag: event.currentTarget.value.trim() || undefined })}
        style={{ width: 140 }}
      />
      <DateRangeFilter
        label={t('content.updated')}
        value={filters.time}
        onChange={(time) => onChange({ time })}
      />
      <MineOnlySwitch
        label={t('content.mine')}
        value={filters.authorId}
        onChange={(authorId) => onChange({ authorId })}
      />
      {admin && (
        <Suspense fallback={null}>
          <DepartmentFilter filters={filters} onChange={onChange} />
        </Suspense>
      )}
      {admin && (
        <Suspense fallback={null}>
          <DeletedViewSwitch filters={filters} onChange={onChange} />
        </Suspense>
      )}
    </Space>
  );
}
