import { ORDER_STATES, type OrderState, type RefundStep } from '@cine/contracts';

/**
 * The order's states (contracts' ORDER_STATES) and a refund's steps (REFUND_STEPS; `none`: no refund under way), with
 * every move allowed between them, in one place: order.ts decides each move, order-refund.ts each refund's.
 */
export { ORDER_STATES, type OrderState, type RefundStep };

/** Every move of an order, and why it is made. A state with no move is final. */
export const ORDER_MOVES = {
  pending: {
    reserved: 'its held seats are tagged with it until `reservedUntil` and its candy taken from stock',
    expired: 'the hold lapsed before its seats were reserved',
    failed: 'the show changed, was cancelled or withdrawn, the seats changed, or candy ran short (all given back)',
  },
  reserved: {
    paid: 'charged (the order id as idempotency key) and its seats sold: order.paid recorded',
    declined: 'the card was refused: seats back to the hold until its end, candy to stock',
    unfulfilled: 'charged, but its reservation lapsed while the service was down: refunded whole only',
  },
  paid: {},
  declined: {},
  expired: {},
  failed: {},
  unfulfilled: {},
} as const satisfies Record<OrderState, Partial<Record<OrderState, string>>>;

/** Every move of a refund of a paid (or unfulfilled) order; one refund under way at a time. */
export const REFUND_MOVES = {
  none: { requested: 'decided on the order as read (nothing refunded since): the order is locked for it' },
  requested: {
    'money-returned': 'the provider returned the money (key `refund:<id>`): its tickets were refused at the door first',
    none: 'abandoned: the provider refused, or a ticket was admitted meanwhile (tickets valid again, nothing returned)',
  },
  'money-returned': { none: 'done: seats on sale, candy to stock; it joins `refunds` with order.refunded' },
} as const satisfies Record<RefundStep | 'none', Partial<Record<RefundStep | 'none', string>>>;

/** The states an order still moves from: the checkout drives them, the sweep finishes them after a crash. */
export const IN_PROGRESS_STATES: readonly OrderState[] = ORDER_STATES.filter((state) => Object.keys(ORDER_MOVES[state]).length > 0);

export function canMove(from: OrderState, to: OrderState): boolean {
  return Object.hasOwn(ORDER_MOVES[from], to);
}

export function canMoveRefund(from: RefundStep | 'none', to: RefundStep | 'none'): boolean {
  return Object.hasOwn(REFUND_MOVES[from], to);
}
