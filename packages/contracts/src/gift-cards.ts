/**
 * Gift cards (issue 39): bought online or issued by an admin, spent at checkout beside a bank card,
 * refunded back to where the money came from. Booking owns them (the checkout's state machine pays
 * for them and spends them, and a card's ledger and the order that spends it live in one database).
 * A card's balance is the sum of its ledger; its code travels only in the recipient's mail and the
 * balance check.
 */
import { Type, type Static } from '@sinclair/typebox';
import { GIFT_CARD_CODE_TYPED_PATTERN, GIFT_CARD_ENTRY_KINDS, GIFT_CARD_ORIGINS, GIFT_CARD_STATES, PAYMENT_KINDS } from './gift-card-rules';
import { Cents, ObjectIdText } from './primitives';

export const GiftCardCodeText = Type.String({
  pattern: GIFT_CARD_CODE_TYPED_PATTERN,
  description: "The card's code, e.g. '7KQ2-MX9P-4HTR-WN3C' (case, spaces and dashes ignored)",
});

/** POST /gift-cards body (signed in): a card bought by bank card for someone. */
export const GiftCardPurchaseRequest = Type.Object(
  {
    amount: Cents('Between the configured bounds'),
    recipientEmail: Type.String({ format: 'email', maxLength: 254 }),
    recipientName: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
    message: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
    paymentMethodId: Type.String({ minLength: 1, maxLength: 255, description: 'Stripe PaymentMethod id (offline: pm_card_visa…)' }),
  },
  { additionalProperties: false },
);
export type GiftCardPurchaseRequest = Static<typeof GiftCardPurchaseRequest>;

/** A card as its buyer and the back office see it without its code. */
export const GiftCardSummary = Type.Object({
  last4: Type.String(),
  amount: Cents('Its value when sold or issued'),
  expiresAt: Type.String({ description: 'ISO instant' }),
});
export type GiftCardSummary = Static<typeof GiftCardSummary>;

/** 201 answer of POST /gift-cards; a decline is a 402 as the checkout's. */
export const GiftCardPurchaseResponse = Type.Object({ orderId: Type.String(), giftCard: GiftCardSummary });
export type GiftCardPurchaseResponse = Static<typeof GiftCardPurchaseResponse>;

/** GET /gift-cards/{code}: a card that does not exist, is void or expired answers 404 alike. */
export const GiftCardBalance = Type.Object({
  balance: Cents(),
  currency: Type.String({ description: 'ISO 4217' }),
  expiresAt: Type.String({ description: 'ISO instant' }),
});
export type GiftCardBalance = Static<typeof GiftCardBalance>;

/** GET /gift-cards/mine: the cards the signed-in buyer bought (Mis compras), newest first. */
export const MyGiftCard = Type.Composite([
  GiftCardSummary,
  Type.Object({
    id: Type.String(),
    orderId: Type.String(),
    recipientEmail: Type.String(),
    recipientName: Type.Optional(Type.String()),
    boughtAt: Type.String({ description: 'ISO instant' }),
  }),
]);
export type MyGiftCard = Static<typeof MyGiftCard>;

/** POST /gift-cards/issue body (admin): a card given without payment. */
export const GiftCardIssueRequest = Type.Object(
  {
    amount: Type.Integer({ minimum: 1, maximum: 10_000_000, description: 'Cents' }),
    recipientEmail: Type.String({ format: 'email', maxLength: 254 }),
    recipientName: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
    reason: Type.String({ minLength: 1, maxLength: 300, description: 'Why it is given (kept, shown in the ledger)' }),
  },
  { additionalProperties: false },
);
export type GiftCardIssueRequest = Static<typeof GiftCardIssueRequest>;

/** A card in the back office (GET /gift-cards?q=, POST /gift-cards/issue's 201, void's 200). */
export const GiftCardView = Type.Composite([
  GiftCardSummary,
  Type.Object({
    id: Type.String(),
    balance: Cents(),
    currency: Type.String(),
    origin: Type.Union(
      GIFT_CARD_ORIGINS.map((origin) => Type.Literal(origin)),
      { description: "'sold': bought online; 'issued': given by an admin without payment" },
    ),
    state: Type.Union(GIFT_CARD_STATES.map((state) => Type.Literal(state))),
    recipientEmail: Type.String(),
    recipientName: Type.Optional(Type.String()),
    buyerId: Type.Optional(Type.String()),
    orderId: Type.Optional(Type.String({ description: 'The order that bought it' })),
    reason: Type.Optional(Type.String({ description: 'An issued card: why' })),
    createdAt: Type.String({ description: 'ISO instant' }),
    voidedAt: Type.Optional(Type.String({ description: 'ISO instant' })),
  }),
]);
export type GiftCardView = Static<typeof GiftCardView>;

/** GET /gift-cards query (admin): `q` is a whole code, its last four characters, or part of an e-mail. */
export const GiftCardSearchQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  },
  { additionalProperties: false },
);
export type GiftCardSearchQuery = Static<typeof GiftCardSearchQuery>;

export const GiftCardPage = Type.Object({
  items: Type.Array(GiftCardView),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
});
export type GiftCardPage = Static<typeof GiftCardPage>;

/** GET /gift-cards/{code}/ledger (admin), oldest first; the balance is the sum of `amount`. */
export const GiftCardLedgerEntry = Type.Object({
  kind: Type.Union(GIFT_CARD_ENTRY_KINDS.map((kind) => Type.Literal(kind))),
  amount: Type.Integer({ description: 'Cents: positive credits, negative debits' }),
  balance: Cents('The balance after it'),
  orderId: Type.Optional(Type.String()),
  reason: Type.Optional(Type.String()),
  by: Type.Optional(Type.String({ description: "The admin's user id (issue, void)" })),
  at: Type.String({ description: 'ISO instant' }),
});
export type GiftCardLedgerEntry = Static<typeof GiftCardLedgerEntry>;

/** `{code}` of the admin's void and ledger: the card's id (as the search answers it) or its whole code. */
export const GiftCardRef = Type.Union([ObjectIdText, GiftCardCodeText]);

/** POST /gift-cards/{code}/void body (admin). */
export const GiftCardVoidRequest = Type.Object({ reason: Type.String({ minLength: 1, maxLength: 300 }) }, { additionalProperties: false });
export type GiftCardVoidRequest = Static<typeof GiftCardVoidRequest>;

/** A part of an order's payment or of a refund (GET /orders/{id} `payments`, order events). */
export const PaymentPart = Type.Object({
  kind: Type.Union(PAYMENT_KINDS.map((kind) => Type.Literal(kind))),
  amount: Cents(),
  last4: Type.Optional(Type.String({ description: "A gift card's last four characters" })),
  points: Type.Optional(Type.Integer({ minimum: 0, description: "Issue 41: the points of a 'points' part" })),
});
export type PaymentPart = Static<typeof PaymentPart>;
