import type { GiftCardIssueRequest, GiftCardLedgerEntry, GiftCardPage, GiftCardView, GiftCardVoidRequest } from '@cine/contracts';
import { api } from '@cine/web-kit';

export type { GiftCardLedgerEntry, GiftCardPage, GiftCardView };

/** A card in the admin's calls is named by its id (what the search answers): its code stays out of every URL but the balance's. */
const cardPath = (id: string) => `/gift-cards/${encodeURIComponent(id)}`;

/** Issue 39: the cards whose code (whole or its last four) or recipient's e-mail matches `q`; every card, newest first, without it. */
export function searchGiftCards(token: string, q: string, page = 1): Promise<GiftCardPage> {
  const params = new URLSearchParams({ ...(q.trim() ? { q: q.trim() } : {}), page: String(page) });
  return api.get<GiftCardPage>(`/gift-cards?${params.toString()}`, { token });
}

/** A card given without payment (marked 'issued', with the reason); the recipient gets the mail with its code. */
export const issueGiftCard = (token: string, request: GiftCardIssueRequest) =>
  api.post<GiftCardView>('/gift-cards/issue', request, { token });

/** Voids what is left of a card, with the reason (kept in its ledger). */
export const voidGiftCard = (token: string, id: string, reason: string) =>
  api.post<GiftCardView>(`${cardPath(id)}/void`, { reason } satisfies GiftCardVoidRequest, { token });

/** A card's ledger, oldest first: each sale, issue, debit, release, refund and void with the balance after it. */
export const fetchGiftCardLedger = (token: string, id: string) => api.get<GiftCardLedgerEntry[]>(`${cardPath(id)}/ledger`, { token });
