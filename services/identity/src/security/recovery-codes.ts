import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export const RECOVERY_CODE_TTL_MS = 15 * 60 * 1000;
export const MAX_RECOVERY_ATTEMPTS = 5;

/** A six-digit one-time code, sent by mail. */
export function newRecoveryCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * Codes are stored as an HMAC keyed with a server secret: a six-digit code
 * has too few values for a plain hash to hide it from someone reading the
 * database.
 */
export class RecoveryCodeHasher {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(`cine identity recovery codes:${secret}`).digest();
  }

  hash(userId: string, code: string): string {
    return createHmac('sha256', this.key).update(`${userId}:${code}`).digest('hex');
  }

  matches(storedHash: string, userId: string, code: string): boolean {
    const expected = Buffer.from(storedHash, 'hex');
    const actual = Buffer.from(this.hash(userId, code), 'hex');
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }
}
