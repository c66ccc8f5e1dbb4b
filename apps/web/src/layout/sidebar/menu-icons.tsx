import {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  CalendarOutlined,
  DashboardOutlined,
  EditOutlined,
  FileImageOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FolderOutlined,
  GlobalOutlined,
  HomeOutlined,
  LineChartOutlined,
  LinkOutlined,
  LockOutlined,
  MenuOutlined,
  MessageOutlined,
  NotificationOutlined,
  PictureOutlined,
  ProfileOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { MenuIcon } from '@postdeck/contract/menu';
import type { ComponentType, ReactNode } from 'react';

/**
 * Icons the server menu may name. Listed one by one so the bundle carries only these (an
 * `import *` would pull in every icon); typed by the contract's MENU_ICONS, which the menu editor
 * offers, so the two cannot drift. A name missing here just shows no icon.
 */
const ICONS: Record<MenuIcon, ComponentType> = {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  CalendarOutlined,
  DashboardOutlined,
  EditOutlined,
  FileImageOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FolderOutlined,
  GlobalOutlined,
  HomeOutlined,
  LineChartOutlined,
  LinkOutlined,
  LockOutlined,
  MenuOutlined,
  MessageOutlined,
  NotificationOutlined,
  PictureOutlined,
  ProfileOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined,
};

export function menuIcon(name: string): ReactNode {
  const Icon = Object.hasOwn(ICONS, name) ? ICONS[name as MenuIcon] : undefined;
  return Icon ? <Icon /> : undefined;
}
