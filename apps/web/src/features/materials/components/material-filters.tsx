import { MATERIAL_KINDS } from '@postdeck/contract/materials';
import { DatePicker, Input, Select, Space, Switch } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DepartmentTreeSelect } from '../../../components/department-tree-select';
import { useUserStore } from '../../../stores/user-store';
import type { MaterialFilters } from '../list-query';

interface MaterialFiltersBarProps {
  filters: MaterialFilters;
  /** Applies a change of filters; the page goes back to 1. */
  onChange: (next: Partial<MaterialFilters>) => void;
}

/** Kind, name, tag, upload time, department and 'mine only'. */
export function MaterialFiltersBar({ filters, onChange }: MaterialFiltersBarProps) {
  const { t } = useTranslation();
  const me = useUserStore((state) => state.info?.id);
  const range = filters.time?.split(',').map((v) => dayjs(v)) as [dayjs.Dayjs, dayjs.Dayjs] | undefined;

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
      <DatePicker.RangePicker
        aria-label={t('materials.uploaded')}
        value={range}
        onChange={(value) =>
          onChange({
            time:
              value?.[0] && value[1]
                ? `${value[0].startOf('day').toISOString()},${value[1].endOf('day').toISOString()}`
                : undefined,
          })
        }
      />
      <div style={{ width: 220 }}>
        <DepartmentTreeSelect
          single
          placeholder={t('materials.department')}
          value={filters.departmentId === undefined ? undefined : [filters.departmentId]}
          onChange={(ids) => onChange({ departmentId: ids[0] })}
        />
      </div>
      {me !== undefined && (
        <label>
          <Space>
            <Switch
              size="small"
              checked={filters.uploaderId === me}
              onChange={(mine) => onChange({ uploaderId: mine ? me : undefined })}
            />
            {t('materials.mine')}
          </Space>
        </label>
      )}
    </Space>
  );
}
