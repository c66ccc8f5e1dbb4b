import { eq } from 'drizzle-orm';
import type { ProfileBody } from '@postdeck/contract/notifications';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PrincipalCache } from '../../lib/principal-cache.ts';
import type { Principal } from '../../lib/principal.ts';
import { route, sessionOf } from '../../lib/route.ts';
import { type RequestMeta, requestMeta, writeAudit } from '../audit/audit.ts';

export const PROFILE_ACTION = 'user.profile.update';

/** The caller's own display name, avatar and introduction (profile page). */
export async function updateProfile(
  deps: { db: Db; clock: Clock; principals: PrincipalCache },
  principal: Principal,
  body: ProfileBody,
  meta: RequestMeta,
) {
  const changes = {
    name: body.name,
    ...(body.avatar === undefined ? {} : { avatar: body.avatar }),
    ...(body.introduction === undefined ? {} : { introduction: body.introduction }),
  };
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set(changes)
      .where(eq(users.id, principal.id))
      .returning({ name: users.name, avatar: users.avatar, introduction: users.introduction });
    if (!row) throw new Error('profile update matched no user');
    await writeAudit(tx, {
      ...meta,
      at: deps.clock.now(),
      action: PROFILE_ACTION,
      actorId: principal.id,
      actorAccount: principal.account,
      target: `user:${principal.id}`,
      detail: { fields: Object.keys(changes) },
    });
    return row;
  });
  // The top bar reads /control/user/info right after saving: it must not see the cached name.
  await deps.principals.invalidate(principal.id);
  return updated;
}

export function profileRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; principals: PrincipalCache },
) {
  route(app, 'profileUpdate', ({ body, request }) =>
    updateProfile(deps, sessionOf(request).principal, body, requestMeta(request)),
  );
}
