import { MATERIAL_KINDS } from '@postdeck/contract/materials';
import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DepartmentTreeSelect } from '../../../components/department-tree-select';
import { DateRangeFilter } from '../../../components/list-filters/date-range-filter';
import { MineOnlySwitch } from '../../../components/list-filters/mine-only-switch';
import type { MaterialFilters } from '../list-query';

interface MaterialFiltersBarProps {
  filters: MaterialFilters;
  /** Applies a change of filters; the page goes back to 1. */
  onChange: (next: Partial<MaterialFilters>) => void;
}

/** Kind, name, tag, upload time, department and 'mine only'. */
export function MaterialFiltersBar({ filters, onChange }: MaterialFiltersBarProps) {
  const { t } = useTranslation();

  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Select
        allowClear
        placeholder={t('materials.kind')}
        aria-label={t('materials.kind')}
        value={filters.kind}
        onChange={(kind) => onChange({ kind })}
        options={MATERIAL_KINDS.map((kind) => ({ value: kind, label: t(`materials.kinds.${kind}`) }))}
        style={{ width: 120 }}
      />
      <Input.Search
        allowClear
        defaultValue={filters.name}
        placeholder={t('materials.name')}
        aria-label={t('materials.name')}
        onSearch={(name) => onChange({ name: name.trim() || undefined })}
        style={{ width: 220 }}
      />
      <Input
        allowClear
        defaultValue={filters.tag}
        placeholder={t('materials.tag')}
        aria-label={t('materials.tag')}
        onPressEnter={(event) => onChange({ tag: event.currentTarget.value.trim() || undefined })}
        style={{ width: 140 }}
      />
      <DateRangeFilter
        label={t('materials.uploaded')}
        value={filters.time}
        onChange={(time) => onChange({ time })}
      />
      <div style={{ width: 220 }}>
        <DepartmentTreeSelect
          single
          placeholder={t('materials.department')}
          value={filters.departmentId === undefined ? undefined : [filters.departmentId]}
          onChange={(ids) => onChange({ departmentId: ids[0] })}
        />
      </div>
      <MineOnlySwitch
        label={t('materials.mine')}
        value={filters.uploaderId}
        onChange={(uploaderId) => onChange({ uploaderId })}
      />
    </Space>
  );
}
