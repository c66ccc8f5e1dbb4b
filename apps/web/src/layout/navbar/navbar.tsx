import { DownOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LangSelect } from '../../components/lang-select';
import { useAppStore } from '../../stores/app-store';
import { useUserStore } from '../../stores/user-store';
import { Breadcrumb } from '../breadcrumb/breadcrumb';
import { ErrorLog } from '../error-log/error-log';
import styles from './navbar.module.css';
import { Screenfull } from './screenfull';
import { SizeSelect } from './size-select';

/** Spec §2: the operation manual (a PDF later; the server will say where). */
export const MANUAL_URL = '/manual/';
export const CHANGE_PASSWORD_PATH = '/api/me/changePass';

export interface NavbarProps {
  onLogout: () => Promise<void>;
  /** Slot for the message bell (another feature fills it; hidden on mobile, spec §2). */
  messageBell?: ReactNode;
  /** The 'switch to simple edition' button. */
  editionSwitch?: ReactNode;
}

export function Navbar({ onLogout, messageBell, editionSwitch }: NavbarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const opened = useAppStore((state) => state.sidebarOpened);
  const mobile = useAppStore((state) => state.device === 'mobile');
  const toggleSidebar = useAppStore((state) => state.toggleSidebar);
  const info = useUserStore((state) => state.info);

  const items: MenuProps['items'] = [
    { key: 'manual', label: t('shell.manual') },
    { key: 'changePassword', label: t('shell.changePassword') },
    { key: 'dashboard', label: t('navbar.dashboard') },
    { type: 'divider' },
    { key: 'logout', label: <span data-testid="navbar-logout">{t('navbar.logOut')}</span> },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'manual') window.open(MANUAL_URL, '_blank', 'noopener');
    if (key === 'changePassword') void navigate(CHANGE_PASSWORD_PATH);
    if (key === 'dashboard') void navigate('/');
    if (key === 'logout') void onLogout();
  };

  return (
    <div className={styles.navbar}>
      <div className={styles.left}>
        <Button
          type="text"
          icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          aria-label={opened ? t('navbar.collapseMenu') : t('navbar.expandMenu')}
          aria-expanded={opened}
          onClick={toggleSidebar}
          data-testid="sidebar-toggle"
        />
        <Breadcrumb />
      </div>
      <div className={styles.right}>
        {editionSwitch}
        {!mobile && (
          <>
            {/* Message bell slot (spec §2): hidden on mobile. */}
            {messageBell}
            <ErrorLog />
            <Screenfull />
            <SizeSelect />
          </>
        )}
        <LangSelect />
        <Dropdown trigger={['click']} menu={{ items, onClick }}>
          <Button type="text" className={styles.user} data-testid="navbar-user">
            <Avatar size="small" src={info?.avatar || undefined} icon={<UserOutlined />} alt="" />
            <span data-testid="navbar-user-name">{info?.name}</span>
            <DownOutlined />
          </Button>
        </Dropdown>
      </div>
    </div>
  );
}
