import { MENU_ICONS, type MenuIcon } from '@postdeck/contract/menu';
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { menuIcon } from '../../../layout/sidebar/menu-icons';

const OPTIONS = MENU_ICONS.map((name) => ({
  value: name,
  label: (
    <Space size="small">
      <span aria-hidden>{menuIcon(name)}</span>
      <span>{name}</span>
    </Space>
  ),
}));

interface IconSelectProps {
  value?: MenuIcon;
  onChange?: (value: MenuIcon | undefined) => void;
  id?: string;
}

/** One of the icons the sidebar knows, each shown beside its name; cleared = no icon. A form control. */
export function IconSelect({ value, onChange, id }: IconSelectProps) {
  const { t } = useTranslation();
  return (
    <Select<MenuIcon>
      id={id}
      value={value}
      onChange={(next) => onChange?.(next)}
      options={OPTIONS}
      allowClear
      showSearch={{ optionFilterProp: 'value' }}
      placeholder={t('menus.noIcon')}
      style={{ width: '100%' }}
    />
  );
}
