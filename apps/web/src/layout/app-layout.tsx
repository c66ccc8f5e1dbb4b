import { Layout } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useAppStore } from '../stores/app-store';
import { useEditionStore } from '../stores/edition-store';
import { useSettingsStore } from '../stores/settings-store';
import styles from './app-layout.module.css';
import { ErrorBoundary } from './error-log/error-boundary';
import { Navbar } from './navbar/navbar';
import { SettingsPanel } from './settings/settings-panel';
import { Sidebar } from './sidebar/sidebar';
import { EditionSwitch, SimpleHeader } from './simple-edition';
import { TagsView } from './tags-view/tags-view';
import { useDevice } from './use-device';

/** Checklist LY-4 sizes: side menu 210 px (54 px collapsed), navbar 50 px, tags view 34 px. */
export const SIDEBAR_WIDTH = 210;
export const SIDEBAR_COLLAPSED_WIDTH = 54;

export interface AppLayoutProps {
  onLogout: () => Promise<void>;
  /** Slot for the message bell (navbar, and the notice icon of the simple edition). */
  messageBell?: ReactNode;
  /** Slot above the page for reminders (the publish-failure banner), in both editions. */
  banner?: ReactNode;
}

function PageFailed() {
  const { t } = useTranslation();
  return <div role="alert">{t('errorPage.failed')}</div>;
}

/**
 * The shell (checklist LY-1). Page cache decision (AM-1): there is NO keep-alive cache; a page
 * remounts when it is shown again and TanStack Query keeps its server data, so a tag's Refresh
 * is a plain remount through /redirect (see tags-view/tags-store.ts).
 */
export function AppLayout({ onLogout, messageBell, banner }: AppLayoutProps) {
  useDevice();
  const { pathname } = useLocation();
  const opened = useAppStore((state) => state.sidebarOpened);
  const withoutAnimation = useAppStore((state) => state.withoutAnimation);
  const mobile = useAppStore((state) => state.device === 'mobile');
  const closeSidebar = useAppStore((state) => state.closeSidebar);
  const tagsView = useSettingsStore((state) => state.tagsView);
  const fixedHeader = useSettingsStore((state) => state.fixedHeader);
  const edition = useEditionStore((state) => state.edition);

  const page = (
    <>
      {banner}
      <ErrorBoundary key={pathname} fallback={<PageFailed />}>
        <Outlet />
      </ErrorBoundary>
    </>
  );

  if (edition === 'simple') {
    return (
      <div className={`simple ${styles.root}`} data-testid="app-layout">
        <SimpleHeader onLogout={onLogout} noticeIcon={messageBell} />
        <main className={styles.content}>{page}</main>
      </div>
    );
  }

  const rootClass = [
    'complex',
    styles.root,
    opened ? 'openSidebar' : 'hideSidebar',
    withoutAnimation ? `withoutAnimation ${styles.withoutAnimation}` : '',
    mobile ? 'mobile' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const headerWidth = mobile ? '100%' : `calc(100% - ${opened ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH}px)`;

  return (
    <Layout className={rootClass} data-testid="app-layout">
      {/* LY-2: on mobile the open sidebar has an overlay that closes it. */}
      {mobile && opened && (
        <div className={styles.drawerBg} data-testid="drawer-bg" onClick={() => closeSidebar(false)} />
      )}
      {mobile ? (
        <aside
          className={styles.mobileSider}
          style={{ transform: opened ? 'none' : `translate3d(-${SIDEBAR_WIDTH}px, 0, 0)` }}
        >
          <Sidebar />
        </aside>
      ) : (
        <Layout.Sider
          className={styles.sider}
          width={SIDEBAR_WIDTH}
          collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
          collapsed={!opened}
          trigger={null}
          theme="dark"
        >
          <Sidebar />
        </Layout.Sider>
      )}
      <Layout className={styles.main}>
        {/* LY-3: the fixed header keeps navbar and tags view in view. */}
        <div
          className={fixedHeader ? styles.fixedHeader : styles.header}
          style={fixedHeader ? { width: headerWidth } : undefined}
          data-testid="layout-header"
        >
          <Layout.Header className={styles.navbar}>
            <Navbar onLogout={onLogout} messageBell={messageBell} editionSwitch={<EditionSwitch />} />
          </Layout.Header>
          {tagsView && <TagsView />}
        </div>
        <Layout.Content
          className={styles.content}
          style={fixedHeader ? { paddingTop: (tagsView ? 84 : 50) + 20 } : undefined}
        >
          {page}
        </Layout.Content>
      </Layout>
      <SettingsPanel />
    </Layout>
  );
}
