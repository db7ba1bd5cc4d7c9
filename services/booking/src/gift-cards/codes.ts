import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { GIFT_CARD_CODE_ALPHABET, GIFT_CARD_CODE_LENGTH } from '@cine/contracts';

/**
 * A gift card's code: 16 characters of the contract's alphabet drawn with `crypto.randomInt` (31^16, about
 * 79 bits: unguessable, and the balance check is rate limited besides). The database keeps only its
 * SHA-256 (a card is found by the hash of the code typed) and its last four characters; the code itself
 * travels only in gift-card.issued, for the recipient's mail.
 */
export function newGiftCardCode(): string {
  let code = '';
  for (let i = 0; i < GIFT_CARD_CODE_LENGTH; i++) code += GIFT_CARD_CODE_ALPHABET[randomInt(GIFT_CARD_CODE_ALPHABET.length)];
  return code;
}

/** The hash a card is stored and looked up by (of the normalised code). */
export function giftCardCodeHash(code: string): string {
  return createHash('sha256').update(`gift-card:${code}`).digest('hex');
}

/** Whether the code typed is the card's, compared in constant time (on the hashes, of equal length). */
export function isCodeOf(card: { codeHash: string }, code: string): boolean {
  const typed = Buffer.from(giftCardCodeHash(code), 'hex');
  const stored = Buffer.from(card.codeHash, 'hex');
  return typed.length === stored.length && timingSafeEqual(typed, stored);
}
