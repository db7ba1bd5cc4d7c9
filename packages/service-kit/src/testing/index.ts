import { createHmac } from 'node:crypto';
import type { TokenClaims } from '@cine/contracts';
import type { FastifyInstance } from 'fastify';

export { createTestContext, TEST_JWT_SECRET } from './test-context';

/** A bearer header for the given claims, signed with the app's own JWT secret. */
export function bearer(app: FastifyInstance, claims: Partial<TokenClaims> & Pick<TokenClaims, 'sub'>): { authorization: string } {
  const token = app.jwt.sign({ role: 'user', ver: 0, ...claims });
  return { authorization: `Bearer ${token}` };
}
export { describeServiceApp } from './service-app';

/**
 * A JWT as an attacker could build it: any header (another `alg`, `none`, a
 * missing one), claims with a lifetime, signed with HMAC-SHA256 over `secret`
 * (the real one, to try algorithm confusion) or with no signature at all.
 */
export function forgedToken(
  claims: Record<string, unknown>,
  {
    header = { alg: 'HS256', typ: 'JWT' },
    secret,
    expiresInSeconds = 3600,
  }: { header?: Record<string, unknown>; secret?: string; expiresInSeconds?: number } = {},
): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${encode(header)}.${encode({ iat: now, exp: now + expiresInSeconds, ...claims })}`;
  return `${unsigned}.${secret === undefined ? '' : createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** Headers of tokens that name an algorithm other than HS256: each must get 401, never 500. */
export const OTHER_ALGORITHM_HEADERS: readonly Record<string, unknown>[] = [
  { alg: 'RS256', typ: 'JWT' },
  { alg: 'ES256', typ: 'JWT' },
  { alg: 'PS256', typ: 'JWT' },
  { alg: 'EdDSA', typ: 'JWT' },
  { alg: 'HS512', typ: 'JWT' },
  { alg: 'XYZ', typ: 'JWT' },
  { alg: '', typ: 'JWT' },
  { alg: 'none', typ: 'JWT' },
  { typ: 'JWT' },
];
export { EventStreamClient, type ServerSentEvent } from './server-sent-events';
