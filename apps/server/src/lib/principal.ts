import type { MenuItem } from '@postdeck/contract/menu';
import type { DataScope } from '@postdeck/contract/permissions';

/** Who is calling, as the auth hook found them; loaded once and cached (principal-cache.ts). */
export interface Principal {
  id: number;
  account: string;
  name: string;
  avatar: string;
  introduction: string;
  status: 'active' | 'disabled';
  departmentId: number;
  departmentName: string;
  roles: string[];
  permissions: ReadonlySet<string>;
  dataScope: DataScope;
  /** Refresh-token families still alive: an access token of any other family is refused. */
  families: ReadonlySet<string>;
  mustChangePassword: boolean;
  /** The menu tree granted by the user's roles (GET /control/user/dashboard). */
  menu: MenuItem[];
}
