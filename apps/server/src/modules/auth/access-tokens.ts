import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../lib/clock.ts';

export interface AccessClaims {
  userId: number;
  /** The refresh-token family (one per sign-in) this access token belongs to. */
  familyId: string;
}

export type VerifyResult = AccessClaims | 'expired' | 'invalid';

/**
 * Short-lived HS256 access JWTs; the clock is injected so tests can expire them. Verified
 * tokens are remembered until they expire, so a busy client costs one HMAC per token, not per
 * request; revocation is checked on the principal every time regardless.
 */
export function createAccessTokens(
  key: Uint8Array,
  ttlSeconds: number,
  clock: Clock,
  maxRemembered = 20_000,
) {
  const verified = new Map<string, AccessClaims & { expiresAt: number }>();
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
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > clock.now().getTime())
          return { userId: known.userId, familyId: known.familyId };
        verified.delete(token);
        return 'expired';
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: clock.now(),
          requiredClaims: ['sub', 'exp', 'sid'],
        });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || typeof payload['sid'] !== 'string') return 'invalid';
        const claims = { userId, familyId: payload['sid'] };
        if (verified.size >= maxRemembered) verified.delete(verified.keys().next().value as string);
        verified.set(token, { ...claims, expiresAt: (payload.exp as number) * 1000 });
        return claims;
      } catch (error) {
        return error instanceof errors.JWTExpired ? 'expired' : 'invalid';
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
