import { USER_STATUSES } from '@postdeck/contract/users';
import { Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DepartmentTreeSelect } from '../../../components/department-tree-select';
import { useRoleOptions } from '../api/user-list';
import type { UserFilters } from '../list-query';

interface UserFiltersBarProps {
  filters: UserFilters;
  /** Applies a change of filters; the page goes back to 1. */
  onChange: (next: Partial<UserFilters>) => void;
}

interface SearchBoxProps {
  label: string;
  value: string | undefined;
  onSearch: (value: string | undefined) => void;
}

/** A text filter applied on Enter; follows the address when it changes otherwise (back, a link). */
function SearchBox({ label, value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value ?? '');
  }
  return (
    <Input.Search
      allowClear
      value={text}
      onChange={(event) => setText(event.target.value)}
      placeholder={label}
      aria-label={label}
      onSearch={(next) => onSearch(next.trim() || undefined)}
      style={{ width: 180 }}
    />
  );
}

/** Account, name, department, role and status. */
export function UserFiltersBar({ filters, onChange }: UserFiltersBarProps) {
  const { t } = useTranslation();
  const roles = useRoleOptions();

  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <SearchBox
        label={t('users.account')}
        value={filters.account}
        onSearch={(account) => onChange({ account })}
      />
      <SearchBox label={t('users.name')} value={filters.name} onSearch={(name) => onChange({ name })} />
      <div style={{ width: 220 }}>
        <DepartmentTreeSelect
          single
          placeholder={t('users.department')}
          value={filters.departmentId === undefined ? undefined : [filters.departmentId]}
          onChange={(ids) => onChange({ departmentId: ids[0] })}
        />
      </div>
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('users.role')}
        aria-label={t('users.role')}
        value={filters.role}
        onChange={(role: string | undefined) => onChange({ role })}
        loading={roles.isLoading}
        notFoundContent={roles.isError ? t('users.rolesLoadFailed') : undefined}
        options={(roles.data ?? []).map((role) => ({ value: role.code, label: role.name }))}
        style={{ width: 180 }}
      />
      <Select
        allowClear
        placeholder={t('users.status')}
        aria-label={t('users.status')}
        value={filters.status}
        onChange={(status) => onChange({ status })}
        options={USER_STATUSES.map((status) => ({ value: status, label: t(`users.statuses.${status}`) }))}
        style={{ width: 140 }}
      />
    </Space>
  );
}
