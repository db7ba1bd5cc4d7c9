import type { OrderHistoryEntry, OrderRefundState, RefundOrigin } from '@cine/contracts';

/** An order's state as the back office names it. */
export const ORDER_STATE_LABELS: Record<OrderRefundState, string> = {
  paid: 'Pagada',
  partially_refunded: 'Reembolsada en parte',
  refunded: 'Reembolsada',
};

/** A step of the order's history. */
export const HISTORY_LABELS: Record<OrderHistoryEntry['kind'], string> = {
  held: 'Butacas reservadas para el pago',
  paid: 'Pagada',
  refunded: 'Reembolsada',
  checked_in: 'Ingresó a la sala',
};

/** Who asked for a refund. */
export const REFUNDED_BY_LABELS: Record<RefundOrigin, string> = {
  buyer: 'cancelada por el comprador',
  admin: 'por un administrador',
  'show-cancelled': 'función cancelada',
};
