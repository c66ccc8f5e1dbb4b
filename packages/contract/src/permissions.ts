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
  /** action: publish now, schedule, withdraw */
  publishCreate: 'publish:create',
  channelAccounts: 'channel:account:list',
  channelManage: 'channel:account:manage',
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
