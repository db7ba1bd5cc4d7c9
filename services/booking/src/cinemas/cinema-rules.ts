import {
  capacityOfLayout,
  CINEMA_MESSAGES,
  isIanaTimeZone,
  layoutWidth,
  type CinemaChanges,
  type CinemaForm,
  type SeatLayout,
} from '@cine/contracts';
import { refuse, type Refusal } from '../refusal';

/*
 * The chain's rules of cinemas and rooms (issue 38), pure: the store (cinemas.ts) reads what they need
 * and writes what they allow. The messages are the contracts' (CINEMA_MESSAGES).
 */

/** A cinema as the rules see it. */
export interface CinemaFacts {
  id: string;
  slug: string;
}

/** A room as the rules see it. */
export interface RoomFacts {
  id: number;
  cinemaId: string;
  name: string;
}

/** A new cinema's or a change's refusal: a zone that isn't IANA (400), a slug another cinema uses (409). */
export function cinemaRefusal(form: CinemaForm | CinemaChanges, cinemas: readonly CinemaFacts[], self?: string): Refusal | undefined {
  if (form.timeZone !== undefined && !isIanaTimeZone(form.timeZone)) return refuse('invalid', CINEMA_MESSAGES.invalidTimeZone);
  if (form.slug !== undefined && cinemas.some((cinema) => cinema.slug === form.slug && cinema.id !== self))
    return refuse('conflict', CINEMA_MESSAGES.slugTaken);
  return undefined;
}

/** Names compare without case, accents or extra spaces ('Sala 1' and ' sala  1' are one name). */
function sameRoomName(a: string, b: string): boolean {
  const plain = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase();
  return plain(a) === plain(b);
}

/** A room name already used by another room of the cinema (409). */
export function roomNameRefusal(cinemaId: string, name: string, rooms: readonly RoomFacts[], self?: number): Refusal | undefined {
  const taken = rooms.some((room) => room.cinemaId === cinemaId && room.id !== self && sameRoomName(room.name, name));
  return taken ? refuse('conflict', CINEMA_MESSAGES.roomNameTaken) : undefined;
}

/** A new room's id: one more than the highest of the chain (room ids are unique across the chain). */
export function nextRoomId(rooms: readonly Pick<RoomFacts, 'id'>[]): number {
  return rooms.reduce((max, room) => Math.max(max, room.id), 0) + 1;
}

/** Every seat label of a layout (rows A.. from the screen, seats 1.. from the left). */
export function seatLabelsOf(layout: Pick<SeatLayout, 'rows'>): Set<string> {
  const labels = new Set<string>();
  layout.rows.forEach((seats, index) => {
    const row = String.fromCharCode(65 + index);
    for (let number = 1; number <= seats; number++) labels.add(`${row}${number}`);
  });
  return labels;
}

/**
 * A layout that seats nobody, whose aisles are not between two columns of its widest row (or repeat one), or whose
 * wheelchair spaces, categories or companions name seats it doesn't have (400).
 */
export function layoutProblem(layout: SeatLayout): string | undefined {
  const labels = seatLabelsOf(layout);
  if (capacityOfLayout(layout) === 0 || labels.size === 0) return LAYOUT_WITHOUT_SEATS;
  const width = layoutWidth(layout);
  if (layout.aisles.some((aisle) => aisle < 1 || aisle >= width) || new Set(layout.aisles).size !== layout.aisles.length) {
    return layoutBadAisles(width);
  }
  const named = [...layout.wheelchair, ...Object.keys(layout.categories ?? {}), ...Object.entries(layout.companions ?? {}).flat()].filter(
    (label) => !labels.has(label),
  );
  if (named.length > 0) return layoutUnknownSeats([...new Set(named)]);
  return undefined;
}

const LAYOUT_WITHOUT_SEATS = 'La sala debe tener al menos una butaca.';

function layoutBadAisles(width: number): string {
  return width < 2
    ? 'Una sala de una sola columna no tiene pasillos.'
    : `Cada pasillo va después de una columna de la fila más ancha (de la 1 a la ${width - 1}), una sola vez.`;
}

function layoutUnknownSeats(labels: readonly string[]): string {
  return `El plano nombra butacas que no tiene: ${labels.join(', ')}.`;
}

/** A seat sold (or being paid) in a show on sale of the room. */
export interface TakenSeatOnSale {
  label: string;
  date: string;
  schedule: string;
}

/**
 * The seats a new layout would take away from the room's shows on sale while they are sold or being
 * paid: each named once with the first show it is taken in. Empty: the layout may change.
 */
export function seatsLost(layout: Pick<SeatLayout, 'rows'>, taken: readonly TakenSeatOnSale[]): TakenSeatOnSale[] {
  const labels = seatLabelsOf(layout);
  const lost = new Map<string, TakenSeatOnSale>();
  for (const seat of taken) if (!labels.has(seat.label) && !lost.has(seat.label)) lost.set(seat.label, seat);
  return [...lost.values()].sort((a, b) => a.label.localeCompare(b.label, 'es', { numeric: true }));
}

/** 409 of a layout that loses sold seats: they are named, with a show of each. */
export function soldSeatsLostMessage(lost: readonly TakenSeatOnSale[]): string {
  const seats = lost.map((seat) => `${seat.label} (función del ${seat.date} ${seat.schedule})`).join(', ');
  return `El nuevo plano quita butacas vendidas en funciones a la venta: ${seats}. Cancela o mueve esas entradas antes de cambiarlo.`;
}
