import { DownOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PAGES } from '@postdeck/contract/pages';
import { usePublicConfig } from '../../api/public-config';
import { LangSelect } from '../../components/lang-select';
import { currentLanguage } from '../../i18n/i18n';
import { useAppStore } from '../../stores/app-store';
import { useUserStore } from '../../stores/user-store';
import { Breadcrumb } from '../breadcrumb/breadcrumb';
import { ErrorLog } from '../error-log/error-log';
import styles from './navbar.module.css';
import { SandboxTag } from './sandbox-tag';
import { Screenfull } from './screenfull';
import { SizeSelect } from './size-select';

/**
 * Spec §2: the operation manual, a PDF; the server's OPERATION_MANUAL_URL, this until it has
 * answered. `{lang}` stands for the reader's language.
 */
export const DEFAULT_MANUAL_URL = '/manual/{lang}.pdf';

export interface NavbarProps {
  onLogout: () => Promise<void>;
  /** Slot for the message bell (another feature fills it; hidden on mobile, spec §2). */
  messageBell?: ReactNode;
  /** The 'switch to simple edition' button. */
  editionSwitch?: ReactNode;
}

export function Navbar({ onLogout, messageBell, editionSwitch }: NavbarProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const opened = useAppStore((state) => state.sidebarOpened);
  const mobile = useAppStore((state) => state.device === 'mobile');
  const toggleSidebar = useAppStore((state) => state.toggleSidebar);
  const info = useUserStore((state) => state.info);
  const manualUrl = (usePublicConfig().data?.operationManualUrl ?? DEFAULT_MANUAL_URL).replaceAll(
    '{lang}',
    currentLanguage(i18n.language),
  );

  const items: MenuProps['items'] = [
    // Ours: the template's Profile entry stays, as the way to the spec §2 profile page.
    { key: 'profile', label: t('route.profile') },
    { key: 'manual', label: t('shell.manual') },
    { key: 'changePassword', label: t('shell.changePassword') },
    { key: 'dashboard', label: t('navbar.dashboard') },
    { type: 'divider' },
    { key: 'logout', label: <span data-testid="navbar-logout">{t('navbar.logOut')}</span> },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') void navigate(PAGES.profile);
    if (key === 'manual') window.open(manualUrl, '_blank', 'noopener');
    if (key === 'changePassword') void navigate(PAGES.changePassword);
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
        <SandboxTag />
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
