import {
  compareLabels,
  GENERAL_TICKET_TYPE,
  seatCategoryOf,
  seatLabel,
  type SeatLayout,
  type ShowPrice,
  type ShowView,
  type TicketRequest,
} from '@cine/contracts';

/** How many tickets of each type the buyer asked for, by type code. */
export type TypeCounts = Readonly<Record<string, number>>;

/** The types on sale at the show; a show without `prices` (older data) sells General alone at its price. */
export function pricesOnSale(show: Pick<ShowView, 'price' | 'prices'>): ShowPrice[] {
  if (show.prices && show.prices.length > 0) return show.prices;
  return [{ type: GENERAL_TICKET_TYPE, name: 'General', description: '', requiresId: false, price: show.price }];
}

/** One type code per ticket, in the order the show lists its types: {general: 2, menor: 1} → general, general, menor. */
export function ticketTypesOf(prices: readonly ShowPrice[], counts: TypeCounts): string[] {
  return prices.flatMap((price) => Array.from({ length: counts[price.type] ?? 0 }, () => price.type));
}

/** What the tickets chosen cost, before any seat's category adds to them. */
export function totalOf(prices: readonly ShowPrice[], counts: TypeCounts): number {
  return prices.reduce((sum, price) => sum + price.price * (counts[price.type] ?? 0), 0);
}

/** '2 General y 1 Menor (hasta 12 años)', in the order the show lists its types. */
export function typesSummary(prices: readonly ShowPrice[], counts: TypeCounts): string {
  const parts = prices.filter((price) => (counts[price.type] ?? 0) > 0).map((price) => `${counts[price.type]} ${price.name}`);
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} y ${parts[parts.length - 1] as string}`;
}

/** The types given to the chosen seats: the first type to the first seat in room order, and so on. */
function typeBySeat(types: readonly string[], seatLabels: readonly string[]): Map<string, string> {
  const seats = [...seatLabels].sort(compareLabels);
  return new Map(seats.flatMap((seat, index) => (types[index] === undefined ? [] : [[seat, types[index] as string] as const])));
}

/** addTickets' `tickets`: each chosen seat with its type, or the types alone when the seats are picked by the server. */
export function ticketRequests(types: readonly string[], seatLabels?: readonly string[]): TicketRequest[] {
  if (!seatLabels) return types.map((type) => ({ type }));
  return [...typeBySeat(types, seatLabels)].map(([seatLabel, type]) => ({ seatLabel, type }));
}

/**
 * A seat's price for a ticket of `type`: the type's price on the show plus the seat category's
 * surcharge. Undefined when it is not known: a type the show does not sell, or a seat of a category
 * whose surcharge the map did not say.
 */
function seatPrice(
  prices: readonly ShowPrice[],
  type: string,
  layout: SeatLayout,
  categorySurcharges: Readonly<Record<string, number>> | undefined,
  label: string,
): number | undefined {
  const price = prices.find((candidate) => candidate.type === type)?.price;
  if (price === undefined) return undefined;
  const category = seatCategoryOf(layout, label);
  if (category === 'standard') return price;
  if (!categorySurcharges) return undefined;
  return price + (categorySurcharges[category] ?? 0);
}

/**
 * The prices the seat map reads: a chosen seat at the price of the type it gets, any other seat at
 * the price of the first ticket's type; and the selection's price (undefined while one is unknown).
 */
export function seatPricing(
  prices: readonly ShowPrice[],
  types: readonly string[],
  chosen: readonly string[],
  layout: SeatLayout,
  categorySurcharges: Readonly<Record<string, number>> | undefined,
): { byLabel: Record<string, number>; selection: number | undefined } {
  const assigned = typeBySeat(types, chosen);
  const firstType = types[0] ?? prices[0]?.type ?? GENERAL_TICKET_TYPE;
  const byLabel: Record<string, number> = {};
  layout.rows.forEach((seats, row) => {
    for (let number = 1; number <= seats; number++) {
      const label = seatLabel(row, number);
      const price = seatPrice(prices, assigned.get(label) ?? firstType, layout, categorySurcharges, label);
      if (price !== undefined) byLabel[label] = price;
    }
  });
  let selection: number | undefined = 0;
  for (const label of chosen) selection = byLabel[label] === undefined || selection === undefined ? undefined : selection + byLabel[label];
  return { byLabel, selection };
}
