import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDepartments } from '../api/departments';

interface DepartmentTreeSelectProps {
  value?: number[];
  onChange?: (value: number[]) => void;
  id?: string;
  placeholder?: string;
  /** One department (a filter) instead of several; value and onChange still carry a list. */
  single?: boolean;
}

/**
 * Several departments picked on the tree of the user's scope. A form control: Form.Item passes
 * value, onChange and id. Picking a department means it and everything under it, so children
 * are not checked along with their parent.
 */
export function DepartmentTreeSelect({
  value,
  onChange,
  id,
  placeholder,
  single,
}: DepartmentTreeSelectProps) {
  const { t } = useTranslation();
  const departments = useDepartments();
  const treeData = useMemo(
    () => (departments.data ?? []).map((d) => ({ id: d.id, pId: d.parentId, value: d.id, title: d.name })),
    [departments.data],
  );
  return (
    <TreeSelect
      id={id}
      multiple={!single}
      allowClear
      treeDataSimpleMode
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeData={treeData}
      value={single ? value?.[0] : value}
      onChange={(next: number | number[] | undefined) =>
        onChange?.(next === undefined ? [] : Array.isArray(next) ? next : [next])
      }
      loading={departments.isLoading}
      placeholder={placeholder}
      aria-label={placeholder}
      notFoundContent={departments.isError ? t('departments.loadFailed') : undefined}
      data-testid="department-tree-select"
      style={{ width: '100%' }}
    />
  );
}
