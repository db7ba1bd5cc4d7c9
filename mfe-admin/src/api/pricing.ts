import type { PriceCard, PriceCardInput, Surcharges, TicketType, TicketTypeFields } from '@cine/contracts';
import { api } from '@cine/web-kit';

export type { PriceCard, PriceCardInput, Surcharges, TicketType, TicketTypeFields };

/** The seat categories a surcharge may apply to (standard costs nothing more), as Tarifas and the room map name them. */
export const SURCHARGE_CATEGORIES = ['premium', 'wheelchair', 'companion'] as const;
export type SurchargeCategory = (typeof SURCHARGE_CATEGORIES)[number];
export const CATEGORY_LABELS: Record<SurchargeCategory, string> = {
  premium: 'Butaca premium',
  wheelchair: 'Espacio para silla de ruedas',
  companion: 'Butaca de acompañante',
};

const typePath = (code: string) => `/pricing/ticket-types/${encodeURIComponent(code)}`;
const cardPath = (id: string) => `/pricing/cards/${encodeURIComponent(id)}`;

/** Every ticket type, the inactive ones too (an admin's answer). */
export const fetchTicketTypes = (token: string) => api.get<TicketType[]>('/pricing/ticket-types', { token });

export const createTicketType = (token: string, type: TicketType) => api.post<TicketType>('/pricing/ticket-types', type, { token });

export const updateTicketType = (token: string, code: string, fields: TicketTypeFields) =>
  api.put<TicketType>(typePath(code), fields, { token });

/** Refused (409, in Spanish) while a card, a show or an order uses the type: it can be deactivated instead. */
export const deleteTicketType = (token: string, code: string) => api.delete<unknown>(typePath(code), undefined, { token });

export const fetchPriceCards = (token: string) => api.get<PriceCard[]>('/pricing/cards', { token });

/** Refused (409) when a card of the same priority has overlapping rules; the message names it. */
export const createPriceCard = (token: string, card: PriceCardInput) => api.post<PriceCard>('/pricing/cards', card, { token });

export const updatePriceCard = (token: string, id: string, card: PriceCardInput) => api.put<PriceCard>(cardPath(id), card, { token });

/** Refused (409) while a show on sale uses the card. */
export const deletePriceCard = (token: string, id: string) => api.delete<unknown>(cardPath(id), undefined, { token });

export const fetchSurcharges = (token: string) => api.get<Surcharges>('/pricing/surcharges', { token });

export const saveSurcharges = (token: string, surcharges: Surcharges) => api.put<Surcharges>('/pricing/surcharges', surcharges, { token });
