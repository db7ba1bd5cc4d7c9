import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export const RECOVERY_CODE_TTL_MS = 15 * 60 * 1000;
export const MAX_RECOVERY_ATTEMPTS = 5;

const HOUR_MS = 60 * 60_000;

/**
 * Limits of password recovery beyond each code's own 5 attempts, counted in
 * the shared counters (every instance together), so neither a new code nor
 * many client addresses buy more guesses:
 * - guesses at an account's code, whatever code is pending: 10 an hour (a
 *   six-digit code then takes years at even odds, not hours);
 * - code mails to one mailbox (lower-case, plus-part stripped): 5 a day;
 * - new codes for one account: one a minute.
 * A request over a mail limit is answered like any other (202) and mails
 * nothing; guesses over their limit are a 429, for unknown e-mails too.
 */
export const RECOVERY_LIMITS = {
  guessesPerAccount: { max: 10, windowMs: HOUR_MS },
  mailsPerMailbox: { max: 5, windowMs: 24 * HOUR_MS },
  codesPerAccount: { max: 1, windowMs: 60_000 },
} as const;

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
