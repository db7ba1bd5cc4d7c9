import type { TicketKeySet, TicketTokenClaims } from '@cine/contracts';
import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet } from 'jose';

function ticketClaims(payload: Record<string, unknown>): TicketTokenClaims | null {
  const { jti, sid, seat, exp } = payload as Partial<TicketTokenClaims>;
  return typeof jti === 'string' && typeof sid === 'string' && typeof seat === 'string' && typeof exp === 'number'
    ? { jti, sid, seat, exp }
    : null;
}

/**
 * The claims of a ticket's token when its signature verifies with one of `keys` (Ed25519, by `kid`); null for
 * a forged, altered or malformed one. Its `exp` is not the door's deadline (a moved show keeps its tokens):
 * the show's door window is. Loaded as a chunk of its own (jose) when the door opens a show, so it is there
 * once the network drops.
 */
export async function verifiedTicketClaims(token: string, keys: TicketKeySet): Promise<TicketTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, createLocalJWKSet(keys as JSONWebKeySet), { algorithms: ['EdDSA'] });
    return ticketClaims(payload);
  } catch (error) {
    // jose checks `exp` only after the signature: an expired token's claims are genuine.
    return error instanceof errors.JWTExpired ? ticketClaims(error.payload) : null;
  }
}
