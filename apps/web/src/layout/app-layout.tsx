import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { useAppStore } from '../stores/app-store';
import styles from './app-layout.module.css';
import { Navbar } from './navbar/navbar';
import { Sidebar } from './sidebar/sidebar';

/** Checklist LY-4 sizes: side menu 210 px (54 px collapsed), top bar 50 px (theme tokens). */
export const SIDEBAR_WIDTH = 210;
export const SIDEBAR_COLLAPSED_WIDTH = 54;

export function AppLayout({ onLogout }: { onLogout: () => Promise<void> }) {
  const opened = useAppStore((state) => state.sidebarOpened);
  return (
    <Layout className={styles.root}>
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
      <Layout>
        <Layout.Header className={styles.header}>
          <Navbar onLogout={onLogout} />
        </Layout.Header>
        <Layout.Content className={styles.content}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
