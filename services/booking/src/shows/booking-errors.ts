/**
 * A refusal the API answers as `{statusCode, error}` with this Spanish
 * message (the kit's error handler keeps the message of errors carrying a
 * statusCode).
 */
export class BookingError extends Error {
  constructor(
    readonly statusCode: 400 | 404 | 409 | 503,
    message: string,
  ) {
    super(message);
    this.name = 'BookingError';
  }
}

export const SHOW_NOT_FOUND = 'No existe la función.';
export const SHOW_STARTED = 'La función ya comenzó: ya no se venden entradas.';
export const MOVIE_WITHDRAWN = 'La película de esta función ya no está en cartelera: no se venden entradas.';
export const PAYMENT_IN_PROGRESS = 'Hay un pago en curso con tus entradas de esta función; espera a que termine.';
export const SHOW_BUSY = 'La función está muy solicitada en este momento; intenta de nuevo.';
export const SOLD_SHOW_NOT_DELETABLE = 'No se puede borrar una función con entradas vendidas.';
export const PAYING_SHOW_NOT_DELETABLE = 'No se puede borrar una función mientras se paga una compra de entradas.';

export function notEnoughSeats(left: number): string {
  return `No quedan suficientes asientos disponibles para esta función (${left === 1 ? 'queda 1' : `quedan ${left}`}).`;
}

export const showNotFound = () => new BookingError(404, SHOW_NOT_FOUND);
