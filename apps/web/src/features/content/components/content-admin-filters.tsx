import { Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DepartmentTreeSelect } from '../../../components/department-tree-select';
import type { ContentFiltersBarProps } from './content-filters';

type AdminFilterProps = Omit<ContentFiltersBarProps, 'admin'>;

/** The admin list's department filter. */
export function DepartmentFilter({ filters, onChange }: AdminFilterProps) {
  const { t } = useTranslation();
  return (
    <div style={{ width: 220 }}>
      <DepartmentTreeSelect
        single
        placeholder={t('content.department')}
        value={filters.departmentId === undefined ? undefined : [filters.departmentId]}
        onChange={(ids) => onChange({ departmentId: ids[0] })}
      />
    </div>
  );
}

/** The admin list's switch to the deleted view. */
export function DeletedViewSwitch({ filters, onChange }: AdminFilterProps) {
  const { t } = useTranslation();
  return (
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
  );
}
