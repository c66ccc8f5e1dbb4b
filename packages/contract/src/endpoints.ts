import { z } from './zod.ts';
import { auditExportQuerySchema, auditExportSchema, auditListQuerySchema, auditListSchema } from './audit.ts';
import { ENDPOINT_ROUTES, type EndpointName, type EndpointRoute } from './endpoint-routes.ts';
import { emptySchema } from './envelope.ts';
import {
  healthSchema,
  loginBodySchema,
  oidcCallbackQuerySchema,
  oidcExchangeBodySchema,
  oidcLoginQuerySchema,
  publicConfigSchema,
  redirectSchema,
  refreshQuerySchema,
  tokenPairSchema,
  userInfoSchema,
} from './auth.ts';
import {
  blueskyConnectBodySchema,
  channelAccountIdQuerySchema,
  channelAccountListQuerySchema,
  channelAccountListSchema,
  channelAccountSchema,
  channelPlatformsSchema,
  connectCallbackBodySchema,
  connectPickBodySchema,
  connectStartBodySchema,
  connectStartSchema,
  connectTargetsSchema,
  connectedAccountsSchema,
  moveBodySchema,
  moveSchema,
  releaseBodySchema,
  releaseSchema,
  telegramConnectBodySchema,
} from './channels.ts';
import {
  chunkStatusQuerySchema,
  facebookAreaQuerySchema,
  facebookAreasSchema,
  chunkStatusSchema,
  publicationDetailSchema,
  publicationIdQuerySchema,
  publicationSchema,
  publicationUpdateBodySchema,
  publishBodySchema,
  publishResultSchema,
  retryBodySchema,
  retryResultSchema,
  publishTargetsSchema,
  settleBodySchema,
  withdrawalBodySchema,
  withdrawalSchema,
} from './publishing.ts';
import { publishExportQuerySchema, publishExportSchema } from './publish-export.ts';
import {
  publishImportConfirmBodySchema,
  publishImportPreviewBodySchema,
  publishImportPreviewSchema,
  publishImportResultSchema,
  publishImportTemplateQuerySchema,
  publishImportTemplateSchema,
} from './publish-import.ts';
import {
  calendarFeedQuerySchema,
  calendarFeedSchema,
  calendarLinkSchema,
  scheduleListSchema,
  scheduleQuerySchema,
} from './publish-schedule.ts';
import {
  publishHistoryChildrenSchema,
  publishHistoryListSchema,
  publishHistoryQuerySchema,
  withdrawArticleBodySchema,
  withdrawArticleResultSchema,
} from './publish-history.ts';
import {
  publicationMetricsSchema,
  statisticsAccountsSchema,
  statisticsHeatmapSchema,
  statisticsOverviewSchema,
  statisticsQuerySchema,
  statisticsTopQuerySchema,
  statisticsTopSchema,
  statisticsTrafficSchema,
} from './statistics.ts';
import { publicationScreenshotQuerySchema, publicationScreenshotSchema } from './publication-screenshot.ts';
import {
  pauseBodySchema,
  pauseListSchema,
  pauseResultSchema,
  resumeBodySchema,
  resumeResultSchema,
} from './publishing-pauses.ts';
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
import {
  departmentAdminItemSchema,
  departmentAdminListSchema,
  departmentCreateBodySchema,
  departmentDeleteBodySchema,
  departmentListSchema,
  departmentUpdateBodySchema,
} from './departments.ts';
import {
  materialDeleteBodySchema,
  materialIdQuerySchema,
  materialListQuerySchema,
  materialListSchema,
  materialRenameBodySchema,
  materialSchema,
  materialSettingsSchema,
  materialTagsBodySchema,
  picUrlBodySchema,
  picUrlPageBodySchema,
  uploadCompleteBodySchema,
  uploadCompleteSchema,
  zipLinkBodySchema,
  zipLinkSchema,
} from './materials.ts';
import {
  dashboardSchema,
  menuAdminItemSchema,
  menuAdminListSchema,
  menuCreateBodySchema,
  menuDeleteBodySchema,
  menuUpdateBodySchema,
} from './menu.ts';
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
import {
  directoryQuerySchema,
  directoryResultSchema,
  passwordBodySchema,
  roleOptionsSchema,
  userAdminItemSchema,
  userCreateBodySchema,
  userDeleteQuerySchema,
  userListQuerySchema,
  userListSchema,
  userStatusBodySchema,
  userUpdateBodySchema,
} from './users.ts';
import {
  roleAddQuerySchema,
  roleDeleteQuerySchema,
  roleInsertQuerySchema,
  roleItemSchema,
  roleListQuerySchema,
  roleListSchema,
  roleUpdateBodySchema,
  roleUsersQuerySchema,
  roleUsersSchema,
} from './roles.ts';

