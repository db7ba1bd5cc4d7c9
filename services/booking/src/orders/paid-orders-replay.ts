import type { EventBus } from '@cine/service-kit';
import { orderPaidEvent, orderRefundedEvent } from './order-events';
import type { OrdersRepository } from './orders-repository';

/** order.paid events published at once during a replay. */
const IN_FLIGHT = 100;

/**
 * The sales reports' recovery procedure: publishes order.paid again, under new
 * event ids and marked `republished`, for every paid order (or those paid in a
 * period). Sales counts a sale once per order id, so a replay rebuilds a lost or
 * new sales database and changes nothing where the sales are already in; candy
 * (stock) and notification (receipt) skip republished orders. An interrupted
 * replay is simply run again. Each order's refunds follow it as order.refunded,
 * republished the same way (sales counts a refund once per refund id).
 */
export class PaidOrdersReplay {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly bus: EventBus,
  ) {}

  /** The number of orders published again. Throws when the bus refuses an event. */
  async replay({ from, to }: { from?: Date; to?: Date }): Promise<number> {
    let republished = 0;
    let inFlight: Promise<void>[] = [];
    for await (const order of this.orders.paidBetween(from, to)) {
      if (!order.paidAt) continue;
      const event = orderPaidEvent(order, order.paidAt);
      inFlight.push(this.bus.publish({ ...event, data: { ...event.data, republished: true } }));
      for (const refund of order.refunds ?? []) {
        const refunded = orderRefundedEvent(order, refund, refund.refundedAt ?? refund.requestedAt);
        inFlight.push(this.bus.publish({ ...refunded, data: { ...refunded.data, republished: true } }));
      }
      republished += 1;
      if (inFlight.length >= IN_FLIGHT) {
        await Promise.all(inFlight);
        inFlight = [];
      }
    }
    await Promise.all(inFlight);
    return republished;
  }
}
