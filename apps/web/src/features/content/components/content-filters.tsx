import { CONTENT_STATUSES } from '@postdeck/contract/content';
import { Input, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DepartmentTreeSelect } from '../../../components/department-tree-select';
import { DateRangeFilter } from '../../../components/list-filters/date-range-filter';
import { MineOnlySwitch } from '../../../components/list-filters/mine-only-switch';
import type { ContentFilters } from '../list-query';

interface ContentFiltersBarProps {
  filters: ContentFilters;
  /** Applies a change of filters; the page goes back to 1. */
  onChange: (next: Partial<ContentFilters>) => void;
  /** The admin list adds the department filter and the deleted view. */
  admin: boolean;
}

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
        <>
          <div style={{ width: 220 }}>
            <DepartmentTreeSelect
              single
              placeholder={t('content.department')}
              value={filters.departmentId === undefined ? undefined : [filters.departmentId]}
              onChange={(ids) => onChange({ departmentId: ids[0] })}
            />
          </div>
          <label>
            <Space>
              <Switch
                size="small"
                checked={filters.deleted === 'true'}
                onChange={(deleted) => onChange({ deleted: deleted ? 'true' : undefined })}
              />
              {t('content.deletedView')}
            </Space>
          </label>
        </>
      )}
    </Space>
  );
}