/**
 * The route table: every API call with its method, path (under /prod-api), permission
 * (endpoint-routes.ts) and schemas. The server registers routes from it and checks the
 * permission in one hook; the web client types its calls from it; OpenAPI is generated from it.
 */
export interface Endpoint extends EndpointRoute {
  summary: string;
  tag: string;
  body?: z.ZodType;
  querystring?: z.ZodType;
  response: z.ZodType;
}

export const endpoints = {
  health: {
    ...ENDPOINT_ROUTES.health,
    summary: 'Liveness and database check for load balancers',
    tag: 'system',
    response: healthSchema,
  },
  publicConfig: {
    ...ENDPOINT_ROUTES.publicConfig,
    summary: 'Settings the client needs before sign-in',
    tag: 'system',
    response: publicConfigSchema,
  },
  login: {
    ...ENDPOINT_ROUTES.login,
    summary: 'Sign in with account and password',
    tag: 'users',
    body: loginBodySchema,
    response: tokenPairSchema,
  },
  refreshToken: {
    ...ENDPOINT_ROUTES.refreshToken,
    summary: 'Rotate the refresh token and get a new access token',
    tag: 'users',
    querystring: refreshQuerySchema,
    response: tokenPairSchema,
  },
  oidcLogin: {
    ...ENDPOINT_ROUTES.oidcLogin,
    summary:
      'Single sign-on: redirects (302) to the OpenID Connect provider (authorisation code with PKCE); 404 unless OIDC is configured',
    tag: 'single sign-on',
    querystring: oidcLoginQuerySchema,
    response: redirectSchema,
  },
  oidcCallback: {
    ...ENDPOINT_ROUTES.oidcCallback,
    summary:
      "The provider's answer: redirects (302) to /login?sso=<one-time code>, or to /login?ssoError=<error code>",
    tag: 'single sign-on',
    querystring: oidcCallbackQuerySchema,
    response: redirectSchema,
  },
  oidcExchange: {
    ...ENDPOINT_ROUTES.oidcExchange,
    summary: 'Trade the one-time sign-on code (single use, 60 s) for the session tokens that login returns',
    tag: 'single sign-on',
    body: oidcExchangeBodySchema,
    response: tokenPairSchema,
  },
  oidcLogout: {
    ...ENDPOINT_ROUTES.oidcLogout,
    summary: "Redirects (302) to the provider's end-session address, coming back to /login",
    tag: 'single sign-on',
    response: redirectSchema,
  },
  info: {
    ...ENDPOINT_ROUTES.info,
    summary: 'The signed-in user',
    tag: 'users',
    response: userInfoSchema,
  },
  logout: {
    ...ENDPOINT_ROUTES.logout,
    summary: 'End this session (revokes its refresh-token family)',
    tag: 'users',
    response: z.null(),
  },
  dashboard: {
    ...ENDPOINT_ROUTES.dashboard,
    summary: "The menu tree granted by the user's roles",
    tag: 'users',
    response: dashboardSchema,
  },
  passwordUpdate: {
    ...ENDPOINT_ROUTES.passwordUpdate,
    summary:
      "Change own password (every other session is signed out); with userId, an administrator (system:user) sets another user's password, to be changed at their next sign-in",
    tag: 'users',
    body: passwordBodySchema,
    response: z.null(),
  },
  userList: {
    ...ENDPOINT_ROUTES.userList,
    summary: "Users of the caller's data scope, paged; filters account, name, department, role, status",
    tag: 'user administration',
    querystring: userListQuerySchema,
    response: userListSchema,
  },
  userCreate: {
    ...ENDPOINT_ROUTES.userCreate,
    summary: 'Create a user with a first password they must change at first sign-in',
    tag: 'user administration',
    body: userCreateBodySchema,
    response: userAdminItemSchema,
  },
  userUpdate: {
    ...ENDPOINT_ROUTES.userUpdate,
    summary: "Change a user's name, e-mail, department and roles",
    tag: 'user administration',
    body: userUpdateBodySchema,
    response: userAdminItemSchema,
  },
  userStatus: {
    ...ENDPOINT_ROUTES.userStatus,
    summary: 'Disable (ending every session at once) or enable a user',
    tag: 'user administration',
    body: userStatusBodySchema,
    response: userAdminItemSchema,
  },
  userDelete: {
    ...ENDPOINT_ROUTES.userDelete,
    summary: 'Soft-delete users; never oneself nor the last active administrator',
    tag: 'user administration',
    querystring: userDeleteQuerySchema,
    response: z.object({ deleted: z.number().int() }),
  },
  userDirectory: {
    ...ENDPOINT_ROUTES.userDirectory,
    summary: 'Look a person up in the company directory by account, to prefill the user form',
    tag: 'user administration',
    querystring: directoryQuerySchema,
    response: directoryResultSchema,
  },
  roleOptions: {
    ...ENDPOINT_ROUTES.roleOptions,
    summary: 'Roles to choose from on the user form',
    tag: 'user administration',
    response: roleOptionsSchema,
  },
  profileUpdate: {
    ...ENDPOINT_ROUTES.profileUpdate,
    summary: 'Change own display name, avatar and introduction',
    tag: 'users',
    body: profileBodySchema,
    response: profileSchema,
  },
  contentDeptList: {
    ...ENDPOINT_ROUTES.contentDeptList,
    summary: "Contents of the caller's data scope (own department, its tree, or all), paged and filtered",
    tag: 'content',
    querystring: contentListQuerySchema,
    response: contentListSchema,
  },
  contentAdminList: {
    ...ENDPOINT_ROUTES.contentAdminList,
    summary:
      'Contents across departments for administrators, with deleted ones still restorable (deleted=true)',
    tag: 'content',
    querystring: contentListQuerySchema,
    response: contentListSchema,
  },
  contentDetail: {
    ...ENDPOINT_ROUTES.contentDetail,
    summary: "One content with its body; 404 outside the caller's data scope",
    tag: 'content',
    querystring: contentIdQuerySchema,
    response: contentDetailSchema,
  },
  contentCreate: {
    ...ENDPOINT_ROUTES.contentCreate,
    summary: 'Create a content (draft or ready)',
    tag: 'content',
    body: contentCreateBodySchema,
    response: contentDetailSchema,
  },
  contentUpdate: {
    ...ENDPOINT_ROUTES.contentUpdate,
    summary: 'Save a content; a stale version answers 409 with who saved last and when',
    tag: 'content',
    body: contentUpdateBodySchema,
    response: contentDetailSchema,
  },
  contentArchive: {
    ...ENDPOINT_ROUTES.contentArchive,
    summary: 'Archive a content (kept, out of the default lists)',
    tag: 'content',
    body: contentArchiveBodySchema,
    response: contentDetailSchema,
  },
  contentDelete: {
    ...ENDPOINT_ROUTES.contentDelete,
    summary: 'Delete a content (soft: an administrator can restore it for 30 days)',
    tag: 'content',
    body: contentIdBodySchema,
    response: emptySchema,
  },
  contentRestore: {
    ...ENDPOINT_ROUTES.contentRestore,
    summary: 'Restore a content deleted less than 30 days ago',
    tag: 'content',
    body: contentIdBodySchema,
    response: contentDetailSchema,
  },
  publishCreate: {
    ...ENDPOINT_ROUTES.publishCreate,
    summary:
      'Publishes a content to accounts now or at a time: a parent and one publication per account, each a snapshot; the preflight refuses what a platform would',
    tag: 'publishing',
    body: publishBodySchema,
    response: publishResultSchema,
  },
  publishTargets: {
    ...ENDPOINT_ROUTES.publishTargets,
    summary:
      "The accounts of the caller's data scope the composer offers, those not choosable with the reason, and the caller's last choice",
    tag: 'publishing',
    response: publishTargetsSchema,
  },
  publicationDetail: {
    ...ENDPOINT_ROUTES.publicationDetail,
    summary: "One publication with its timeline, the text as sent and the platform's raw error",
    tag: 'publishing',
    querystring: publicationIdQuerySchema,
    response: publicationDetailSchema,
  },
  publicationWithdrawal: {
    ...ENDPOINT_ROUTES.publicationWithdrawal,
    summary: "Cancels a publication (or a parent's) before it goes out; one already sending is told apart",
    tag: 'publishing',
    body: withdrawalBodySchema,
    response: withdrawalSchema,
  },
  publicationUpdate: {
    ...ENDPOINT_ROUTES.publicationUpdate,
    summary:
      'Edits a publication before it goes out (time, text, options; the preflight again); one already sending is told apart',
    tag: 'publishing',
    body: publicationUpdateBodySchema,
    response: publicationSchema,
  },
  publicationChunkStatus: {
    ...ENDPOINT_ROUTES.publicationChunkStatus,
    summary:
      "How far a publication's media upload has gone: bytes sent, total, and whether the platform is processing it",
    tag: 'publishing',
    querystring: chunkStatusQuerySchema,
    response: chunkStatusSchema,
  },
  publishFacebookArea: {
    ...ENDPOINT_ROUTES.publishFacebookArea,
    summary:
      "Countries, regions and cities a Facebook account's posts can be aimed at (Graph's adgeolocation search)",
    tag: 'publishing',
    querystring: facebookAreaQuerySchema,
    response: facebookAreasSchema,
  },
  publishHistoryMine: {
    ...ENDPOINT_ROUTES.publishHistoryMine,
    summary: "The caller's own publish actions, newest first, each with its accounts' publications",
    tag: 'publishing',
    querystring: publishHistoryQuerySchema,
    response: publishHistoryListSchema,
  },
  publishHistoryDepartment: {
    ...ENDPOINT_ROUTES.publishHistoryDepartment,
    summary: "The publish actions of the caller's data scope, newest first",
    tag: 'publishing',
    querystring: publishHistoryQuerySchema,
    response: publishHistoryListSchema,
  },
  publishHistoryAdmin: {
    ...ENDPOINT_ROUTES.publishHistoryAdmin,
    summary: 'The publish actions of every department, newest first (administrators)',
    tag: 'publishing',
    querystring: publishHistoryQuerySchema,
    response: publishHistoryListSchema,
  },
  publishHistoryChildren: {
    ...ENDPOINT_ROUTES.publishHistoryChildren,
    summary: "The accounts' publications of one publish action (a parent's id)",
    tag: 'publishing',
    querystring: publicationIdQuerySchema,
    response: publishHistoryChildrenSchema,
  },
  publicationWithdrawArticle: {
    ...ENDPOINT_ROUTES.publicationWithdrawArticle,
    summary:
      "Deletes a published post from its platform (one account's, or all of a parent's); where the platform cannot, a checklist to remove it by hand and mark it withdrawn with a note",
    tag: 'publishing',
    body: withdrawArticleBodySchema,
    response: withdrawArticleResultSchema,
  },
  publicationRetry: {
    ...ENDPOINT_ROUTES.publicationRetry,
    summary:
      "Sends a failed publication again (a parent's id: each of its failed ones), with its attempts counted afresh",
    tag: 'publishing',
    body: retryBodySchema,
    response: retryResultSchema,
  },
  publishScheduleList: {
    ...ENDPOINT_ROUTES.publishScheduleList,
    summary:
      "The publications of the caller's data scope still to go out in a window of time (at most 62 days), earliest first",
    tag: 'publishing',
    querystring: scheduleQuerySchema,
    response: scheduleListSchema,
  },
  publishCalendarLink: {
    ...ENDPOINT_ROUTES.publishCalendarLink,
    summary: "The caller's secret iCalendar address of the scheduled publications, if they made one",
    tag: 'publishing',
    response: calendarLinkSchema,
  },
  publishCalendarLinkRenew: {
    ...ENDPOINT_ROUTES.publishCalendarLinkRenew,
    summary: 'Makes a new secret iCalendar address for the caller; the old one stops working',
    tag: 'publishing',
    response: calendarLinkSchema,
  },
  publishCalendarLinkRevoke: {
    ...ENDPOINT_ROUTES.publishCalendarLinkRevoke,
    summary: "Revokes the caller's iCalendar address",
    tag: 'publishing',
    response: calendarLinkSchema,
  },
  publishCalendarFeed: {
    ...ENDPOINT_ROUTES.publishCalendarFeed,
    summary:
      'The scheduled publications as an iCalendar feed (text/calendar, not the JSON envelope); the token in the address is the credential',
    tag: 'publishing',
    querystring: calendarFeedQuerySchema,
    response: calendarFeedSchema,
  },
  publishHistoryExport: {
    ...ENDPOINT_ROUTES.publishHistoryExport,
    summary:
      'The filtered publish list as an XLSX or CSV file (one line per account, the columns of the page; not the JSON envelope)',
    tag: 'publishing',
    querystring: publishExportQuerySchema,
    response: publishExportSchema,
  },
  publishImportTemplate: {
    ...ENDPOINT_ROUTES.publishImportTemplate,
    summary: 'A template file for bulk scheduling (CSV or XLSX; not the JSON envelope)',
    tag: 'publishing',
    querystring: publishImportTemplateQuerySchema,
    response: publishImportTemplateSchema,
  },
  publishImportPreview: {
    ...ENDPOINT_ROUTES.publishImportPreview,
    summary:
      'Reads a CSV or XLSX of posts and runs the preflight on each row; nothing is scheduled until it is confirmed',
    tag: 'publishing',
    body: publishImportPreviewBodySchema,
    response: publishImportPreviewSchema,
  },
  publishImportConfirm: {
    ...ENDPOINT_ROUTES.publishImportConfirm,
    summary: 'Schedules every row of a preview without problems, all or none',
    tag: 'publishing',
    body: publishImportConfirmBodySchema,
    response: publishImportResultSchema,
  },
  publicationSettle: {
    ...ENDPOINT_ROUTES.publicationSettle,
    summary: 'Settles an unconfirmed publication: it is there (its link), or publish it again',
    tag: 'publishing',
    body: settleBodySchema,
    response: publicationSchema,
  },
  publishPauseList: {
    ...ENDPOINT_ROUTES.publishPauseList,
    summary: "The active pauses of publishing that concern the caller's data scope, with their reasons",
    tag: 'publishing',
    response: pauseListSchema,
  },
  publishPause: {
    ...ENDPOINT_ROUTES.publishPause,
    summary:
      'Pauses publishing on an account, a department or everywhere, with a reason: due publications wait; those already sending are counted',
    tag: 'publishing',
    body: pauseBodySchema,
    response: pauseResultSchema,
  },
  publishResume: {
    ...ENDPOINT_ROUTES.publishResume,
    summary: 'Lifts a pause: the publications it held are queued again in the order they were due',
    tag: 'publishing',
    body: resumeBodySchema,
    response: resumeResultSchema,
  },
  publicationScreenshot: {
    ...ENDPOINT_ROUTES.publicationScreenshot,
    summary:
      "A published post's screenshot (a signed PNG address) or why there is none; again=true takes a new one",
    tag: 'publishing',
    querystring: publicationScreenshotQuerySchema,
    response: publicationScreenshotSchema,
  },
  channelPlatforms: {
    ...ENDPOINT_ROUTES.channelPlatforms,
    summary:
      'Every channel platform: how it connects, and whether it runs on the sandbox, live or not at all',
    tag: 'channels',
    response: channelPlatformsSchema,
  },
  channelAccountList: {
    ...ENDPOINT_ROUTES.channelAccountList,
    summary: "The channel accounts of the caller's data scope, filtered by platform, department and status",
    tag: 'channels',
    querystring: channelAccountListQuerySchema,
    response: channelAccountListSchema,
  },
  channelAccountDetail: {
    ...ENDPOINT_ROUTES.channelAccountDetail,
    summary: "One channel account; 404 outside the caller's data scope (the release pages open it directly)",
    tag: 'channels',
    querystring: channelAccountIdQuerySchema,
    response: channelAccountSchema,
  },
  channelConnectStart: {
    ...ENDPOINT_ROUTES.channelConnectStart,
    summary:
      "The platform's consent page address for a new connection, bound to the caller and the department (ten minutes, once)",
    tag: 'channels',
    body: connectStartBodySchema,
    response: connectStartSchema,
  },
  channelConnectCallback: {
    ...ENDPOINT_ROUTES.channelConnectCallback,
    summary:
      "What the platform sent back to /authOpen: the grant's targets to pick from, or why nothing was granted",
    tag: 'channels',
    body: connectCallbackBodySchema,
    response: connectTargetsSchema,
  },
  channelConnectPick: {
    ...ENDPOINT_ROUTES.channelConnectPick,
    summary: 'Connects the targets ticked on /authOpen; one already connected is renewed, its history kept',
    tag: 'channels',
    body: connectPickBodySchema,
    response: connectedAccountsSchema,
  },
  channelConnectTelegram: {
    ...ENDPOINT_ROUTES.channelConnectTelegram,
    summary: 'Connects a Telegram channel through a bot that administers it with the right to post',
    tag: 'channels',
    body: telegramConnectBodySchema,
    response: connectedAccountsSchema,
  },
  channelConnectBluesky: {
    ...ENDPOINT_ROUTES.channelConnectBluesky,
    summary: 'Connects a Bluesky account with its handle and an app password',
    tag: 'channels',
    body: blueskyConnectBodySchema,
    response: connectedAccountsSchema,
  },
  channelAccountMove: {
    ...ENDPOINT_ROUTES.channelAccountMove,
    summary:
      "Moves an account to another department; the caller's data scope must hold both, and the audit names both",
    tag: 'channels',
    body: moveBodySchema,
    response: moveSchema,
  },
  channelRelease: {
    ...ENDPOINT_ROUTES.channelRelease,
    summary:
      'Releases an account: revoked at the platform where it allows, tokens wiped, history kept, its scheduled publications held',
    tag: 'channels',
    body: releaseBodySchema,
    response: releaseSchema,
  },
  materialList: {
    ...ENDPOINT_ROUTES.materialList,
    summary: "The media library of the caller's data scope, paged and filtered",
    tag: 'materials',
    querystring: materialListQuerySchema,
    response: materialListSchema,
  },
  materialDetail: {
    ...ENDPOINT_ROUTES.materialDetail,
    summary: "One material with fresh signed addresses; 404 outside the caller's data scope",
    tag: 'materials',
    querystring: materialIdQuerySchema,
    response: materialSchema,
  },
  materialSettings: {
    ...ENDPOINT_ROUTES.materialSettings,
    summary: 'Size limits, allowed types, whether video processing is available, the upload address',
    tag: 'materials',
    response: materialSettingsSchema,
  },
  materialRename: {
    ...ENDPOINT_ROUTES.materialRename,
    summary: 'Rename a material',
    tag: 'materials',
    body: materialRenameBodySchema,
    response: materialSchema,
  },
  materialTags: {
    ...ENDPOINT_ROUTES.materialTags,
    summary: "Replace a material's tags",
    tag: 'materials',
    body: materialTagsBodySchema,
    response: materialSchema,
  },
  materialDelete: {
    ...ENDPOINT_ROUTES.materialDelete,
    summary: 'Delete a material; 409 listing the contents that use it, unless an administrator forces it',
    tag: 'materials',
    body: materialDeleteBodySchema,
    response: emptySchema,
  },
  materialZipLink: {
    ...ENDPOINT_ROUTES.materialZipLink,
    summary: 'A signed address streaming the chosen materials as one zip',
    tag: 'materials',
    body: zipLinkBodySchema,
    response: zipLinkSchema,
  },
  uploadComplete: {
    ...ENDPOINT_ROUTES.uploadComplete,
    summary: 'File a finished tus upload: content sniffed, limits checked, SHA-256 duplicates recognised',
    tag: 'materials',
    body: uploadCompleteBodySchema,
    response: uploadCompleteSchema,
  },
  picUrl: {
    ...ENDPOINT_ROUTES.picUrl,
    summary: 'Import an image from a public address into the library (SSRF-guarded)',
    tag: 'materials',
    body: picUrlBodySchema,
    response: uploadCompleteSchema,
  },
  picUrlPage: {
    ...ENDPOINT_ROUTES.picUrlPage,
    summary: "Images of the caller's library for the composer's picker, paged",
    tag: 'materials',
    body: picUrlPageBodySchema,
    response: materialListSchema,
  },
  departmentList: {
    ...ENDPOINT_ROUTES.departmentList,
    summary: "The departments of the caller's data scope, flat, ordered by sort then name",
    tag: 'departments',
    response: departmentListSchema,
  },
  departmentAdminList: {
    ...ENDPOINT_ROUTES.departmentAdminList,
    summary:
      'The departments the caller manages (their data scope), flat, with user counts and whether each is empty',
    tag: 'departments',
    response: departmentAdminListSchema,
  },
  departmentCreate: {
    ...ENDPOINT_ROUTES.departmentCreate,
    summary: 'Create a department under one the caller manages',
    tag: 'departments',
    body: departmentCreateBodySchema,
    response: departmentAdminItemSchema,
  },
  departmentUpdate: {
    ...ENDPOINT_ROUTES.departmentUpdate,
    summary: 'Rename, reorder or move a department (never under itself; the root stays the root)',
    tag: 'departments',
    body: departmentUpdateBodySchema,
    response: departmentAdminItemSchema,
  },
  departmentDelete: {
    ...ENDPOINT_ROUTES.departmentDelete,
    summary: 'Delete an empty department (no sub-departments, users, contents or materials)',
    tag: 'departments',
    body: departmentDeleteBodySchema,
    response: z.null(),
  },
  myInfor: {
    ...ENDPOINT_ROUTES.myInfor,
    summary: 'Own notifications, newest first (navLink 1 unread only, 2 all)',
    tag: 'messages',
    querystring: myInforQuerySchema,
    response: myInforSchema,
  },
  allInfor: {
    ...ENDPOINT_ROUTES.allInfor,
    summary: "Everyone's notifications, newest first",
    tag: 'messages',
    querystring: allInforQuerySchema,
    response: allInforSchema,
  },
  readInfor: {
    ...ENDPOINT_ROUTES.readInfor,
    summary: 'Mark own notifications read: id, ids or all=true',
    tag: 'messages',
    querystring: readQuerySchema,
    response: readResultSchema,
  },
  notReadList: {
    ...ENDPOINT_ROUTES.notReadList,
    summary: 'Own unread notifications and the unread count (polled by the bell)',
    tag: 'messages',
    body: notReadListBodySchema,
    response: notReadListSchema,
  },
  tipSend: {
    ...ENDPOINT_ROUTES.tipSend,
    summary: 'Send a tip to chosen departments (and their sub-departments) or everyone',
    tag: 'messages',
    body: tipSendBodySchema,
    response: tipSendResultSchema,
  },
  tipList: {
    ...ENDPOINT_ROUTES.tipList,
    summary: 'Tips sent, newest first',
    tag: 'messages',
    querystring: tipListQuerySchema,
    response: tipListSchema,
  },
  preferences: {
    ...ENDPOINT_ROUTES.preferences,
    summary: 'Which events notify me',
    tag: 'messages',
    response: preferencesSchema,
  },
  preferencesUpdate: {
    ...ENDPOINT_ROUTES.preferencesUpdate,
    summary: 'Choose which events notify me',
    tag: 'messages',
    body: preferencesSchema,
    response: preferencesSchema,
  },
  guideRead: {
    ...ENDPOINT_ROUTES.guideRead,
    summary: "Record that I have seen the 'what's new' notes of an upgrade (idempotent)",
    tag: 'messages',
    querystring: upgradeTimeQuerySchema,
    response: guideStatusSchema,
  },
  guideStatus: {
    ...ENDPOINT_ROUTES.guideStatus,
    summary: "Whether I have seen the 'what's new' notes of an upgrade",
    tag: 'messages',
    querystring: upgradeTimeQuerySchema,
    response: guideStatusSchema,
  },
  roleList: {
    ...ENDPOINT_ROUTES.roleList,
    summary: 'Roles with their user counts and granted menu entries, paged; filter by code or name',
    tag: 'roles',
    querystring: roleListQuerySchema,
    response: roleListSchema,
  },
  roleAdd: {
    ...ENDPOINT_ROUTES.roleAdd,
    summary:
      'Add a role: code, name, data scope and the menu entries it grants (never more than the caller has)',
    tag: 'roles',
    querystring: roleAddQuerySchema,
    response: roleItemSchema,
  },
  roleUpdate: {
    ...ENDPOINT_ROUTES.roleUpdate,
    summary:
      "Change a role's name, data scope and menu entries; its users' menus change on their next request",
    tag: 'roles',
    body: roleUpdateBodySchema,
    response: roleItemSchema,
  },
  roleInsert: {
    ...ENDPOINT_ROUTES.roleInsert,
    summary: "Give a role to users of the caller's data scope",
    tag: 'roles',
    querystring: roleInsertQuerySchema,
    response: z.object({ inserted: z.number().int() }),
  },
  roleDelete: {
    ...ENDPOINT_ROUTES.roleDelete,
    summary: 'With userIds, take the role from those users; without, delete the role, which no user may hold',
    tag: 'roles',
    querystring: roleDeleteQuerySchema,
    response: z.object({ deleted: z.number().int() }),
  },
  roleUsers: {
    ...ENDPOINT_ROUTES.roleUsers,
    summary:
      "Users of the caller's data scope who hold the role (member=true) or do not (member=false), paged",
    tag: 'roles',
    querystring: roleUsersQuerySchema,
    response: roleUsersSchema,
  },
  roleMenuTree: {
    ...ENDPOINT_ROUTES.roleMenuTree,
    summary: 'Every menu entry (pages, groups, actions) to tick on the role form',
    tag: 'roles',
    response: menuAdminListSchema,
  },
  menuList: {
    ...ENDPOINT_ROUTES.menuList,
    summary: 'Every menu entry with all its fields, flat (clients nest them by parentId)',
    tag: 'menus',
    response: menuAdminListSchema,
  },
  menuCreate: {
    ...ENDPOINT_ROUTES.menuCreate,
    summary: 'Add a menu entry or action',
    tag: 'menus',
    body: menuCreateBodySchema,
    response: menuAdminItemSchema,
  },
  menuUpdate: {
    ...ENDPOINT_ROUTES.menuUpdate,
    summary: "Edit a menu entry; every user's menu and permissions follow on their next request",
    tag: 'menus',
    body: menuUpdateBodySchema,
    response: menuAdminItemSchema,
  },
  menuDelete: {
    ...ENDPOINT_ROUTES.menuDelete,
    summary: 'Delete an added entry without sub-entries (built-in ones can only be hidden)',
    tag: 'menus',
    body: menuDeleteBodySchema,
    response: z.null(),
  },
  auditList: {
    ...ENDPOINT_ROUTES.auditList,
    summary: 'Audit entries, newest first, paged; filters actor, action (exact or prefix), target, IP, time',
    tag: 'audit',
    querystring: auditListQuerySchema,
    response: auditListSchema,
  },
  auditExport: {
    ...ENDPOINT_ROUTES.auditExport,
    summary:
      'Every audit entry matching the list filters, newest first, streamed as a CSV file (UTF-8 with BOM; not the JSON envelope)',
    tag: 'audit',
    querystring: auditExportQuerySchema,
    response: auditExportSchema,
  },
  statisticsOverview: {
    ...ENDPOINT_ROUTES.statisticsOverview,
    summary:
      "Figures of the caller's scope for a range (publications, failures, success rate, engagement, views, follower change, each against the period before), the trend, per platform, and failures by cause",
    tag: 'statistics',
    querystring: statisticsQuerySchema,
    response: statisticsOverviewSchema,
  },
  statisticsAccounts: {
    ...ENDPOINT_ROUTES.statisticsAccounts,
    summary:
      'Per account of the same filters: publications, failures, the sums of their latest counts, followers and their change',
    tag: 'statistics',
    querystring: statisticsQuerySchema,
    response: statisticsAccountsSchema,
  },
  statisticsHeatmap: {
    ...ENDPOINT_ROUTES.statisticsHeatmap,
    summary: 'Publications and engagement by weekday and hour (UTC) of publishing, for the same filters',
    tag: 'statistics',
    querystring: statisticsQuerySchema,
    response: statisticsHeatmapSchema,
  },
  statisticsTop: {
    ...ENDPOINT_ROUTES.statisticsTop,
    summary: 'The publications of the range with the most engagement (or views), with their latest counts',
    tag: 'statistics',
    querystring: statisticsTopQuerySchema,
    response: statisticsTopSchema,
  },
  statisticsTraffic: {
    ...ENDPOINT_ROUTES.statisticsTraffic,
    summary:
      "Sessions, users and engaged sessions that social sources brought to the connected Google Analytics 4 properties of the caller's scope, by source and by the landing pages of the links Postdeck tagged",
    tag: 'statistics',
    querystring: statisticsQuerySchema,
    response: statisticsTrafficSchema,
  },
  statisticsExport: {
    ...ENDPOINT_ROUTES.statisticsExport,
    summary:
      "The statistics page's figures as an XLSX workbook (overview, trend, platforms, accounts, top publications, failures; not the JSON envelope)",
    tag: 'statistics',
    querystring: statisticsQuerySchema,
    response: z.string(),
  },
  publicationMetrics: {
    ...ENDPOINT_ROUTES.publicationMetrics,
    summary: "One account's publication's metric snapshots, oldest first, and when the next is due",
    tag: 'statistics',
    querystring: publicationIdQuerySchema,
    response: publicationMetricsSchema,
  },
} as const satisfies Record<EndpointName, Endpoint>;

export type Endpoints = typeof endpoints;
export type { EndpointName };

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
export type BodyOf<N extends EndpointName> = Endpoints[N] extends { body: infer B } ? Infer<B> : undefined;
export type QueryOf<N extends EndpointName> = Endpoints[N] extends { querystring: infer Q }
  ? z.input<Q & z.ZodType>
  : undefined;
export type DataOf<N extends EndpointName> = z.infer<Endpoints[N]['response']>;
