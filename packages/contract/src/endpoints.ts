import { z } from 'zod';
import { emptySchema } from './envelope.ts';
import {
  healthSchema,
  loginBodySchema,
  passwordUpdateBodySchema,
  publicConfigSchema,
  refreshQuerySchema,
  tokenPairSchema,
  userInfoSchema,
} from './auth.ts';
import {
  contentArchiveBodySchema,
  contentCreateBodySchema,
  contentDetailSchema,
  contentIdBodySchema,
  contentIdQuerySchema,
  contentListQuerySchema,
  contentListSchema,
  contentUpdateBodySchema,
} from './content.ts';
import { departmentListSchema } from './departments.ts';
import { dashboardSchema } from './menu.ts';
import {
  allInforQuerySchema,
  allInforSchema,
  guideStatusSchema,
  myInforQuerySchema,
  myInforSchema,
  notReadListBodySchema,
  notReadListSchema,
  preferencesSchema,
  profileBodySchema,
  profileSchema,
  readQuerySchema,
  readResultSchema,
  tipListQuerySchema,
  tipListSchema,
  tipSendBodySchema,
  tipSendResultSchema,
  upgradeTimeQuerySchema,
} from './notifications.ts';
import { AUTHENTICATED, PERMISSIONS, PUBLIC, type RoutePermission } from './permissions.ts';

/**
 * The route table: every API call with its method, path (under /prod-api), permission and
 * schemas. The server registers routes from it and checks the permission in one hook; the
 * web client types its calls from it; OpenAPI is generated from it.
 */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  permission: RoutePermission;
  summary: string;
  tag: string;
  body?: z.ZodType;
  querystring?: z.ZodType;
  response: z.ZodType;
  /** Client time-out when it differs from the default 5 s (the history calls: 600 s). */
  timeoutMs?: number;
}

