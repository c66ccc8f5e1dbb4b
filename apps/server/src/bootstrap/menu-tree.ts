import { PAGES } from '@postdeck/contract/pages';
import { BUILT_IN_ROLE_NAMES, PERMISSIONS as P, type Permission } from '@postdeck/contract/permissions';

/**
 * The built-in menu tree of spec §1. `key` is the entry's stable identity: bootstrap adds
 * entries whose key it has not created yet and never touches ones an administrator edited.
 * `name` is an i18n key (`route.<name>` in the web app).
 */
export interface MenuSeed {
  key: string;
  name: string;
  url: string;
  icon: string;
  kind?: 'menu' | 'action';
  hidden?: boolean;
  alwaysShow?: boolean;
  permissions?: Permission[];
  children?: MenuSeed[];
}

const group = (key: string, icon: string, children: MenuSeed[]): MenuSeed => ({
  key,
  name: key,
  url: '#',
  icon,
  children,
});

const page = (
  key: keyof typeof PAGES,
  icon: string,
  permissions: Permission[],
  children: MenuSeed[] = [],
): MenuSeed => ({ key, name: key, url: PAGES[key], icon, permissions, children });

const action = (key: string, permissions: Permission[]): MenuSeed => ({
  key,
  name: key,
  url: '',
  icon: '',
  kind: 'action',
  hidden: true,
  permissions,
});

export const MENU_TREE: MenuSeed[] = [
  group('contentManagement', 'FileTextOutlined', [
    page('departmentContent', 'TeamOutlined', [P.contentDeptList]),
    page('addContent', 'EditOutlined', [P.contentCreate]),
    page('adminContent', 'ProfileOutlined', [P.contentAdminList]),
  ]),
  group('publishing', 'SendOutlined', [
    page(
      'publishList',
      'UnorderedListOutlined',
      [P.publishList],
      [action('publish', [P.publishCreate]), action('publishHistoryAll', [P.publishAdminList])],
    ),
    page('scheduledPublishing', 'ScheduleOutlined', [P.publishScheduleList]),
  ]),
  group('channels', 'ApiOutlined', [
    page(
      'channelAccounts',
      'LinkOutlined',
      [P.channelAccounts],
      [
        action('connectAccounts', [P.channelConnect]),
        action('releaseAccounts', [P.channelRelease]),
        // Beside the accounts it stops: the pause panel is on this page. Bootstrap adds it to an
        // existing install and grants it to admin and dept_admin, as any new built-in entry.
        action('pausePublishing', [P.publishPause]),
      ],
    ),
  ]),
  group('materialsGroup', 'PictureOutlined', [
    page('materials', 'FileImageOutlined', [P.materials], [action('manageMaterials', [P.materialManage])]),
  ]),
  group('reports', 'BarChartOutlined', [page('statistics', 'LineChartOutlined', [P.reports])]),
  group('system', 'SettingOutlined', [
    page('users', 'UserOutlined', [P.systemUsers]),
    page('roles', 'SafetyOutlined', [P.systemRoles]),
    page('departments', 'ApartmentOutlined', [P.systemDepartments]),
    page('menus', 'MenuOutlined', [P.systemMenus]),
  ]),
  group('logs', 'FileSearchOutlined', [page('auditLog', 'AuditOutlined', [P.auditLog])]),
  group('messages', 'BellOutlined', [
    page(
      'messageTips',
      'NotificationOutlined',
      [P.messageTips],
      [action('sendTips', [P.messageTipSend]), action('allMessages', [P.messageAll])],
    ),
  ]),
];

/** Which built-in entries each built-in role is given (by key); groups follow their children. */
export const ROLE_SEEDS = [
  { code: 'admin', name: BUILT_IN_ROLE_NAMES.admin, dataScope: 'all', menus: 'all' },
  {
    code: 'dept_admin',
    name: BUILT_IN_ROLE_NAMES.dept_admin,
    dataScope: 'tree',
    menus: 'all-but',
    // Everyone's messages stay with administrators (issue 3).
    // Everyone's publish history too (pubAdmHistory): theirs is their data scope's (pubDepHistory).
    except: ['menus', 'allMessages', 'publishHistoryAll'],
  },
  {
    code: 'editor',
    name: BUILT_IN_ROLE_NAMES.editor,
    dataScope: 'own',
    menus: [
      'departmentContent',
      'addContent',
      'publishList',
      'publish',
      'scheduledPublishing',
      'channelAccounts',
      'materials',
      'manageMaterials',
      'statistics',
      'messageTips',
    ],
  },
  {
    code: 'viewer',
    name: BUILT_IN_ROLE_NAMES.viewer,
    dataScope: 'own',
    menus: [
      'departmentContent',
      'publishList',
      'scheduledPublishing',
      'channelAccounts',
      'materials',
      'statistics',
      'messageTips',
    ],
  },
] as const;

/** Flattens the tree depth first, children after their parent, with sort order by position. */
export function flattenMenuTree(
  tree: MenuSeed[] = MENU_TREE,
  parentKey: string | null = null,
): (MenuSeed & { parentKey: string | null; sort: number })[] {
  return tree.flatMap((entry, index) => [
    { ...entry, parentKey, sort: (index + 1) * 10 },
    ...flattenMenuTree(entry.children ?? [], entry.key),
  ]);
}
