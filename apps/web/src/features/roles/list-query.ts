import { roleListQuerySchema } from '@postdeck/contract/roles';
import { urlFilters } from '../../utils/url-filters';

const filters = urlFilters(roleListQuerySchema);

/** The role list's keyword and paging, kept in the address like the users page's filters. */
export type RoleFilters = ReturnType<typeof filters.read>;
export const readRoleFilters = filters.read;
export const writeRoleFilters = filters.write;
export const toRoleQuery = filters.toQuery;
