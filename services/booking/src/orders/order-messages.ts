import type { OrderState } from './order-states';

/** The Spanish of an order's refusals and failures (order.ts decides when; ../refusal.ts says how they are answered). */
export const HOLD_EXPIRED = 'Tu reserva expiró. Vuelve a elegir tus entradas.';
export const NOTHING_HELD = 'No tienes entradas reservadas para esta función. Vuelve a elegir tus entradas.';
export const SEATS_CHANGED = 'Tus entradas reservadas cambiaron durante el pago. Revisa tu carrito y vuelve a pagar.';
export const SHOW_CHANGED =
  'La función cambió mientras pagabas (película, fecha, horario, sala, formato o precio). Revisa tu carrito y vuelve a pagar.';
export const TYPE_NOT_SOLD_ANY_MORE = 'La función dejó de vender el tipo de alguna de tus entradas. Vuelve a elegir tus entradas.';
export const SEATS_LOST = 'No pudimos confirmar tus asientos después del cobro. El cine se comunicará contigo para devolverte el dinero.';

export const STATE_NAMES: Record<OrderState, string> = {
  pending: 'pendiente',
  reserved: 'reservada',
  paid: 'pagada',
  declined: 'rechazada',
  expired: 'vencida',
  failed: 'fallida',
  unfulfilled: 'sin completar',
};

export function ticketCountMismatch(asked: number, held: number): string {
  return `Pediste pagar ${asked} ${asked === 1 ? 'entrada' : 'entradas'}, pero tu carrito tiene ${held} reservadas para esta función.`;
}
