import { defineCounter, defineGauge } from '@cine/service-kit';

/**
 * Booking's business metrics (docs/observability.md), each declared here once and counted where it
 * happens: a new one is one line here and one call at the point it records.
 */
export const holdsMade = defineCounter('cine_seat_holds_made_total', 'Seats a buyer started holding');
export const holdsReleased = defineCounter(
  'cine_seat_holds_released_total',
  'Held seats given back before their hold lapsed (released, replaced, cleared)',
);
export const holdsLapsed = defineCounter('cine_seat_holds_lapsed_total', 'Held seats whose hold had lapsed when the show was next written');
export const purchases = defineCounter('cine_purchases_total', 'Orders paid');
export const purchaseAmount = defineCounter(
  'cine_purchase_amount_cents_total',
  'Sum of the paid orders’ totals, in cents of the cinema’s currency',
);
export const paymentFailures = defineCounter('cine_payment_failures_total', 'Payments the provider refused, by its error code', ['code']);
export const seatMapStreamsOpen = defineGauge(
  'cine_seat_map_streams_open',
  'Seat map streams booking serves (through a gateway, one per show the gateway relays; its viewers: cine_gateway_seat_map_viewers)',
);
export const checkIns = defineCounter('cine_check_ins_total', 'Tickets admitted at the door, online or uploaded by an offline door', [
  'mode',
]);
export const refunds = defineCounter('cine_refunds_total', 'Refunds completed, by who asked (buyer, admin, show-cancelled)', ['by']);
export const refundAmount = defineCounter(
  'cine_refund_amount_cents_total',
  'Sum of the refunds’ amounts, in cents of the cinema’s currency',
);
