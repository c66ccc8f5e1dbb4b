import type { DirectoryPerson } from '@postdeck/contract/users';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { departments, users } from '../../db/schema.ts';

/** A person as the company directory knows them; whether they are a user is Postdeck's business. */
export type DirectoryEntry = Omit<DirectoryPerson, 'existingUserId'>;

/**
 * The company directory the user form looks people up in (GET /control/user/getUserFromOpsById).
 * The built-in one is Postdeck's own users; an LDAP or Active Directory one comes with LDAP_URL.
 */
export interface Directory {
  findByAccount(account: string): Promise<DirectoryEntry | null>;
}

/** A directory that can also check a person's password (LDAP_PASSWORD_CHECK). */
export interface PasswordChecker {
  /** False for a wrong or empty password and for an account the directory does not know. */
  verifyPassword(account: string, password: string): Promise<boolean>;
}

export function builtInDirectory(db: Db): Directory {
  return {
    async findByAccount(account) {
      const [row] = await db
        .select({
          account: users.account,
          name: users.name,
          email: users.email,
          department: departments.name,
        })
        .from(users)
        .innerJoin(departments, eq(departments.id, users.departmentId))
        .where(and(sql`lower(${users.account}) = ${account.toLowerCase()}`, isNull(users.deletedAt)));
      return row ?? null;
    },
  };
}
