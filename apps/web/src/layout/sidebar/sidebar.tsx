import { isExternalUrl } from '@postdeck/contract/menu';
import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { routeTitle } from '../../i18n/i18n';
import { useUserStore } from '../../stores/user-store';
import { menuIcon } from './menu-icons';
import { buildMenuItems, openKeysFor } from './menu-items';

export function Sidebar() {
  const { t } = useTranslation();
  const menu = useUserStore((state) => state.menu);
  const { pathname } = useLocation();
  const navigate = useNavigate();

  // `t` changes with the language, so a switch retitles the menu.
  const items = useMemo(
    () => buildMenuItems(menu, { title: (name) => routeTitle(name, t), icon: menuIcon }),
    [menu, t],
  );
  const defaultOpenKeys = useMemo(() => openKeysFor(items, pathname), [items, pathname]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (isExternalUrl(key)) return;
    // Spec §2: clicking the active item reloads its page through /menuRedirect.
    if (key === pathname) void navigate(`/menuRedirect?path=${encodeURIComponent(key)}`);
    else void navigate(key);
  };

  return (
    <nav aria-label={t('navbar.sideMenu')} data-testid="side-menu">
      <Menu
        mode="inline"
        theme="dark"
        items={items}
        selectedKeys={[pathname]}
        defaultOpenKeys={defaultOpenKeys}
        onClick={onClick}
      />
    </nav>
  );
}
