/**
 * The rules of ticket types, price cards and surcharges, apart from storage (issue 37): what the admin's
 * changes are refused for, and the pricing a show fixes for itself from the card that applies to it.
 */
import {
  GENERAL_TICKET_TYPE,
  rulesOverlap,
  selectPriceCard,
  type PriceCard,
  type PriceCardInput,
  type ShowPricing,
  type ShowSlot,
  type ShowType,
  type Surcharges,
  type TicketType,
} from '@cine/contracts';
import { refuse, type Refusal } from '../refusal';
import { weekdayOf } from '../shows/cinema-time';

export const TICKET_TYPE_NOT_FOUND = 'No existe el tipo de entrada.';
export const PRICE_CARD_NOT_FOUND = 'No existe la tarifa.';
export const GENERAL_NOT_DELETABLE =
  'El tipo de entrada General es el de las funciones y compras de precio único: no se puede eliminar, pero puedes desactivarlo.';
const TIMES_REVERSED = 'La hora «desde» de la tarifa debe ser anterior a su hora «hasta».';
const DATES_REVERSED = 'La fecha «hasta» de la tarifa no puede ser anterior a su fecha «desde».';

export function duplicateTicketType(code: string): string {
  return `Ya existe un tipo de entrada con el código «${code}».`;
}

function unknownTicketTypes(codes: readonly string[]): string {
  return codes.length === 1
    ? `La tarifa pone precio a un tipo de entrada que no existe: «${codes[0]}».`
    : `La tarifa pone precio a tipos de entrada que no existen: ${codes.map((code) => `«${code}»`).join(', ')}.`;
}

function overlappingCard(other: string, priority: number): string {
  return `La tarifa «${other}» tiene la misma prioridad (${priority}) y sus reglas se superponen con las de esta: cambia la prioridad o las reglas.`;
}

/** Where a type is used, for the refusal of its deletion. */
export type TicketTypeUse = { card: string } | { shows: number } | { orders: number };

function ticketTypeInUse(name: string, use: TicketTypeUse): string {
  const where =
    'card' in use
      ? `la tarifa «${use.card}» le pone precio`
      : 'shows' in use
        ? `figura en ${use.shows === 1 ? '1 función' : `${use.shows} funciones`}`
        : `figura en ${use.orders === 1 ? '1 compra' : `${use.orders} compras`}`;
  return `El tipo de entrada «${name}» no se puede eliminar: ${where}. Puedes desactivarlo para que no se venda más.`;
}

export function cardInUse(name: string, shows: number): string {
  return `La tarifa «${name}» no se puede eliminar: la usan ${shows === 1 ? '1 función a la venta' : `${shows} funciones a la venta`}. Asígnales otra tarifa primero.`;
}

/**
 * Why a card (new, or `id` changed) is refused among the others: prices of types that do not exist (400),
 * times or dates reversed (400), or another card of equal priority whose rules overlap (409, naming it).
 */
export function cardRefusal(
  input: PriceCardInput,
  others: readonly Pick<PriceCard, 'id' | 'name' | 'rules' | 'priority'>[],
  typeCodes: readonly string[],
  id?: string,
): Refusal | undefined {
  const unknown = Object.keys(input.prices).filter((code) => !typeCodes.includes(code));
  if (unknown.length > 0) return refuse('invalid', unknownTicketTypes(unknown));
  const { from, to, dates } = input.rules;
  if (from !== undefined && to !== undefined && from >= to) return refuse('invalid', TIMES_REVERSED);
  if (dates && dates.to < dates.from) return refuse('invalid', DATES_REVERSED);
  const clash = others.find((card) => card.id !== id && card.priority === input.priority && rulesOverlap(card.rules, input.rules));
  return clash ? refuse('conflict', overlappingCard(clash.name, clash.priority)) : undefined;
}

/** Why a type cannot be deleted (it can be deactivated instead), or undefined. */
export function typeDeletionRefusal(type: TicketType, use: TicketTypeUse | undefined): Refusal | undefined {
  if (type.code === GENERAL_TICKET_TYPE) return refuse('conflict', GENERAL_NOT_DELETABLE);
  return use ? refuse('conflict', ticketTypeInUse(type.name, use)) : undefined;
}

/** The slot a card's rules are matched against: the show's cinema day, its weekday, start and format. */
export function showSlotOf(show: { date: string; schedule: string; type: ShowType }): ShowSlot {
  return { date: show.date, weekday: weekdayOf(show.date), time: show.schedule, format: show.type };
}

/** The pricing a show of `format` fixes from the card: the active types it prices, with the format's and the categories' surcharges. */
export function showPricingOf(
  card: Pick<PriceCard, 'id' | 'name' | 'prices'>,
  types: readonly TicketType[],
  surcharges: Surcharges,
  format: string,
): ShowPricing {
  return {
    card: { id: card.id, name: card.name },
    types: types.flatMap((type) => {
      const base = card.prices[type.code];
      if (!type.active || base === undefined) return [];
      return [{ type: type.code, name: type.name, description: type.description, requiresId: type.requiresId, base }];
    }),
    format,
    formatSurcharge: surcharges.formats[format] ?? 0,
    categorySurcharges: { ...surcharges.categories },
  };
}

/** Everything a show's pricing is made of, read once (a bulk plan prices hundreds of shows from one read). */
export interface PricingCatalogue {
  cards: PriceCard[];
  types: TicketType[];
  surcharges: Surcharges;
}

/**
 * A new (or moved) show's pricing: the card named, else the card of highest priority its slot matches.
 * Undefined when no card applies (the show then sells one price). A card named that does not exist is refused.
 */
export function pricingForSlot(
  catalogue: PricingCatalogue,
  show: { date: string; schedule: string; type: ShowType },
  cardId?: string,
): ShowPricing | undefined | Refusal {
  const card = cardId === undefined ? selectPriceCard(catalogue.cards, showSlotOf(show)) : catalogue.cards.find((one) => one.id === cardId);
  if (!card) return cardId === undefined ? undefined : refuse('not-found', PRICE_CARD_NOT_FOUND);
  return showPricingOf(card, catalogue.types, catalogue.surcharges, show.type);
}
