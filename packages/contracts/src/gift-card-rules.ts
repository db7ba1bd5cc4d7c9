/**
 * The gift cards' values and rules (issue 39) a web app and booking both use: the code's form, the
 * payment parts, the refund split and the Spanish messages. Apart from the schemas of gift-cards.ts so
 * that a web bundle importing them never carries TypeBox.
 */
/** The default bounds of a card bought online ($ 10,00 to $ 1.000,00); GIFT_CARD_MIN_CENTS / GIFT_CARD_MAX_CENTS change them. */
export const DEFAULT_GIFT_CARD_MIN_CENTS = 1_000;
export const DEFAULT_GIFT_CARD_MAX_CENTS = 100_000;
/** How long a card is valid from its sale or issue (GIFT_CARD_VALID_MONTHS). */
export const DEFAULT_GIFT_CARD_VALID_MONTHS = 12;

/** A code's 16 characters (no 0/O, 1/I/L), shown in groups of four: `7KQ2-MX9P-4HTR-WN3C`. */
export const GIFT_CARD_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const GIFT_CARD_CODE_LENGTH = 16;
/** A code as typed: its 16 characters with any spaces or dashes, any case. */
export const GIFT_CARD_CODE_TYPED_PATTERN = '^[A-Za-z0-9 -]{16,24}$';

/** The code's 16 characters upper-case without separators, or null when it cannot be a code. */
export function normalizeGiftCardCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== GIFT_CARD_CODE_LENGTH) return null;
  for (const character of code) if (!GIFT_CARD_CODE_ALPHABET.includes(character)) return null;
  return code;
}

/** '7KQ2MX9P4HTRWN3C' → '7KQ2-MX9P-4HTR-WN3C'. */
export function groupGiftCardCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/** What logs and screens other than the mail may show of a code: its last four characters. */
export function giftCardLast4(code: string): string {
  return code.slice(-4);
}

export const GIFT_CARD_ORIGINS = ['sold', 'issued'] as const;
export const GIFT_CARD_STATES = ['active', 'spent', 'expired', 'void'] as const;

/**
 * The moves of a card's balance: 'sale' and 'issue' credit its value; 'debit' an order spends it;
 * 'release' an order that spent it ended unpaid (declined, lapsed); 'refund' a refund gave part back;
 * 'void' an admin voided what was left. Each is keyed by its order (and refund), never written twice.
 */
export const GIFT_CARD_ENTRY_KINDS = ['sale', 'issue', 'debit', 'release', 'refund', 'void'] as const;
export type GiftCardEntryKind = (typeof GIFT_CARD_ENTRY_KINDS)[number];

/**
 * A part of an order's payment or of a refund: by gift card, by bank card, (issue 41) by Cine Club points
 * (`points` of them) or covered by the Cine Pase (the General base of its ticket; refunded as the month's ticket back).
 */
export const PAYMENT_KINDS = ['gift_card', 'card', 'points', 'pass'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/**
 * How a refund of `amount` splits between the parts the order was paid with (issue 39: gift card and bank card;
 * issue 41: any parts, points among them): every part but the bank card gets its share in the order's proportion
 * rounded down to the cent, the bank card the rest; never more than a part has left to give back (what each part
 * of earlier refunds returned is `refunded`): what one part cannot take goes to the others, in their order.
 */
export function splitRefund<P extends { card: number }>(amount: number, paid: P, refunded: P): P {
  const keys = Object.keys(paid) as Array<keyof P & string>;
  const others = keys.filter((key) => key !== 'card');
  const zero = Object.fromEntries(keys.map((key) => [key, 0])) as unknown as P;
  const total = keys.reduce((sum, key) => sum + (paid[key] as number), 0);
  if (total === 0 || amount <= 0) return zero;
  const left = (key: keyof P & string) => (paid[key] as number) - ((refunded[key] as number | undefined) ?? 0);
  const split = { ...zero } as Record<string, number>;
  for (const key of others) split[key] = Math.max(0, Math.min(left(key), Math.floor((amount * (paid[key] as number)) / total)));
  const given = () => keys.reduce((sum, key) => sum + (split[key] ?? 0), 0);
  split.card = Math.max(0, Math.min(left('card' as keyof P & string), amount - given()));
  // What the bank card cannot take any more goes to the other parts, and the other way round.
  for (const key of [...others, 'card' as keyof P & string]) {
    split[key] = Math.max(0, Math.min(left(key), (split[key] ?? 0) + amount - given()));
  }
  return split as unknown as P;
}

export const GIFT_CARD_MESSAGES = {
  notFound: 'No encontramos una tarjeta regalo con ese código, o ya no tiene saldo.',
  badCode: 'El código de una tarjeta regalo tiene 16 letras y números.',
  tooManyTries: 'Demasiados intentos con tarjetas regalo. Espera unos minutos y vuelve a intentarlo.',
  empty: 'Esta tarjeta regalo ya no tiene saldo. Quítala o usa otra.',
  paymentMethodNeeded: 'El saldo de la tarjeta regalo no alcanza: elige también una tarjeta bancaria.',
  spentMeanwhile: 'El saldo de la tarjeta regalo cambió mientras pagabas. Revisa el pago y vuelve a intentarlo.',
  alreadyVoid: 'La tarjeta regalo ya está anulada.',
} as const;

export function giftCardAmountMessage(min: string, max: string): string {
  return `El monto de una tarjeta regalo va de ${min} a ${max}.`;
}
