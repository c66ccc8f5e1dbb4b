import { CONNECT_TIMEOUT_MS, HISTORY_TIMEOUT_MS } from './constants.ts';
import { AUTHENTICATED, PERMISSIONS, PUBLIC, type RoutePermission } from './permissions.ts';

/**
 * Where each API call goes: method, path (under /prod-api), permission and client time-out,
 * without its schemas. The web client sends every call from this table, so it does not load
 * zod and every endpoint's schemas before it can call anything; endpoints.ts adds the schemas
 * to each entry for the server, OpenAPI and the types.
 */
export interface EndpointRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  permission: RoutePermission;
  /**
   * Client time-out when it differs from the default 5 s: HISTORY_TIMEOUT_MS (600 s, what spec
   * §7 gives history requests) for the history lists and the calls that take as long (a file's
   * export or reading, a screenshot); CONNECT_TIMEOUT_MS (180 s) for connecting a channel.
   */
  timeoutMs?: number;
}

export const ENDPOINT_ROUTES = {
  health: {
    method: 'GET',
    path: '/health',
    permission: PUBLIC,
  },
  publicConfig: {
    method: 'GET',
    path: '/public/config',
    permission: PUBLIC,
  },
  login: {
    method: 'POST',
    path: '/control/user/login',
    permission: PUBLIC,
  },
  refreshToken: {
    method: 'POST',
    path: '/control/user/refreshToken',
    permission: PUBLIC,
  },
  oidcLogin: {
    method: 'GET',
    path: '/auth/oidc/login',
    permission: PUBLIC,
  },
  oidcCallback: {
    method: 'GET',
    path: '/auth/oidc/callback',
    permission: PUBLIC,
  },
  oidcExchange: {
    method: 'POST',
    path: '/auth/oidc/exchange',
    permission: PUBLIC,
  },
  oidcLogout: {
    method: 'GET',
    path: '/auth/oidc/logout',
    permission: PUBLIC,
  },
  info: {
    method: 'GET',
    path: '/control/user/info',
    permission: AUTHENTICATED,
  },
  logout: {
    method: 'POST',
    path: '/control/user/logout',
    permission: AUTHENTICATED,
  },
  dashboard: {
    method: 'GET',
    path: '/control/user/dashboard',
    permission: AUTHENTICATED,
  },
  passwordUpdate: {
    method: 'POST',
    path: '/control/user/pass/update',
    permission: AUTHENTICATED,
  },
  userList: {
    method: 'GET',
    path: '/control/user/userList',
    permission: PERMISSIONS.systemUsers,
  },
  userCreate: {
    method: 'POST',
    path: '/control/user/create',
    permission: PERMISSIONS.systemUsers,
  },
  userUpdate: {
    method: 'POST',
    path: '/control/user/update',
    permission: PERMISSIONS.systemUsers,
  },
  userStatus: {
    method: 'POST',
    path: '/control/user/status',
    permission: PERMISSIONS.systemUsers,
  },
  userDelete: {
    method: 'GET',
    path: '/control/user/delete',
    permission: PERMISSIONS.systemUsers,
  },
  userDirectory: {
    method: 'GET',
    path: '/control/user/getUserFromOpsById',
    permission: PERMISSIONS.systemUsers,
  },
  roleOptions: {
    method: 'GET',
    path: '/control/role/options',
    permission: PERMISSIONS.systemUsers,
  },
  profileUpdate: {
    method: 'POST',
    path: '/control/user/profile',
    permission: AUTHENTICATED,
  },
  contentDeptList: {
    method: 'GET',
    path: '/content/contentList/deplist',
    permission: PERMISSIONS.contentDeptList,
  },
  contentAdminList: {
    method: 'GET',
    path: '/content/contentList/admlist',
    permission: PERMISSIONS.contentAdminList,
  },
  contentDetail: {
    method: 'GET',
    path: '/content/detail',
    permission: PERMISSIONS.contentDeptList,
  },
  contentCreate: {
    method: 'POST',
    path: '/content/create',
    permission: PERMISSIONS.contentCreate,
  },
  contentUpdate: {
    method: 'POST',
    path: '/content/update',
    permission: PERMISSIONS.contentCreate,
  },
  contentArchive: {
    method: 'POST',
    path: '/content/archive',
    permission: PERMISSIONS.contentCreate,
  },
  contentDelete: {
    method: 'POST',
    path: '/content/delete',
    permission: PERMISSIONS.contentCreate,
  },
  contentRestore: {
    method: 'POST',
    path: '/content/restore',
    permission: PERMISSIONS.contentAdminList,
  },
  publishCreate: {
    method: 'POST',
    path: '/content/publish/create',
    permission: PERMISSIONS.publishCreate,
  },
  publishTargets: {
    method: 'GET',
    path: '/content/publish/targets',
    permission: PERMISSIONS.publishCreate,
  },
  publicationDetail: {
    method: 'GET',
    path: '/content/publish/detail',
    permission: PERMISSIONS.publishList,
  },
  publicationWithdrawal: {
    method: 'POST',
    path: '/content/publish/withdrawal',
    permission: PERMISSIONS.publishCreate,
  },
  publicationUpdate: {
    method: 'POST',
    path: '/content/publish/update',
    permission: PERMISSIONS.publishCreate,
  },
  publicationChunkStatus: {
    method: 'GET',
    path: '/content/publish/queryChunkVideoStatus',
    permission: PERMISSIONS.publishList,
  },
  publishFacebookArea: {
    method: 'GET',
    path: '/content/publish/queryFacebookArea',
    permission: PERMISSIONS.publishCreate,
  },
  publishHistoryMine: {
    method: 'GET',
    path: '/content/publish/pubHistory',
    permission: PERMISSIONS.publishList,
    timeoutMs: HISTORY_TIMEOUT_MS,
  },
  publishHistoryDepartment: {
    method: 'GET',
    path: '/content/publish/pubDepHistory',
    permission: PERMISSIONS.publishList,
    timeoutMs: HISTORY_TIMEOUT_MS,
  },
  publishHistoryAdmin: {
    method: 'GET',
    path: '/content/publish/pubAdmHistory',
    permission: PERMISSIONS.publishAdminList,
    timeoutMs: HISTORY_TIMEOUT_MS,
  },
  publishHistoryChildren: {
    method: 'GET',
    path: '/content/publish/getPubHistoryByParentId',
    permission: PERMISSIONS.publishList,
  },
  publicationWithdrawArticle: {
    method: 'POST',
    path: '/content/publish/withdrawArticle',
    permission: PERMISSIONS.publishCreate,
  },
  publicationRetry: {
    method: 'POST',
    path: '/content/publish/retry',
    permission: PERMISSIONS.publishCreate,
  },
  publishScheduleList: {
    method: 'GET',
    path: '/content/publish/scheduleList',
    permission: PERMISSIONS.publishScheduleList,
  },
  publishCalendarLink: {
    method: 'GET',
    path: '/content/publish/calendarLink',
    permission: PERMISSIONS.publishScheduleList,
  },
  publishCalendarLinkRenew: {
    method: 'POST',
    path: '/content/publish/calendarLink/renew',
    permission: PERMISSIONS.publishScheduleList,
  },
  publishCalendarLinkRevoke: {
    method: 'POST',
    path: '/content/publish/calendarLink/revoke',
    permission: PERMISSIONS.publishScheduleList,
  },
  publishCalendarFeed: {
    method: 'GET',
    path: '/content/publish/calendarFeed',
    permission: PUBLIC,
  },
  publishHistoryExport: {
    method: 'GET',
    path: '/content/publish/export',
    permission: PERMISSIONS.publishList,
    timeoutMs: HISTORY_TIMEOUT_MS,
  },
  publishImportTemplate: {
    method: 'GET',
    path: '/content/publish/import/template',
    permission: PERMISSIONS.publishCreate,
  },
  publishImportPreview: {
    method: 'POST',
    path: '/content/publish/import/preview',
    permission: PERMISSIONS.publishCreate,
    timeoutMs: HISTORY_TIMEOUT_MS,
  },
  publishImportConfirm: {
    method: 'POST',
    path: '/content/publish/import/confirm',
    permission: PERMISSIONS.publishCreate,
    timeoutMs: HISTORY_TIMEOUT_MS,
  },
  publicationSettle: {
    method: 'POST',
    path: '/content/publish/settle',
    permission: PERMISSIONS.publishCreate,
  },
  publishPauseList: {
    method: 'GET',
    path: '/content/publish/pause/list',
    permission: PERMISSIONS.publishPause,
  },
  publishPause: {
    method: 'POST',
    path: '/content/publish/pause/create',
    permission: PERMISSIONS.publishPause,
  },
  publishResume: {
    method: 'POST',
    path: '/content/publish/pause/resume',
    permission: PERMISSIONS.publishPause,
  },
  publicationScreenshot: {
    method: 'GET',
    path: '/content/publish/screenShot',
    permission: PERMISSIONS.publishList,
    timeoutMs: HISTORY_TIMEOUT_MS,
  },
  channelPlatforms: {
    method: 'GET',
    path: '/channel/platforms',
    permission: PERMISSIONS.channelAccounts,
  },
  channelAccountList: {
    method: 'GET',
    path: '/channel/account/list',
    permission: PERMISSIONS.channelAccounts,
  },
  channelAccountDetail: {
    method: 'GET',
    path: '/channel/account/detail',
    permission: PERMISSIONS.channelAccounts,
  },
  channelConnectStart: {
    method: 'POST',
    path: '/channel/connect/start',
    permission: PERMISSIONS.channelConnect,
    timeoutMs: CONNECT_TIMEOUT_MS,
  },
  channelConnectCallback: {
    method: 'POST',
    path: '/channel/connect/callback',
    permission: PERMISSIONS.channelConnect,
    timeoutMs: CONNECT_TIMEOUT_MS,
  },
  channelConnectPick: {
    method: 'POST',
    path: '/channel/connect/pick',
    permission: PERMISSIONS.channelConnect,
    timeoutMs: CONNECT_TIMEOUT_MS,
  },
  channelConnectTelegram: {
    method: 'POST',
    path: '/channel/connect/telegram',
    permission: PERMISSIONS.channelConnect,
    timeoutMs: CONNECT_TIMEOUT_MS,
  },
  channelConnectBluesky: {
    method: 'POST',
    path: '/channel/connect/bluesky',
    permission: PERMISSIONS.channelConnect,
    timeoutMs: CONNECT_TIMEOUT_MS,
  },
  channelAccountMove: {
    method: 'POST',
    path: '/channel/account/move',
    permission: PERMISSIONS.channelConnect,
  },
  channelRelease: {
    method: 'POST',
    path: '/channel/account/release',
    permission: PERMISSIONS.channelRelease,
  },
  materialList: {
    method: 'GET',
    path: '/material/list',
    permission: PERMISSIONS.materials,
  },
  materialDetail: {
    method: 'GET',
    path: '/material/detail',
    permission: PERMISSIONS.materials,
  },
  materialSettings: {
    method: 'GET',
    path: '/material/settings',
    permission: PERMISSIONS.materials,
  },
  materialRename: {
    method: 'POST',
    path: '/material/rename',
    permission: PERMISSIONS.materialManage,
  },
  materialTags: {
    method: 'POST',
    path: '/material/tags',
    permission: PERMISSIONS.materialManage,
  },
  materialDelete: {
    method: 'POST',
    path: '/material/delete',
    permission: PERMISSIONS.materialManage,
  },
  materialZipLink: {
    method: 'POST',
    path: '/material/zipLink',
    permission: PERMISSIONS.materials,
  },
  uploadComplete: {
    method: 'POST',
    path: '/material/uploadComplete',
    permission: PERMISSIONS.materialManage,
  },
  picUrl: {
    method: 'POST',
    path: '/content/publish/picUrl',
    permission: PERMISSIONS.materialManage,
  },
  picUrlPage: {
    method: 'POST',
    path: '/content/publish/picUrlPage',
    permission: PERMISSIONS.materials,
  },
  departmentList: {
    method: 'GET',
    path: '/control/dept/list',
    permission: AUTHENTICATED,
  },
  departmentAdminList: {
    method: 'GET',
    path: '/control/dept/admin/list',
    permission: PERMISSIONS.systemDepartments,
  },
  departmentCreate: {
    method: 'POST',
    path: '/control/dept/create',
    permission: PERMISSIONS.systemDepartments,
  },
  departmentUpdate: {
    method: 'POST',
    path: '/control/dept/update',
    permission: PERMISSIONS.systemDepartments,
  },
  departmentDelete: {
    method: 'POST',
    path: '/control/dept/delete',
    permission: PERMISSIONS.systemDepartments,
  },
  myInfor: {
    method: 'GET',
    path: '/infor/myInfor',
    permission: AUTHENTICATED,
  },
  allInfor: {
    method: 'GET',
    path: '/infor/allInfor',
    permission: PERMISSIONS.messageAll,
  },
  readInfor: {
    method: 'GET',
    path: '/infor/read',
    permission: AUTHENTICATED,
  },
  notReadList: {
    method: 'POST',
    path: '/infor/notReadList',
    permission: AUTHENTICATED,
  },
  tipSend: {
    method: 'POST',
    path: '/infor/tip/send',
    permission: PERMISSIONS.messageTipSend,
  },
  tipList: {
    method: 'GET',
    path: '/infor/tip/list',
    permission: PERMISSIONS.messageTips,
  },
  preferences: {
    method: 'GET',
    path: '/infor/preferences',
    permission: AUTHENTICATED,
  },
  preferencesUpdate: {
    method: 'POST',
    path: '/infor/preferences',
    permission: AUTHENTICATED,
  },
  guideRead: {
    method: 'GET',
    path: '/guidehistory/read',
    permission: AUTHENTICATED,
  },
  guideStatus: {
    method: 'GET',
    path: '/guidehistory/status',
    permission: AUTHENTICATED,
  },
  roleList: {
    method: 'GET',
    path: '/control/user/userrole/list',
    permission: PERMISSIONS.systemRoles,
  },
  roleAdd: {
    method: 'GET',
    path: '/control/user/userrole/add',
    permission: PERMISSIONS.systemRoles,
  },
  roleUpdate: {
    method: 'POST',
    path: '/control/role/update',
    permission: PERMISSIONS.systemRoles,
  },
  roleInsert: {
    method: 'GET',
    path: '/control/user/userrole/insert',
    permission: PERMISSIONS.systemRoles,
  },
  roleDelete: {
    method: 'GET',
    path: '/control/user/userrole/delete',
    permission: PERMISSIONS.systemRoles,
  },
  roleUsers: {
    method: 'GET',
    path: '/control/user/userrole/users',
    permission: PERMISSIONS.systemRoles,
  },
  roleMenuTree: {
    method: 'GET',
    path: '/control/role/menus',
    permission: PERMISSIONS.systemRoles,
  },
  menuList: {
    method: 'GET',
    path: '/control/menu/list',
    permission: PERMISSIONS.systemMenus,
  },
  menuCreate: {
    method: 'POST',
    path: '/control/menu/create',
    permission: PERMISSIONS.systemMenus,
  },
  menuUpdate: {
    method: 'POST',
    path: '/control/menu/update',
    permission: PERMISSIONS.systemMenus,
  },
  menuDelete: {
    method: 'POST',
    path: '/control/menu/delete',
    permission: PERMISSIONS.systemMenus,
  },
  auditList: {
    method: 'GET',
    path: '/log/audit/list',
    permission: PERMISSIONS.auditLog,
  },
  auditExport: {
    method: 'GET',
    path: '/log/audit/export',
    permission: PERMISSIONS.auditLog,
    timeoutMs: HISTORY_TIMEOUT_MS,
  },
  statisticsOverview: {
    method: 'GET',
    path: '/statistics/overview',
    permission: PERMISSIONS.reports,
    timeoutMs: 30_000,
  },
  statisticsAccounts: {
    method: 'GET',
    path: '/statistics/accounts',
    permission: PERMISSIONS.reports,
    timeoutMs: 30_000,
  },
  statisticsHeatmap: {
    method: 'GET',
    path: '/statistics/heatmap',
    permission: PERMISSIONS.reports,
    timeoutMs: 30_000,
  },
  statisticsTop: {
    method: 'GET',
    path: '/statistics/top',
    permission: PERMISSIONS.reports,
    timeoutMs: 30_000,
  },
  statisticsTraffic: {
    method: 'GET',
    path: '/statistics/traffic',
    permission: PERMISSIONS.reports,
    timeoutMs: 30_000,
  },
  statisticsExport: {
    method: 'GET',
    path: '/statistics/export',
    permission: PERMISSIONS.reports,
    timeoutMs: HISTORY_TIMEOUT_MS,
  },
  publicationMetrics: {
    method: 'GET',
    path: '/content/publish/metrics',
    permission: PERMISSIONS.publishList,
  },
} as const satisfies Record<string, EndpointRoute>;

export type EndpointName = keyof typeof ENDPOINT_ROUTES;
