import { DepartmentTreeSelect } from '../../../components/department-tree-select';

interface DepartmentFilterProps {
  value: number | undefined;
  onChange: (departmentId: number | undefined) => void;
  label: string;
}

/** The department filter: antd's tree select, loaded with the filter rather than with the list. */
export function DepartmentFilter({ value, onChange, label }: DepartmentFilterProps) {
  return (
    <div style={{ width: 200 }}>
      <DepartmentTreeSelect
        single
        placeholder={label}
        value={value === undefined ? undefined : [value]}
        onChange={(ids) => onChange(ids[0])}
      />
    </div>
  );
}