export const endpoints = {
  health: {
    method: 'GET',
    path: '/health',
    permission: PUBLIC,
    summary: 'Liveness and database check for load balancers',
    tag: 'system',
    response: healthSchema,
  },
  publicConfig: {
    method: 'GET',
    path: '/public/config',
    permission: PUBLIC,
    summary: 'Settings the client needs before sign-in',
    tag: 'system',
    response: publicConfigSchema,
  },
  login: {
    method: 'POST',
    path: '/control/user/login',
    permission: PUBLIC,
    summary: 'Sign in with account and password',
    tag: 'users',
    body: loginBodySchema,
    response: tokenPairSchema,
  },
  refreshToken: {
    method: 'POST',
    path: '/control/user/refreshToken',
    permission: PUBLIC,
    summary: 'Rotate the refresh token and get a new access token',
    tag: 'users',
    querystring: refreshQuerySchema,
    response: tokenPairSchema,
  },
  info: {
    method: 'GET',
    path: '/control/user/info',
    permission: AUTHENTICATED,
    summary: 'The signed-in user',
    tag: 'users',
    response: userInfoSchema,
  },
  logout: {
    method: 'POST',
    path: '/control/user/logout',
    permission: AUTHENTICATED,
    summary: 'End this session (revokes its refresh-token family)',
    tag: 'users',
    response: z.null(),
  },
  dashboard: {
    method: 'GET',
    path: '/control/user/dashboard',
    permission: AUTHENTICATED,
    summary: "The menu tree granted by the user's roles",
    tag: 'users',
    response: dashboardSchema,
  },
  passwordUpdate: {
    method: 'POST',
    path: '/control/user/pass/update',
    permission: AUTHENTICATED,
    summary: 'Change own password; every other session is signed out',
    tag: 'users',
    body: passwordUpdateBodySchema,
    response: z.null(),
  },
  profileUpdate: {
    method: 'POST',
    path: '/control/user/profile',
    permission: AUTHENTICATED,
    summary: 'Change own display name, avatar and introduction',
    tag: 'users',
    body: profileBodySchema,
    response: profileSchema,
  },
  contentDeptList: {
    method: 'GET',
    path: '/content/contentList/deplist',
    permission: PERMISSIONS.contentDeptList,
    summary: "Contents of the caller's data scope (own department, its tree, or all), paged and filtered",
    tag: 'content',
    querystring: contentListQuerySchema,
    response: contentListSchema,
  },
  contentAdminList: {
    method: 'GET',
    path: '/content/contentList/admlist',
    permission: PERMISSIONS.contentAdminList,
    summary:
      'Contents across departments for administrators, with deleted ones still restorable (deleted=true)',
    tag: 'content',
    querystring: contentListQuerySchema,
    response: contentListSchema,
  },
  contentDetail: {
    method: 'GET',
    path: '/content/detail',
    permission: PERMISSIONS.contentDeptList,
    summary: "One content with its body; 404 outside the caller's data scope",
    tag: 'content',
    querystring: contentIdQuerySchema,
    response: contentDetailSchema,
  },
  contentCreate: {
    method: 'POST',
    path: '/content/create',
    permission: PERMISSIONS.contentCreate,
    summary: 'Create a content (draft or ready)',
    tag: 'content',
    body: contentCreateBodySchema,
    response: contentDetailSchema,
  },
  contentUpdate: {
    method: 'POST',
    path: '/content/update',
    permission: PERMISSIONS.contentCreate,
    summary: 'Save a content; a stale version answers 409 with who saved last and when',
    tag: 'content',
    body: contentUpdateBodySchema,
    response: contentDetailSchema,
  },
  contentArchive: {
    method: 'POST',
    path: '/content/archive',
    permission: PERMISSIONS.contentCreate,
    summary: 'Archive a content (kept, out of the default lists)',
    tag: 'content',
    body: contentArchiveBodySchema,
    response: contentDetailSchema,
  },
  contentDelete: {
    method: 'POST',
    path: '/content/delete',
    permission: PERMISSIONS.contentCreate,
    summary: 'Delete a content (soft: an administrator can restore it for 30 days)',
    tag: 'content',
    body: contentIdBodySchema,
    response: emptySchema,
  },
  contentRestore: {
    method: 'POST',
    path: '/content/restore',
    permission: PERMISSIONS.contentAdminList,
    summary: 'Restore a content deleted less than 30 days ago',
    tag: 'content',
    body: contentIdBodySchema,
    response: contentDetailSchema,
  },
  departmentList: {
    method: 'GET',
    path: '/control/dept/list',
    permission: AUTHENTICATED,
    summary: "The departments of the caller's data scope, flat, ordered by sort then name",
    tag: 'departments',
    response: departmentListSchema,
  },
  myInfor: {
    method: 'GET',
    path: '/infor/myInfor',
    permission: AUTHENTICATED,
    summary: 'Own notifications, newest first (navLink 1 unread only, 2 all)',
    tag: 'messages',
    querystring: myInforQuerySchema,
    response: myInforSchema,
  },
  allInfor: {
    method: 'GET',
    path: '/infor/allInfor',
    permission: PERMISSIONS.messageAll,
    summary: "Everyone's notifications, newest first",
    tag: 'messages',
    querystring: allInforQuerySchema,
    response: allInforSchema,
  },
  readInfor: {
    method: 'GET',
    path: '/infor/read',
    permission: AUTHENTICATED,
    summary: 'Mark own notifications read: id, ids or all=true',
    tag: 'messages',
    querystring: readQuerySchema,
    response: readResultSchema,
  },
  notReadList: {
    method: 'POST',
    path: '/infor/notReadList',
    permission: AUTHENTICATED,
    summary: 'Own unread notifications and the unread count (polled by the bell)',
    tag: 'messages',
    body: notReadListBodySchema,
    response: notReadListSchema,
  },
  tipSend: {
    method: 'POST',
    path: '/infor/tip/send',
    permission: PERMISSIONS.messageTipSend,
    summary: 'Send a tip to chosen departments (and their sub-departments) or everyone',
    tag: 'messages',
    body: tipSendBodySchema,
    response: tipSendResultSchema,
  },
  tipList: {
    method: 'GET',
    path: '/infor/tip/list',
    permission: PERMISSIONS.messageTips,
    summary: 'Tips sent, newest first',
    tag: 'messages',
    querystring: tipListQuerySchema,
    response: tipListSchema,
  },
  preferences: {
    method: 'GET',
    path: '/infor/preferences',
    permission: AUTHENTICATED,
    summary: 'Which events notify me',
    tag: 'messages',
    response: preferencesSchema,
  },
  preferencesUpdate: {
    method: 'POST',
    path: '/infor/preferences',
    permission: AUTHENTICATED,
    summary: 'Choose which events notify me',
    tag: 'messages',
    body: preferencesSchema,
    response: preferencesSchema,
  },
  guideRead: {
    method: 'GET',
    path: '/guidehistory/read',
    permission: AUTHENTICATED,
    summary: "Record that I have seen the 'what's new' notes of an upgrade (idempotent)",
    tag: 'messages',
    querystring: upgradeTimeQuerySchema,
    response: guideStatusSchema,
  },
  guideStatus: {
    method: 'GET',
    path: '/guidehistory/status',
    permission: AUTHENTICATED,
    summary: "Whether I have seen the 'what's new' notes of an upgrade",
    tag: 'messages',
    querystring: upgradeTimeQuerySchema,
    response: guideStatusSchema,
  },
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
export type BodyOf<N extends EndpointName> = Endpoints[N] extends { body: infer B } ? Infer<B> : undefined;
export type QueryOf<N extends EndpointName> = Endpoints[N] extends { querystring: infer Q }
  ? z.input<Q & z.ZodType>
  : undefined;
export type DataOf<N extends EndpointName> = z.infer<Endpoints[N]['response']>;
