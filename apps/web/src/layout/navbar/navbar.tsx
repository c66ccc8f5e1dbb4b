import { DownOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppStore } from '../../stores/app-store';
import { useUserStore } from '../../stores/user-store';
import styles from './navbar.module.css';

export function Navbar({ onLogout }: { onLogout: () => Promise<void> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const opened = useAppStore((state) => state.sidebarOpened);
  const toggleSidebar = useAppStore((state) => state.toggleSidebar);
  const info = useUserStore((state) => state.info);

  const items: MenuProps['items'] = [
    { key: 'dashboard', label: t('navbar.dashboard') },
    { type: 'divider' },
    { key: 'logout', label: <span data-testid="navbar-logout">{t('navbar.logOut')}</span> },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'dashboard') void navigate('/');
    if (key === 'logout') void onLogout();
  };

  return (
    <div className={styles.navbar}>
      <Button
        type="text"
        icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        aria-label={opened ? t('navbar.collapseMenu') : t('navbar.expandMenu')}
        aria-expanded={opened}
        onClick={toggleSidebar}
        data-testid="sidebar-toggle"
      />
      <Dropdown trigger={['click']} menu={{ items, onClick }}>
        <Button type="text" className={styles.user} data-testid="navbar-user">
          <Avatar size="small" src={info?.avatar || undefined} icon={<UserOutlined />} alt="" />
          <span data-testid="navbar-user-name">{info?.name}</span>
          <DownOutlined />
        </Button>
      </Dropdown>
    </div>
  );
}
