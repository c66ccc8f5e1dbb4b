import { LogoutOutlined } from '@ant-design/icons';
import { Button, Menu, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { routeTitle } from '../i18n/i18n';
import { useEditionStore } from '../stores/edition-store';
import { useUserStore } from '../stores/user-store';
import { SandboxTag } from './navbar/sandbox-tag';
import styles from './simple-edition.module.css';

/** Spec §2: the simple edition's four tabs, in order, by route-title key. */
export const SIMPLE_TABS = [
  { path: '/api/content/publish/pubContent', title: 'addContent' },
  { path: '/api/content/contentList/deplist', title: 'departmentContent' },
  { path: '/api/content/publish/pubHistory', title: 'publishList' },
  { path: '/api/content/schedulepubmaterial/list', title: 'scheduledPublishing' },
] as const;

export const DEFAULT_SIMPLE_TAB = '/api/content/contentList/deplist';

/** The tab for `pathname`: the matching one, else department content. */
export const simpleTabFor = (pathname: string): string =>
  SIMPLE_TABS.find((tab) => tab.path === pathname)?.path ?? DEFAULT_SIMPLE_TAB;

/** Switches between the editions; entering the simple one lands on its matching tab. */
export function EditionSwitch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const edition = useEditionStore((state) => state.edition);
  const setEdition = useEditionStore((state) => state.setEdition);
  const toSimple = edition === 'complex';
  return (
    <Button
      size="small"
      data-testid="edition-switch"
      onClick={() => {
        setEdition(toSimple ? 'simple' : 'complex');
        const tab = simpleTabFor(pathname);
        if (toSimple && tab !== pathname) void navigate(tab);
      }}
    >
      {toSimple ? t('shell.simpleEdition') : t('shell.fullEdition')}
    </Button>
  );
}

export interface SimpleHeaderProps {
  onLogout: () => Promise<void>;
  /** Slot for the notice icon (the message bell; another feature fills it). */
  noticeIcon?: ReactNode;
}

/** Spec §2: top tabs, the switch back, the user's name, the notice icon and sign-out. */
export function SimpleHeader({ onLogout, noticeIcon }: SimpleHeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const name = useUserStore((state) => state.info?.name);
  const items = SIMPLE_TABS.map((tab) => ({ key: tab.path, label: routeTitle(tab.title, t) }));
  return (
    <header className={styles.header} data-testid="simple-header">
      <div className={styles.brand}>{t('app.title')}</div>
      <Menu
        mode="horizontal"
        className={styles.menu}
        items={items}
        selectedKeys={[simpleTabFor(pathname)]}
        // Spec §2, as the side menu does: choosing the tab already open reloads its page.
        onClick={({ key }) =>
          void navigate(key === pathname ? `/menuRedirect?path=${encodeURIComponent(key)}` : key)
        }
      />
      <div className={styles.right}>
        <SandboxTag />
        <EditionSwitch />
        <span data-testid="navbar-user-name">{name}</span>
        {noticeIcon}
        <Tooltip title={t('shell.signOut')}>
          <Button
            type="text"
            icon={<LogoutOutlined />}
            aria-label={t('shell.signOut')}
            data-testid="simple-sign-out"
            onClick={() => void onLogout()}
          />
        </Tooltip>
      </div>
    </header>
  );
}
