import { PAGES, type PageUrl } from '@postdeck/contract/pages';
import type { ComponentType } from 'react';

/** A route's `lazy`: loads the page module only when the page is first visited. */
export type PageLoader = () => Promise<{ Component: ComponentType }>;

/** The 'coming in a later release' placeholder, for a menu page whose feature has not landed yet. */
export const comingSoon: PageLoader = () =>
  import('../pages/coming-soon-page').then((module) => ({ Component: module.ComingSoonPage }));

/**
 * The one map from a menu url to its page. A page is the `comingSoon` placeholder until its
 * feature lands; a feature replaces its line here.
 */
const REGISTRY = {
  [PAGES.departmentContent]: () =>
    import('../features/content/pages/content-list-page').then((module) => ({
      Component: module.DepartmentContentPage,
    })),
  [PAGES.addContent]: () =>
    import('../features/composer/pages/composer-page').then((module) => ({ Component: module.ComposerPage })),
  [PAGES.adminContent]: () =>
    import('../features/content/pages/content-list-page').then((module) => ({
      Component: module.AdminContentPage,
    })),
  [PAGES.publishList]: () =>
    import('../features/publish-history/pages/publish-history-page').then((module) => ({
      Component: module.PublishHistoryPage,
    })),
  [PAGES.scheduledPublishing]: () =>
    import('../features/schedule/pages/scheduled-publishing-page').then((module) => ({
      Component: module.ScheduledPublishingPage,
    })),
  [PAGES.channelAccounts]: () =>
    import('../features/channels/pages/channel-accounts-page').then((module) => ({
      Component: module.ChannelAccountsPage,
    })),
  [PAGES.materials]: () =>
    import('../features/materials/pages/materials-page').then((module) => ({
      Component: module.MaterialsPage,
    })),
  [PAGES.statistics]: () =>
    import('../features/statistics/pages/statistics-page').then((module) => ({
      Component: module.StatisticsPage,
    })),
  [PAGES.users]: () =>
    import('../features/users/pages/users-page').then((module) => ({ Component: module.UsersPage })),
  [PAGES.roles]: () =>
    import('../features/roles/pages/roles-page').then((module) => ({ Component: module.RolesPage })),
  [PAGES.departments]: () =>
    import('../features/departments/pages/departments-page').then((module) => ({
      Component: module.DepartmentsPage,
    })),
  [PAGES.menus]: () =>
    import('../features/menus/pages/menus-page').then((module) => ({ Component: module.MenusPage })),
  [PAGES.auditLog]: () =>
    import('../features/audit/pages/audit-log-page').then((module) => ({ Component: module.AuditLogPage })),
  [PAGES.messageTips]: () =>
    import('../features/messages/pages/message-tip-page').then((module) => ({
      Component: module.MessageTipPage,
    })),
  [PAGES.myMessages]: () =>
    import('../features/messages/pages/my-messages-page').then((module) => ({
      Component: module.MyMessagesPage,
    })),
  [PAGES.changePassword]: () =>
    import('../features/me/pages/change-password-page').then((module) => ({
      Component: module.ChangePasswordPage,
    })),
  [PAGES.authorizeChannel]: () =>
    import('../features/channels/pages/authorize-channel-page').then((module) => ({
      Component: module.AuthorizeChannelPage,
    })),
  [PAGES.publicationScreenshot]: () =>
    import('../features/publishing/pages/screenshot-page').then((module) => ({
      Component: module.ScreenshotPage,
    })),
  [PAGES.releaseYoutube]: () =>
    import('../features/channels/pages/release-page').then((module) => ({
      Component: module.ReleaseYoutubePage,
    })),
  [PAGES.releaseInstagram]: () =>
    import('../features/channels/pages/release-page').then((module) => ({
      Component: module.ReleaseInstagramPage,
    })),
  [PAGES.releaseGoogleAnalytics]: () =>
    import('../features/channels/pages/release-page').then((module) => ({
      Component: module.ReleaseGoogleAnalyticsPage,
    })),
  [PAGES.vkConnection]: () =>
    import('../features/channels/pages/release-page').then((module) => ({
      Component: module.VkConnectionPage,
    })),
  [PAGES.profile]: () =>
    import('../features/profile/pages/profile-page').then((module) => ({ Component: module.ProfilePage })),
} satisfies Record<PageUrl, PageLoader>;

/**
 * Spec §2 fixed routes every signed-in user reaches whether or not the menu lists them: the
 * user dropdown and bell pages, and the hidden pages channel connections open. The value is
 * the route-title key.
 */
export const FIXED_PAGES: readonly { url: PageUrl; title: string }[] = [
  { url: PAGES.profile, title: 'profile' },
  { url: PAGES.changePassword, title: 'changePassword' },
  { url: PAGES.myMessages, title: 'myMessages' },
  { url: PAGES.authorizeChannel, title: 'authorizeChannel' },
  { url: PAGES.publicationScreenshot, title: 'publicationScreenshot' },
  { url: PAGES.releaseYoutube, title: 'releaseYoutube' },
  { url: PAGES.releaseInstagram, title: 'releaseInstagram' },
  { url: PAGES.releaseGoogleAnalytics, title: 'releaseGoogleAnalytics' },
  { url: PAGES.vkConnection, title: 'vkConnection' },
];

const isPageUrl = (url: string): url is PageUrl => Object.hasOwn(REGISTRY, url);

/** The page for a menu url, or undefined for urls no page answers (they show 404). */
export function pageLoader(url: string): PageLoader | undefined {
  return isPageUrl(url) ? REGISTRY[url] : undefined;
}

/** A page's first data, asked for beside its chunk (issue 11: the landing list waited for the page to render). */
type DataPrefetch = (search: URLSearchParams) => Promise<unknown>;

const DATA: Partial<Record<string, DataPrefetch>> = {
  [PAGES.departmentContent]: (search) =>
    import('../features/content/api/content-list').then((module) =>
      module.prefetchContentList('contentDeptList', search),
    ),
  [PAGES.adminContent]: (search) =>
    import('../features/content/api/content-list').then((module) =>
      module.prefetchContentList('contentAdminList', search),
    ),
};

export const pageDataPrefetch = (url: string): DataPrefetch | undefined => DATA[url];
