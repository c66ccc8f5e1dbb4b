import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles, userRoles, users } from '../../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';

export interface NewUser {
  account: string;
  name: string;
  password: string;
  departmentId: number;
  roleCodes: readonly string[];
  status?: 'active' | 'disabled';
}

/** Creates a user with roles; the system-administration module builds on it. */
export async function createUser(db: Db, input: NewUser): Promise<number> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        account: input.account,
        name: input.name,
        departmentId: input.departmentId,
        passwordHash,
        status: input.status ?? 'active',
      })
      .returning({ id: users.id });
    if (!user) throw new Error('user insert returned nothing');
    if (input.roleCodes.length > 0) {
      const roleRows = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(inArray(roles.code, [...input.roleCodes]));
      if (roleRows.length !== input.roleCodes.length)
        throw new Error(`unknown role in ${input.roleCodes.join(',')}`);
      await tx.insert(userRoles).values(roleRows.map((r) => ({ userId: user.id, roleId: r.id })));
    }
    return user.id;
  });
}

export async function setUserStatus(db: Db, userId: number, status: 'active' | 'disabled') {
  await db.update(users).set({ status }).where(eq(users.id, userId));
}

export async function findUserIdByAccount(db: Db, account: string): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.account, account));
  return row?.id;
}

/** Marks a user's password as chosen by themselves (tests and the e2e server start so). */
export async function markPasswordChosen(db: Db, account: string) {
  await db.update(users).set({ mustChangePassword: false }).where(eq(users.account, account));
}
