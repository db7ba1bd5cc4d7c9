/**
 * The values every service and web app types the same way: money in cents, MongoDB ids as text,
 * and the states and origins of an order and its refunds. Each is declared here once; the views,
 * events and route schemas use these.
 */
import { Type, type Static, type TInteger } from '@sinclair/typebox';
import { OBJECT_ID_PATTERN } from './object-id';

/** An amount of money in integer cents, never negative (a refund is a positive amount returned). */
export function Cents(description?: string): TInteger {
  return Type.Integer({ minimum: 0, description: description === undefined ? 'Cents' : `${description}, in cents` });
}

export { isObjectIdText, OBJECT_ID_PATTERN } from './object-id';

/** The ObjectId as text of a route's schema. */
export const ObjectIdText = Type.String({ pattern: OBJECT_ID_PATTERN });

/**
 * An order's life in booking (the stored `state`):
 * pending → reserved → paid, or one of the other terminal states (declined, expired, failed,
 * unfulfilled). Booking's order model says what each means.
 */
export const ORDER_STATES = ['pending', 'reserved', 'paid', 'declined', 'expired', 'failed', 'unfulfilled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/**
 * A paid order as its buyer and the back office see it, by what its refunds gave back: nothing
 * ('paid'), some seats or candy ('partially_refunded'), or everything ('refunded').
 */
export const REFUND_STATES = ['paid', 'partially_refunded', 'refunded'] as const;
export type OrderRefundState = (typeof REFUND_STATES)[number];
export const OrderRefundState = Type.Union(
  REFUND_STATES.map((state) => Type.Literal(state)),
  { description: "'refunded' once every seat and candy line went back, 'partially_refunded' after some" },
);

/** The steps of a refund under way: the provider is asked ('requested'), then it returned the money. */
export const REFUND_STEPS = ['requested', 'money-returned'] as const;
export type RefundStep = (typeof REFUND_STEPS)[number];

/** Who refunded: 'buyer', the buyer's cancellation; 'admin', an admin's refund; 'show-cancelled', the show was cancelled. */
export const REFUND_ORIGINS = ['buyer', 'admin', 'show-cancelled'] as const;
export const RefundOrigin = Type.Union(REFUND_ORIGINS.map((origin) => Type.Literal(origin)));
export type RefundOrigin = Static<typeof RefundOrigin>;
