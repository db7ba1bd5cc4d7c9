import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A buyer's admission to a presale's shows (issue 40): what GET /presales/{id}/me hands an admitted
 * buyer and every hold and checkout of the presale's shows must carry (presale-gate.ts checks it).
 * `base64url(JSON {p, u, l, n, e}) + '.' + base64url(HMAC-SHA256(secret, that first part))`, with the
 * secret PRESALE_ADMISSION_SECRET (service-kit's resolveSecret: the environment, else generated once
 * into DATA_DIR). The signature proves booking issued it; what it binds (presale, user, place, the
 * place's nonce, the session's end) is compared with the request and the place as stored.
 */
export interface AdmissionClaims {
  presaleId: string;
  userId: string;
  placeId: string;
  /** The place's nonce when issued: a token naming another one is a replay. */
  nonce: string;
  /** The admitted session's end (the place's expiresAt). */
  expiresAt: Date;
}

interface AdmissionPayload {
  p: string;
  u: string;
  l: string;
  n: string;
  e: number;
}

/** The environment variable of the admissions' secret, and its file in DATA_DIR when the environment has none. */
export const ADMISSION_SECRET_ENV = 'PRESALE_ADMISSION_SECRET';
export const ADMISSION_SECRET_FILE = 'presale-admission-secret';

/** Longest token read (the contract's PresaleAdmission caps it too). */
const MAX_TOKEN_LENGTH = 512;

function isPayload(value: unknown): value is AdmissionPayload {
  if (typeof value !== 'object' || value === null) return false;
  const { p, u, l, n, e } = value as Record<string, unknown>;
  return (
    typeof p === 'string' &&
    typeof u === 'string' &&
    typeof l === 'string' &&
    typeof n === 'string' &&
    typeof e === 'number' &&
    Number.isSafeInteger(e)
  );
}

export class AdmissionSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    if (secret.length < 16) throw new Error(`${ADMISSION_SECRET_ENV} must be at least 16 characters long`);
    this.key = Buffer.from(secret, 'utf8');
  }

  sign(claims: AdmissionClaims): string {
    const payload: AdmissionPayload = {
      p: claims.presaleId,
      u: claims.userId,
      l: claims.placeId,
      n: claims.nonce,
      e: claims.expiresAt.getTime(),
    };
    const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
    return `${body}.${this.mac(body).toString('base64url')}`;
  }

  /**
   * The claims of a token booking signed; undefined for anything else (malformed, another secret's,
   * any byte changed). Says nothing of whether they still hold: `admissionProblem` and the place do.
   */
  verify(token: string): AdmissionClaims | undefined {
    if (token.length > MAX_TOKEN_LENGTH) return undefined;
    const dot = token.indexOf('.');
    if (dot <= 0 || dot !== token.lastIndexOf('.')) return undefined;
    const body = token.slice(0, dot);
    // The signature's text itself, not its decoding (which skips characters outside base64url): one spelling per token.
    const given = Buffer.from(token.slice(dot + 1), 'utf8');
    const expected = Buffer.from(this.mac(body).toString('base64url'), 'utf8');
    // Compared in constant time (same length first: timingSafeEqual throws on different lengths).
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    if (!isPayload(payload)) return undefined;
    return { presaleId: payload.p, userId: payload.u, placeId: payload.l, nonce: payload.n, expiresAt: new Date(payload.e) };
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.key).update(body).digest();
  }
}

/** Why the claims do not admit this user to this presale now (null: they do, as far as the token can say). */
export function admissionProblem(
  claims: AdmissionClaims,
  expected: { presaleId: string; userId: string; now: Date },
): 'another-presale' | 'another-user' | 'expired' | null {
  if (claims.presaleId !== expected.presaleId) return 'another-presale';
  if (claims.userId !== expected.userId) return 'another-user';
  if (claims.expiresAt.getTime() <= expected.now.getTime()) return 'expired';
  return null;
}
