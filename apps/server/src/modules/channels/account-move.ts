import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { departmentScope, inScope } from '../../lib/department-scope.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import { type RequestMeta, auditChange } from '../audit/audit.ts';
import { accountsById } from './account-queries.ts';
import { moveAccount } from './account-repo.ts';

export const MOVE_ACTION = 'channel.move';

/**
 * Moving an account between departments (issue 19, item 2): never a side effect of connecting
 * it again, but an action of its own, by someone whose scope holds both departments, audited
 * with both.
 */
export type AccountMove = ReturnType<typeof createAccountMove>;

export function createAccountMove(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return async function move(
    principal: Principal,
    input: { id: number; departmentId: number },
    meta: RequestMeta,
  ) {
    const scope = await departmentScope(db, principal);
    if (!inScope(scope, input.departmentId))
      throw new AppError('departmentNotAllowed', {
        fieldErrors: [fieldError('departmentId', 'departmentNotAllowed')],
      });
    const now = clock.now();
    await db.transaction(async (tx) => {
      const moved = await moveAccount(tx, { id: input.id, to: input.departmentId, scope }, now);
      // Outside the scope it is as if it did not exist, so ids cannot be probed.
      if (!moved) throw new AppError('notFound');
      if (moved.from === input.departmentId)
        throw new AppError('moveNotAllowed', { fieldErrors: [fieldError('departmentId', 'moveNotAllowed')] });
      await auditChange(tx, principal, meta, {
        action: MOVE_ACTION,
        target: `channel:${input.id}`,
        detail: { fromDepartmentId: moved.from, toDepartmentId: input.departmentId },
        at: now,
      });
    });
    const [account] = await accountsById(db, [input.id], now);
    if (!account) throw new AppError('notFound');
    return { account };
  };
}
