/**
 * Urls of the console's pages. The server's menu tree points at them and the web app's page
 * registry maps each to a lazily loaded page, so both sides name a page the same way.
 */
export const PAGES = {
  departmentContent: '/api/content/contentList/deplist',
  addContent: '/api/content/publish/pubContent',
  adminContent: '/api/content/contentList/admlist',
  publishList: '/api/content/publish/pubHistory',
  scheduledPublishing: '/api/content/schedulepubmaterial/list',
  channelAccounts: '/api/channel/account/list',
  materials: '/api/material/list',
  statistics: '/api/report/statistics',
  users: '/api/system/user',
  roles: '/api/system/role',
  departments: '/api/system/dept',
  menus: '/api/system/menu',
  auditLog: '/api/log/audit',
  messageTips: '/api/tip/messagetip',
  myMessages: '/api/infor/myInfor',
  changePassword: '/api/me/changePass',
  profile: '/profile/index',
  // Spec §2 hidden routes: out of the menu, opened by channel connections and publish history.
  authorizeChannel: '/authOpen',
  publicationScreenshot: '/screenShort',
  releaseYoutube: '/youtubeRelieve',
  releaseInstagram: '/instagramRelieve',
  releaseGoogleAnalytics: '/googleGARelieve',
  vkConnection: '/vk',
} as const;

export type PageKey = keyof typeof PAGES;
export type PageUrl = (typeof PAGES)[PageKey];

/** The composer opened on one content (the add-content page edits the content named by `id`). */
export const contentEditUrl = (id: number) => `${PAGES.addContent}?id=${id}`;
