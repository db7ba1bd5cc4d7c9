import { soldTicketsText } from '@cine/contracts';
import { refused } from '../refusal';

/** The Spanish messages of the shows' and seats' refusals (../refusal.ts says how they are answered). */

export const SHOW_NOT_FOUND = 'No existe la función.';
export const SHOW_STARTED = 'La función ya comenzó: ya no se venden entradas.';
export const MOVIE_WITHDRAWN = 'La película de esta función ya no está en cartelera: no se venden entradas.';
export const SHOW_CANCELLED = 'La función fue cancelada: no se venden entradas.';
/** The buyer's seats of the show are being paid (a hold, or the same checkout again, waits for it). */
export const PAYMENT_IN_PROGRESS = 'El pago ya está en proceso.';
export const SHOW_BUSY = 'La función está muy solicitada en este momento; intenta de nuevo.';
export const PAYING_SHOW_NOT_DELETABLE = 'No se puede borrar una función mientras se paga una compra de entradas.';

/** A show with sold tickets (409 with the counts): cancelling it refunds them, then it can be deleted. */
export function soldShowNotDeletable(orders: number, tickets: number): string {
  return `No se puede borrar la función: tiene ${soldTicketsText(orders, tickets)}. Cancélala primero (se reembolsa cada compra y se avisa a los compradores); después se puede borrar.`;
}

export function notEnoughSeats(left: number): string {
  return `No quedan suficientes asientos disponibles para esta función (${left === 1 ? 'queda 1' : `quedan ${left}`}).`;
}

/** 'F7', 'F7 y F8', 'F7, F8 y F9'. */
function listed(labels: readonly string[]): string {
  return labels.length === 1 ? (labels[0] as string) : `${labels.slice(0, -1).join(', ')} y ${labels[labels.length - 1] as string}`;
}

/** A hold naming seats others took meanwhile (409): which ones. */
export function seatsGone(labels: readonly string[]): string {
  return labels.length === 1
    ? `El asiento ${listed(labels)} ya no está disponible: elige otro.`
    : `Los asientos ${listed(labels)} ya no están disponibles: elige otros.`;
}

export function seatsNotInRoom(labels: readonly string[], roomId?: number): string {
  const where = roomId === undefined ? 'en esta sala' : `en la sala ${roomId}`;
  return labels.length === 1 ? `El asiento ${listed(labels)} no existe ${where}.` : `Los asientos ${listed(labels)} no existen ${where}.`;
}

export function duplicateSeats(labels: readonly string[]): string {
  return labels.length === 1 ? `El asiento ${listed(labels)} está repetido.` : `Los asientos ${listed(labels)} están repetidos.`;
}

export function wrongSeatCount(count: number, named: number): string {
  return `Elige ${count === 1 ? '1 asiento' : `${count} asientos`} para ${count === 1 ? 'tu entrada' : `tus ${count} entradas`}: enviaste ${named}.`;
}

export const showNotFound = () => refused('not-found', SHOW_NOT_FOUND);

/** A ticket type the show does not sell (400): unknown, inactive, or left out of the show's price card. */
export function ticketTypeNotSold(type: string): string {
  return `La función no vende entradas de tipo «${type}».`;
}

/** addTickets' `tickets` naming the seat on some entries only (400). */
export const SEAT_ON_EVERY_TICKET = 'Indica la butaca de cada entrada o de ninguna.';
/** addTickets with neither `seats` nor `tickets` (400). */
export const NO_TICKETS_ASKED = 'Indica cuántas entradas quieres (seats) o cuáles (tickets).';
/** addTickets with `seatLabels` and seats named in `tickets` as well (400). */
export const SEATS_NAMED_TWICE = 'Indica las butacas en seatLabels o en tickets, no en los dos.';
