import { PERMISSIONS } from '@postdeck/contract/permissions';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Who looks after a department's channel accounts: active users whose role lets them connect
 * accounts and whose data scope holds the department (everything, their department's subtree
 * containing it, or that very department).
 */
export async function accountAdministrators(db: Db, departmentId: number): Promise<number[]> {
  const result = await db.execute(sql`
    with recursive above(id, parent_id) as (
      select id, parent_id from departments where id = ${departmentId}
      -- union, not union all: a cycle in the departments (refused by their module, but data can
      -- be changed outside it) ends the walk instead of running it forever.
      union
      select d.id, d.parent_id from departments d join above a on d.id = a.parent_id
    )
    select distinct u.id from users u
      join user_roles ur on ur.user_id = u.id
      join roles r on r.id = ur.role_id
      join role_menus rm on rm.role_id = r.id
      join menus m on m.id = rm.menu_id
    where ${PERMISSIONS.channelConnect} = any(m.permissions)
      and u.status = 'active' and u.deleted_at is null
      and (r.data_scope = 'all'
        or (r.data_scope = 'tree' and u.department_id in (select id from above))
        or (r.data_scope = 'own' and u.department_id = ${departmentId}))
    order by u.id`);
  // Both drivers answer { rows } (node-postgres and PGlite); drizzle types it per driver.
  return (result as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
}
