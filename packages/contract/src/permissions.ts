/**
 * Permission codes. A role grants them through the menu entries it is given; every route
 * names one of them, or PUBLIC (no session) or AUTHENTICATED (any signed-in user).
 */
export const PUBLIC = 'public';
export const AUTHENTICATED = 'authenticated';

export const PERMISSIONS = {
  contentDeptList: 'content:dept:list',
  contentCreate: 'content:create',
  contentAdminList: 'content:admin:list',
  publishList: 'publish:list',
  publishScheduleList: 'publish:schedule:list',
  /** action: the publish history of every department (pubAdmHistory); administrators */
  publishAdminList: 'publish:admin:list',
  /** action: publish now, schedule, withdraw */
  publishCreate: 'publish:create',
  /** action: pause publishing (an account, a department; everything with a data scope of all) and resume it */
  publishPause: 'publish:pause',
  channelAccounts: 'channel:account:list',
  /** action: connect accounts (and reconnect them) */
  channelConnect: 'channel:account:connect',
  /** action: release accounts */
  channelRelease: 'channel:account:release',
  materials: 'material:list',
  materialManage: 'material:manage',
  reports: 'report:view',
  systemUsers: 'system:user',
  systemRoles: 'system:role',
  systemDepartments: 'system:dept',
  systemMenus: 'system:menu',
  auditLog: 'log:audit',
  messageTips: 'message:tip',
  /** action: send a tip (announcement) to everyone or chosen departments */
  messageTipSend: 'message:tip:send',
  /** action: read everyone's notifications (GET /infor/allInfor); administrators only */
  messageAll: 'message:all',
} as const;

export type Permission = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];
export type RoutePermission = Permission | typeof PUBLIC | typeof AUTHENTICATED;

export const ALL_PERMISSIONS: readonly Permission[] = Object.values(PERMISSIONS);

/** Data scope a role grants (DESIGN.md §4): own department, its subtree, or every department. */
export const DATA_SCOPES = ['own', 'tree', 'all'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

export const BUILT_IN_ROLES = ['admin', 'dept_admin', 'editor', 'viewer'] as const;
export type BuiltInRole = (typeof BUILT_IN_ROLES)[number];

export const isBuiltInRole = (code: string): code is BuiltInRole =>
  (BUILT_IN_ROLES as readonly string[]).includes(code);

/**
 * The names the built-in roles are created with. The web app shows a built-in role that still
 * has its name in the interface language; a name an administrator gave it is shown as given.
 */
export const BUILT_IN_ROLE_NAMES: Readonly<Record<BuiltInRole, string>> = {
  admin: 'Administrator',
  dept_admin: 'Department administrator',
  editor: 'Editor',
  viewer: 'Viewer',
};
