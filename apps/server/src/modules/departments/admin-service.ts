import type {
  DepartmentAdminItem,
  departmentCreateBodySchema,
  departmentUpdateBodySchema,
} from '@postdeck/contract/departments';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { lockTree } from '../../db/locks.ts';
import { departments } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  type DepartmentScope,
  departmentScope,
  departmentSubtree,
  inScope,
  scopeFilter,
} from '../../lib/department-scope.ts';
import { PG, postgresError } from '../../lib/db-errors.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { PrincipalCache } from '../../lib/principal-cache.ts';
import type { Principal } from '../../lib/principal.ts';
import { auditChange, type RequestMeta } from '../audit/audit.ts';

type CreateBody = z.output<typeof departmentCreateBodySchema>;
type UpdateBody = z.output<typeof departmentUpdateBodySchema>;

/** Audit actions of the department administration. */
export const DEPARTMENT_ACTIONS = {
  create: 'dept.create',
  update: 'dept.update',
  delete: 'dept.delete',
} as const;

/**
 * Departments as administrators manage them (issue 5, item 4): the caller's data scope is what
 * they manage; a department moves anywhere inside it but never under itself, the root stays the
 * root, and only an empty department (nothing at all refers to it) can be deleted. Every change
 * checks and writes under the tree lock, on what the tree is once the lock is held.
 */
export function createDepartmentAdminService(deps: {
  db: Db;
  clock: Clock;
  principals: Pick<PrincipalCache, 'invalidate'>;
}) {
  const { db, clock, principals } = deps;

  async function items(where: ReturnType<typeof scopeFilter>, on: Db = db): Promise<DepartmentAdminItem[]> {
    const rows = await on
      .select({
        id: departments.id,
        name: departments.name,
        parentId: departments.parentId,
        sort: departments.sort,
        // Plain SQL names: drizzle leaves columns of a one-table select unqualified, which a
        // subquery would read as its own table's.
        userCount: sql<number>`(select count(*)::int from users u where u.department_id = departments.id and u.deleted_at is null)`,
        held: sql<number>`(
          (select count(*) from users u where u.department_id = departments.id) +
          (select count(*) from contents c where c.department_id = departments.id) +
          (select count(*) from materials m where m.department_id = departments.id) +
          (select count(*) from departments child where child.parent_id = departments.id)
        )::int`,
      })
      .from(departments)
      .where(where)
      .orderBy(asc(departments.sort), asc(departments.name), asc(departments.id));
    return rows.map(({ held, ...row }) => ({
      ...row,
      userCount: Number(row.userCount),
      empty: Number(held) === 0,
    }));
  }

  async function one(id: number, on: Db = db): Promise<DepartmentAdminItem> {
    const [item] = await items(eq(departments.id, id), on);
    if (!item) throw new AppError('notFound');
    return item;
  }

  /** The department when the caller manages it; 404 otherwise, as if it did not exist. */
  async function managed(tx: Db, scope: DepartmentScope, id: number) {
    const [row] = await tx.select().from(departments).where(eq(departments.id, id));
    if (!row || !inScope(scope, id)) throw new AppError('notFound');
    return row;
  }

  function checkParent(scope: DepartmentScope, parentId: number, exists: boolean) {
    if (!exists || !inScope(scope, parentId)) {
      throw new AppError('departmentNotManaged', {
        fieldErrors: [fieldError('parentId', 'departmentNotManaged')],
      });
    }
  }

  async function checkName(tx: Db, name: string, parentId: number | null, exceptId?: number) {
    const [clash] = await tx
      .select({ id: departments.id })
      .from(departments)
      .where(
        and(
          parentId === null ? isNull(departments.parentId) : eq(departments.parentId, parentId),
          sql`lower(${departments.name}) = ${name.toLowerCase()}`,
          exceptId === undefined ? undefined : ne(departments.id, exceptId),
        ),
      );
    if (clash) {
      throw new AppError('departmentNameTaken', { fieldErrors: [fieldError('name', 'departmentNameTaken')] });
    }
  }

  const exists = async (tx: Db, id: number) =>
    (await tx.select({ id: departments.id }).from(departments).where(eq(departments.id, id))).length > 0;

  return {
    async list(principal: Principal) {
      return { items: await items(scopeFilter(await departmentScope(db, principal), departments.id)) };
    },

    async create(principal: Principal, input: CreateBody, meta: RequestMeta) {
      const id = await db.transaction(async (tx) => {
        await lockTree(tx, 'departments');
        checkParent(await departmentScope(tx, principal), input.parentId, await exists(tx, input.parentId));
        await checkName(tx, input.name, input.parentId);
        const [row] = await tx
          .insert(departments)
          .values({ name: input.name, parentId: input.parentId, sort: input.sort, createdAt: clock.now() })
          .returning({ id: departments.id });
        if (!row) throw new Error('department insert returned nothing');
        await auditChange(tx, principal, meta, {
          at: clock.now(),
          action: DEPARTMENT_ACTIONS.create,
          target: `dept:${row.id}`,
          detail: {
            name: input.name,
            parentId: input.parentId,
          },
        });
        return row.id;
      });
      return one(id);
    },

    async update(principal: Principal, input: UpdateBody, meta: RequestMeta) {
      const id = await db.transaction(async (tx) => {
        await lockTree(tx, 'departments');
        const scope = await departmentScope(tx, principal);
        const current = await managed(tx, scope, input.id);
        // The root has no parent and keeps none; whatever parentId came with it is not a move.
        const parentId = current.parentId === null ? null : input.parentId;
        if (parentId !== null && parentId !== current.parentId) {
          checkParent(scope, parentId, await exists(tx, parentId));
          if ((await departmentSubtree(tx, current.id)).includes(parentId)) {
            throw new AppError('departmentCycle', {
              fieldErrors: [fieldError('parentId', 'departmentCycle')],
            });
          }
        }
        await checkName(tx, input.name, parentId, current.id);
        await tx
          .update(departments)
          .set({ name: input.name, parentId, sort: input.sort })
          .where(eq(departments.id, current.id));
        await auditChange(tx, principal, meta, {
          at: clock.now(),
          action: DEPARTMENT_ACTIONS.update,
          target: `dept:${current.id}`,
          detail: {
            from: { name: current.name, parentId: current.parentId },
            to: { name: input.name, parentId },
          },
        });
        return current.id;
      });
      // Signed-in users carry their department's name, and scopes follow the tree.
      await principals.invalidate('*');
      return one(id);
    },

    async remove(principal: Principal, id: number, meta: RequestMeta): Promise<null> {
      await db.transaction(async (tx) => {
        await lockTree(tx, 'departments');
        const current = await managed(tx, await departmentScope(tx, principal), id);
        const item = await one(id, tx);
        if (current.parentId === null || !item.empty) throw new AppError('departmentNotEmpty');
        try {
          await tx.delete(departments).where(eq(departments.id, id));
        } catch (error) {
          // A user, content or material placed in it since the check (they take no tree lock).
          if (postgresError(error)?.code === PG.foreignKeyViolation) throw new AppError('departmentNotEmpty');
          throw error;
        }
        await auditChange(tx, principal, meta, {
          at: clock.now(),
          action: DEPARTMENT_ACTIONS.delete,
          target: `dept:${id}`,
          detail: { name: current.name },
        });
      });
      return null;
    },
  };
}

export type DepartmentAdminService = ReturnType<typeof createDepartmentAdminService>;
