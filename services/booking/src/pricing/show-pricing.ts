import { GENERAL_TICKET_TYPE, type PricedLine, type ShowPrice, type ShowPricing } from '@cine/contracts';
import type { ShowDocument } from '../shows/show-model';

/** The name of the one price of a show made before price cards: every seat a General ticket at `price`. */
export const SINGLE_PRICE_CARD = { id: 'precio-unico', name: 'Precio único' } as const;

/** The show's pricing as fixed for it; a show made before price cards sells General alone at its `price`. */
export function pricingOf(show: Pick<ShowDocument, 'pricing' | 'price' | 'type'>): ShowPricing {
  return (
    show.pricing ?? {
      card: { ...SINGLE_PRICE_CARD },
      types: [{ type: GENERAL_TICKET_TYPE, name: 'General', description: '', requiresId: false, base: show.price }],
      format: show.type,
      formatSurcharge: 0,
      categorySurcharges: {},
    }
  );
}

/** The types a show sells, each at its base price plus the format's surcharge (GET /show/one/{id} `prices`). */
export function showPriceList(pricing: ShowPricing): ShowPrice[] {
  return pricing.types.map(({ type, name, description, requiresId, base }) => ({
    type,
    name,
    description,
    requiresId,
    price: base + pricing.formatSurcharge,
  }));
}

/** The lines of an order made before priced lines: each seat a General ticket at the order's unit price. */
export function singlePriceLines(seatLabels: readonly string[], unitPrice: number): PricedLine[] {
  return seatLabels.map((seatLabel) => ({
    seatLabel,
    type: GENERAL_TICKET_TYPE,
    typeName: 'General',
    category: 'standard',
    base: unitPrice,
    surcharges: [],
    total: unitPrice,
  }));
}
