import { USER_STATUSES } from '@postdeck/contract/users';
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DepartmentTreeSelect } from '../../../components/department-tree-select';
import { SearchBox } from '../../../components/list-filters/search-box';
import { useRoleOptions } from '../api/user-list';
import type { UserFilters } from '../list-query';
import { roleName } from '../../../utils/role-name';

interface UserFiltersBarProps {
  filters: UserFilters;
  /** Applies a change of filters; the page goes back to 1. */
  onChange: (next: Partial<UserFilters>) => void;
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
        style={{ width: 180 }}
      />
      <SearchBox
        label={t('users.name')}
        value={filters.name}
        onSearch={(name) => onChange({ name })}
        style={{ width: 180 }}
      />
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
        options={(roles.data ?? []).map((role) => ({ value: role.code, label: roleName(role, t) }))}
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
