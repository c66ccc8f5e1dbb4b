import { PERMISSIONS } from '@postdeck/contract/permissions';
import type { PublishExportQuery } from '@postdeck/contract/publish-export';
import {
  type PublishHistoryFilters,
  type PublishHistoryQuery,
  publishHistoryQuerySchema,
} from '@postdeck/contract/publish-history';
import { urlFilters } from '../../utils/url-filters';

/** The three lists: the caller's own (pubHistory), its data scope's (pubDepHistory), everyone's (pubAdmHistory). */
export const HISTORY_TABS = ['mine', 'department', 'all'] as const;
export type HistoryTab = (typeof HISTORY_TABS)[number];

export const HISTORY_ENDPOINTS = {
  mine: 'publishHistoryMine',
  department: 'publishHistoryDepartment',
  all: 'publishHistoryAdmin',
} as const satisfies Record<HistoryTab, string>;

const isTab = (value: string | null): value is HistoryTab =>
  (HISTORY_TABS as readonly (string | null)[]).includes(value);

/** The tabs a user's permissions open: the first two with publish:list, All with publish:admin:list. */
export function allowedTabs(permissions: readonly string[] | undefined): HistoryTab[] {
  const list = permissions?.includes(PERMISSIONS.publishList) ?? false;
  const admin = permissions?.includes(PERMISSIONS.publishAdminList) ?? false;
  return HISTORY_TABS.filter((tab) => (tab === 'all' ? admin : list));
}

/**
 * What the page's address holds: the contract's filters and paging (spec §2's pageSize, oppId
 * and time among them), the tab, and queryType=1 (a notification's link: open the detail).
 */
export interface HistoryPageState {
  filters: PublishHistoryFilters;
  /** As asked for; `tabOf` says which one shows. */
  tab: HistoryTab | undefined;
  /** spec §2: open the named publication's detail. */
  openDetail: boolean;
}

const filters = urlFilters(publishHistoryQuerySchema);

export const refusedHistoryFilters = filters.refused;

export function readHistoryState(params: URLSearchParams): HistoryPageState {
  const tab = params.get('tab');
  return {
    filters: filters.read(params),
    tab: isTab(tab) ? tab : undefined,
    openDetail: params.get('queryType') === '1',
  };
}

export function writeHistoryState(state: {
  filters: Partial<PublishHistoryFilters>;
  tab?: HistoryTab | undefined;
  openDetail?: boolean;
}): URLSearchParams {
  const params = filters.write(state.filters);
  if (state.tab) params.set('tab', state.tab);
  if (state.openDetail) params.set('queryType', '1');
  return params;
}

/**
 * The tab shown: the one asked for if the user may see it; else, for a notification's
 * publication, the department list (the author's own and those they oversee), else the first.
 */
export function tabOf(state: HistoryPageState, allowed: readonly HistoryTab[]): HistoryTab | undefined {
  if (state.tab && allowed.includes(state.tab)) return state.tab;
  if (state.filters.oppId !== undefined && allowed.includes('department')) return 'department';
  return allowed[0];
}

/** The request query: the filters without the defaults the server fills in itself. */
export const toHistoryQuery = (current: PublishHistoryFilters): PublishHistoryQuery =>
  filters.toQuery(current);

/** The export's query: the list's filters without paging, the tab's list, the reader's time zone. */
export function toExportQuery(
  current: PublishHistoryFilters,
  tab: HistoryTab,
  format: 'xlsx' | 'csv',
): PublishExportQuery {
  const {
    page: _page,
    pageSize: _pageSize,
    after: _after,
    before: _before,
    ...query
  } = toHistoryQuery(current);
  return { ...query, list: tab, format, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone };
}
