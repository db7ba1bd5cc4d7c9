import { normalizeGiftCardCode, type GiftCardBalance, type GiftCardPurchaseRequest, type GiftCardPurchaseResponse } from '@cine/contracts';
import { api } from '@cine/web-kit';
import type { Caller } from '../../../types';

/**
 * Issue 39: buys a gift card for someone, paid by bank card through the checkout's state machine. 201 answers
 * the order and the card without its code (the code goes only to the recipient's mail); a decline is a 402.
 */
export const buyGiftCard = (caller: Caller, request: GiftCardPurchaseRequest) =>
  api.post<GiftCardPurchaseResponse>('/gift-cards', request, { token: caller.token });

/**
 * A card's balance and expiry (the one API path that carries a code). `code` as typed: it goes normalised (16
 * characters, no dashes); an unknown, void or expired card is a 404 alike, too many tries a 429.
 */
export const fetchGiftCardBalance = (code: string, caller?: Caller | null) =>
  api.get<GiftCardBalance>(`/gift-cards/${encodeURIComponent(normalizeGiftCardCode(code) ?? code)}`, { token: caller?.token ?? null });
