import { isExternalUrl } from '@postdeck/contract/menu-item';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { routeTitle } from '../../i18n/i18n';
import { useAppStore } from '../../stores/app-store';
import { useSettingsStore } from '../../stores/settings-store';
import { useUserStore } from '../../stores/user-store';
import { menuIcon } from './menu-icons';
import { buildMenuItems, openKeysFor } from './menu-items';
import styles from './sidebar.module.css';

/** Spec §2: the active side-menu path is kept in session storage under this key. */
export const ACTIVE_MENU_KEY = 'activeMenuPath';

const readActive = (): string | null => {
  try {
    return sessionStorage.getItem(ACTIVE_MENU_KEY);
  } catch {
    return null;
  }
};
const saveActive = (path: string) => {
  try {
    sessionStorage.setItem(ACTIVE_MENU_KEY, path);
  } catch {
    // Storage blocked: the menu still follows the address.
  }
};

/** SB-8: the logo (favicon) and, when expanded, the title 'Postdeck'; 50 px high; links to '/'. */
function SidebarLogo({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className={styles.logo} data-testid="sidebar-logo">
      <img src="/favicon.svg" alt="" className={styles.logoImage} />
      {!collapsed && <h1 className={styles.logoTitle}>{t('app.title')}</h1>}
    </Link>
  );
}

export function Sidebar() {
  const { t } = useTranslation();
  const menu = useUserStore((state) => state.menu);
  // On mobile the sidebar slides out at full width instead of collapsing (LY-4).
  const collapsed = useAppStore((state) => !state.sidebarOpened && state.device === 'desktop');
  const showLogo = useSettingsStore((state) => state.sidebarLogo);
  const { pathname } = useLocation();
  const navigate = useNavigate();

  // `t` changes with the language, so a switch retitles the menu.
  const items = useMemo(
    () => buildMenuItems(menu, { title: (entry) => routeTitle(entry.menu_name, t), icon: menuIcon }),
    [menu, t],
  );
  // A page that is a menu item is the active one; a page that is not (hidden, detail pages)
  // keeps the item that was active last in this tab (SB-1 activeMenu, spec §2).
  const isItem = openKeysFor(items, pathname).length > 0 || items.some((item) => item?.key === pathname);
  const active = isItem ? pathname : (readActive() ?? pathname);
  useEffect(() => {
    if (isItem) saveActive(pathname);
  }, [isItem, pathname]);
  const defaultOpenKeys = useMemo(() => openKeysFor(items, active), [items, active]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (isExternalUrl(key)) return;
    saveActive(key);
    // Spec §2: clicking the active item reloads its page through /menuRedirect.
    if (key === pathname) void navigate(`/menuRedirect?path=${encodeURIComponent(key)}`);
    else void navigate(key);
  };

  return (
    <nav aria-label={t('navbar.sideMenu')} data-testid="side-menu" className={styles.sidebar}>
      {showLogo && <SidebarLogo collapsed={collapsed} />}
      <Menu
        mode="inline"
        theme="dark"
        items={items}
        selectedKeys={[active]}
        defaultOpenKeys={defaultOpenKeys}
        onClick={onClick}
      />
    </nav>
  );
}
