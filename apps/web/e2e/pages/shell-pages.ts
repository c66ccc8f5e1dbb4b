/** The admin's pages (and views of them) that the page-wide checks visit: axe-core, 800 px widths. */
export const SHELL_PAGES = [
  '/api/content/contentList/deplist',
  '/api/content/contentList/admlist',
  '/api/content/contentList/admlist?deleted=true',
  '/api/content/publish/pubContent',
  '/api/material/list',
  '/api/material/list?view=list',
  '/api/system/user',
  '/api/system/role',
  '/api/system/dept',
  '/api/system/menu',
  '/api/log/audit',
  '/api/infor/myInfor?navLink=2',
  '/api/tip/messagetip',
  '/profile/index',
  '/api/me/changePass',
  '/404',
];
