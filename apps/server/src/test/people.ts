import { createUser } from '../modules/users/user-repo.ts';
import { ADMIN_PASSWORD, type TestApp, login } from './test-app.ts';

/** One person a test signs up: the key its tokens go by, the department, the role's code. */
export type Person = readonly [key: string, departmentId: number, role: string];

export interface People {
  /** Each person's access token by key, and the administrator's as 'admin'. */
  readonly tokens: Record<string, string>;
  /** Signs them all in again, the administrator too (after the clock moved past the tokens' 15 minutes). */
  signInAgain(): Promise<void>;
}

/**
 * Makes the users of a test file, each `${prefix}_${key}` named `${name} ${key}` with `password`,
 * and signs them in, with the administrator.
 */
export async function signUpPeople(
  t: TestApp,
  people: readonly Person[],
  options: { prefix: string; name: string; password: string },
): Promise<People> {
  const { prefix, name, password } = options;
  for (const [key, departmentId, role] of people)
    await createUser(t.db, {
      account: `${prefix}_${key}`,
      name: `${name} ${key}`,
      password,
      departmentId,
      roleCodes: [role],
    });
  const tokens: Record<string, string> = {};
  const signInAgain = async () => {
    for (const [key] of people) tokens[key] = (await login(t.app, `${prefix}_${key}`, password)).accessToken;
    tokens['admin'] = (await login(t.app, 'admin', ADMIN_PASSWORD)).accessToken;
  };
  await signInAgain();
  return { tokens, signInAgain };
}
