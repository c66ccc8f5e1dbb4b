import { type UserListFilters, userListQuerySchema } from '@postdeck/contract/users';
import { urlFilters } from '../../utils/url-filters';

/** The user list's filters and paging as the contract reads them (defaults filled in). */
export type UserFilters = UserListFilters;

const filters = urlFilters(userListQuerySchema);

export const readUserFilters = filters.read;
export const writeUserFilters = filters.write;
export const toUserQuery = filters.toQuery;

/** The filters a person sets (not paging): with any of them, an empty list means 'no match'. */
export const FILTER_KEYS = ['account', 'name', 'departmentId', 'role', 'status'] as const;
