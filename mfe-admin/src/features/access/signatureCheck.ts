import type { TicketKeySet, TicketTokenClaims } from '@cine/contracts';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';

/**
 * The claims of a ticket's token when its signature verifies with one of `keys` (Ed25519, by `kid`) and it
 * has not expired at `now`; null for a forged, altered, expired or malformed one. Loaded as a chunk of its
 * own (jose) when the door opens a show, so it is there once the network drops.
 */
export async function verifiedTicketClaims(token: string, keys: TicketKeySet, now: Date): Promise<TicketTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, createLocalJWKSet(keys as JSONWebKeySet), { algorithms: ['EdDSA'], currentDate: now });
    const { jti, sid, seat, exp } = payload as Partial<TicketTokenClaims>;
    return typeof jti === 'string' && typeof sid === 'string' && typeof seat === 'string' && typeof exp === 'number'
      ? { jti, sid, seat, exp }
      : null;
  } catch {
    return null;
  }
}
