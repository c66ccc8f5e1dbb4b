import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema.ts';

/** Only the SHA-256 of a refresh token is stored; the token itself leaves with the response. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface IssuedRefreshToken {
  token: string;
  id: number;
  familyId: string;
  expiresAt: Date;
}

export async function issueRefreshToken(
  db: Db,
  input: { userId: number; familyId?: string; now: Date; ttlSeconds: number },
): Promise<IssuedRefreshToken> {
  const token = randomBytes(32).toString('base64url');
  const familyId = input.familyId ?? randomUUID();
  const expiresAt = new Date(input.now.getTime() + input.ttlSeconds * 1000);
  const [row] = await db
    .insert(refreshTokens)
    .values({ familyId, userId: input.userId, tokenHash: hashToken(token), expiresAt, createdAt: input.now })
    .returning({ id: refreshTokens.id });
  if (!row) throw new Error('refresh token insert returned nothing');
  return { token, id: row.id, familyId, expiresAt };
}

export async function findRefreshTokenForUpdate(db: Db, token: string) {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)))
    .for('update');
  return row;
}

export async function markRotated(db: Db, id: number, replacedBy: number, now: Date) {
  await db.update(refreshTokens).set({ rotatedAt: now, replacedBy }).where(eq(refreshTokens.id, id));
}

export async function revokeFamily(db: Db, familyId: string, now: Date, reason: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes every session of a user, or every one but `keepFamilyId`. */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  now: Date,
  reason: string,
  keepFamilyId?: string,
) {
  const conditions = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
  if (keepFamilyId) conditions.push(ne(refreshTokens.familyId, keepFamilyId));
  await db
    .update(refreshTokens)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(...conditions));
}
