import { createHash, createHmac, createPrivateKey, createPublicKey, createSecretKey, type KeyObject } from 'node:crypto';
import { TICKET_CODE_ALPHABET, TICKET_CODE_LENGTH, type TicketKey, type TicketTokenClaims } from '@cine/contracts';
import { calculateJwkThumbprint, decodeProtectedHeader, errors, exportJWK, jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'EdDSA';
/** Characters of the key's JWK thumbprint kept as its `kid`: enough to tell keys apart, short for the QR. */
const KID_LENGTH = 8;

/** What a token says once its signature is checked: its claims, and whether it is past `exp`. */
export type TokenCheck = { valid: true; claims: TicketTokenClaims; expired: boolean } | { valid: false };

function isTicketClaims(payload: Record<string, unknown>): payload is Record<string, unknown> & TicketTokenClaims {
  return (
    typeof payload.jti === 'string' &&
    typeof payload.sid === 'string' &&
    typeof payload.seat === 'string' &&
    typeof payload.exp === 'number'
  );
}

/**
 * Signs and checks ticket tokens (Ed25519, compact JWS, `kid` in the header) with the key of
 * TICKET_SIGNING_KEY, and derives the tickets' short codes from it (HMAC), so a code cannot be
 * guessed from an order id.
 */
export class TicketSigner {
  private constructor(
    private readonly privateKey: KeyObject,
    private readonly publicKey: KeyObject,
    readonly publicJwk: TicketKey,
    /** The codes' HMAC key, made once: a Buffer key makes a KeyObject per HMAC (every ticket and order code). */
    private readonly codeSecret: KeyObject,
  ) {}

  static async fromPem(pem: string): Promise<TicketSigner> {
    const privateKey = createPrivateKey(pem);
    if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('TICKET_SIGNING_KEY must be an Ed25519 private key (PKCS #8 PEM)');
    const publicKey = createPublicKey(privateKey);
    const jwk = await exportJWK(publicKey);
    const kid = (await calculateJwkThumbprint(jwk)).slice(0, KID_LENGTH);
    const publicJwk: TicketKey = { kty: 'OKP', crv: 'Ed25519', x: String(jwk.x), kid, alg: ALGORITHM, use: 'sig' };
    const codeSecret = createHash('sha256')
      .update('ticket-codes:')
      .update(privateKey.export({ type: 'pkcs8', format: 'der' }))
      .digest();
    return new TicketSigner(privateKey, publicKey, publicJwk, createSecretKey(codeSecret));
  }

  sign(claims: TicketTokenClaims): Promise<string> {
    return new SignJWT({ sid: claims.sid, seat: claims.seat })
      .setProtectedHeader({ alg: ALGORITHM, kid: this.publicJwk.kid })
      .setJti(claims.jti)
      .setExpirationTime(claims.exp)
      .sign(this.privateKey);
  }

  /** Whether `token` was signed by this key and has ticket claims; expired ones are told apart (`at`: now). */
  async check(token: string, at: Date): Promise<TokenCheck> {
    try {
      // Another key's token is refused before any signature work.
      if (decodeProtectedHeader(token).kid !== this.publicJwk.kid) return { valid: false };
      const { payload } = await jwtVerify(token, this.publicKey, { algorithms: [ALGORITHM], currentDate: at });
      return isTicketClaims(payload) ? { valid: true, claims: payload, expired: false } : { valid: false };
    } catch (error) {
      // jose checks `exp` only after the signature: an expired token's claims are genuine.
      if (error instanceof errors.JWTExpired && isTicketClaims(error.payload)) return { valid: true, claims: error.payload, expired: true };
      return { valid: false };
    }
  }

  /** The `attempt`-th candidate code of a seat of an order (the next one is tried when a code is taken). */
  codeFor(orderId: string, seatLabel: string, attempt: number): string {
    return this.shortCode(`${orderId}:${seatLabel}:${attempt}`);
  }

  /** An order's candidate short code (attempt 0 first), in the tickets' alphabet and length, from the same secret. */
  orderCodeFor(orderId: string, attempt: number): string {
    return this.shortCode(`order:${orderId}:${attempt}`);
  }

  private shortCode(input: string): string {
    const digest = createHmac('sha256', this.codeSecret).update(input).digest();
    let code = '';
    for (let index = 0; index < TICKET_CODE_LENGTH; index += 1) code += TICKET_CODE_ALPHABET[digest[index]! % TICKET_CODE_ALPHABET.length];
    return code;
  }
}

/** A typed code as stored: capitals, without spaces or dashes. */
export function normalizeCode(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, '');
}
