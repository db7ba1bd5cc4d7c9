import {
  GiftCardBalance,
  GiftCardCodeText,
  GiftCardIssueRequest,
  GiftCardLedgerEntry,
  GiftCardPage,
  GiftCardPurchaseRequest,
  GiftCardPurchaseResponse,
  GiftCardRef,
  GiftCardSearchQuery,
  GiftCardView,
  GiftCardVoidRequest,
  MyGiftCard,
  ApiErrorBody,
} from '@cine/contracts';
import { BODY_ERRORS, bearerAuth, errors } from '@cine/service-kit';
import { Type } from '@sinclair/typebox';

const tags = ['gift-cards'];

export const purchase = {
  tags,
  security: bearerAuth,
  summary:
    'Buys a gift card by bank card for `recipientEmail` (signed in), through the checkout’s order moves: 201 the order and the card’s last four ' +
    'characters (its code goes only in the recipient’s mail); 400 an amount out of bounds; 402 a Spanish decline message and the provider’s code.',
  body: GiftCardPurchaseRequest,
  response: {
    201: GiftCardPurchaseResponse,
    ...errors(...BODY_ERRORS, 401),
    402: Type.Composite([ApiErrorBody, Type.Object({ code: Type.String() })]),
  },
};

export const mine = {
  tags,
  security: bearerAuth,
  summary: 'The gift cards the signed-in buyer bought, newest first (Mis compras), without their codes.',
  response: { 200: Type.Array(MyGiftCard), ...errors(401) },
};

export const balance = {
  tags,
  summary:
    'A card’s balance and expiry by its code (case, spaces and dashes ignored). A code of no card, a void or an expired card answer 404 alike; ' +
    'the gateway limits the checks per address and per account (429).',
  params: Type.Object({ code: GiftCardCodeText }, { additionalProperties: false }),
  response: { 200: GiftCardBalance, ...errors(400, 404) },
};

export const issue = {
  tags,
  security: bearerAuth,
  summary: 'Issues a card without payment (admin), marked as issued with its reason; the recipient gets its code by mail.',
  body: GiftCardIssueRequest,
  response: { 201: GiftCardView, ...errors(...BODY_ERRORS, 401, 403) },
};

const Ref = Type.Object({ code: GiftCardRef }, { additionalProperties: false });

export const voidCard = {
  tags,
  security: bearerAuth,
  summary: 'Voids a card (admin; `{code}` its id or its whole code): what is left of its balance goes (a `void` entry). 409 already void.',
  params: Ref,
  body: GiftCardVoidRequest,
  response: { 200: GiftCardView, ...errors(...BODY_ERRORS, 401, 403, 404, 409) },
};

export const search = {
  tags,
  security: bearerAuth,
  summary: 'The cards (admin), newest first: `q` a whole code, its last four characters or part of the recipient’s e-mail.',
  querystring: GiftCardSearchQuery,
  response: { 200: GiftCardPage, ...errors(400, 401, 403) },
};

export const ledger = {
  tags,
  security: bearerAuth,
  summary: 'A card’s ledger (admin; `{code}` its id or its whole code), oldest first: every credit and debit with the balance after it.',
  params: Ref,
  response: { 200: Type.Array(GiftCardLedgerEntry), ...errors(400, 401, 403, 404) },
};
