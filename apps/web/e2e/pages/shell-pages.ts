import type { Locator, Page } from '@playwright/test';

/** The admin's pages (and views of them) that the page-wide checks visit: axe-core, 800 px widths. */
export const SHELL_PAGES = [
  '/api/content/contentList/deplist',
  '/api/content/contentList/admlist',
  '/api/content/contentList/admlist?deleted=true',
  '/api/content/publish/pubContent',
  '/api/content/publish/pubHistory',
  '/api/content/schedulepubmaterial/list',
  '/api/content/schedulepubmaterial/list?view=list',
  '/api/channel/account/list',
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

/**
 * What a visited shell page shows once it is up: the layout, or the 404 page's title. Matched
 * whole: as a substring, '404' also matched table cells (an audit line's session id,
 * session:288facca-…-c72385040454), which broke strict mode now and then.
 */
export const shownPage = (page: Page): Locator =>
  page.getByTestId('app-layout').or(page.getByText('404', { exact: true }));
