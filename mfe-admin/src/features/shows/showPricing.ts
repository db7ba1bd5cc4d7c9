import {
  selectPriceCard,
  showPrices,
  weekdayOf,
  type PriceCard,
  type ShowPrice,
  type ShowType,
  type Surcharges,
  type TicketType,
} from '@cine/contracts';

/** What the show dialogs read to tell the card and prices a show will get: booking's cards, types and surcharges. */
export interface PricingData {
  cards: PriceCard[];
  types: TicketType[];
  surcharges: Surcharges;
}

/** The card a show will sell at and the prices it makes, as booking decides them when saving. */
export interface PricingPreview {
  card: PriceCard;
  /** Chosen by the admin (`priceCardId`) rather than by the rules. */
  chosen: boolean;
  prices: ShowPrice[];
  formatSurcharge: number;
}

/**
 * The card a show of that date, time and format gets (the one named, else the highest priority
 * whose rules match: contracts' selectPriceCard) and its prices (showPrices, with the format's
 * surcharge); undefined while the show's date, time or format is missing or no card applies.
 */
export function previewPricing(
  data: PricingData,
  show: { date: string; time: string; format: string },
  priceCardId = '',
): PricingPreview | undefined {
  if (!show.date || !show.time || !show.format) return undefined;
  const format = show.format as ShowType;
  const named = priceCardId ? data.cards.find((card) => card.id === priceCardId) : undefined;
  const card = named ?? selectPriceCard(data.cards, { date: show.date, weekday: weekdayOf(show.date), time: show.time, format });
  if (!card) return undefined;
  const formatSurcharge = data.surcharges.formats[format] ?? 0;
  return { card, chosen: named !== undefined, prices: showPrices(card, data.types, formatSurcharge), formatSurcharge };
}
