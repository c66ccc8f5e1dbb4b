import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../lib/clock.ts';

export interface AccessClaims {
  userId: number;
  /** The refresh-token family (one per sign-in) this access token belongs to. */
  familyId: string;
}

export type VerifyResult = AccessClaims | 'expired' | 'invalid';

/** Short-lived HS256 access JWTs; the clock is injected so tests can expire them. */
export function createAccessTokens(key: Uint8Array, ttlSeconds: number, clock: Clock) {
  return {
    ttlSeconds,
    async sign(claims: AccessClaims): Promise<string> {
      const issuedAt = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ sid: claims.familyId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    async verify(token: string): Promise<VerifyResult> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: clock.now(),
          requiredClaims: ['sub', 'exp', 'sid'],
        });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || typeof payload['sid'] !== 'string') return 'invalid';
        return { userId, familyId: payload['sid'] };
      } catch (error) {
        return error instanceof errors.JWTExpired ? 'expired' : 'invalid';
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
