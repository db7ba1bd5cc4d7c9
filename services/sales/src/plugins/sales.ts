import type { OrderPaid, OrderRefunded } from '@cine/contracts';
import { batched, subscribeTo, type EventBus } from '@cine/service-kit';
import fp from 'fastify-plugin';
import type { Connection } from 'mongoose';
import { ClubProjection } from '../sales/club-projection';
import { NamesProjection } from '../sales/names-projection';
import { SalesLedger } from '../sales/sales-ledger';
import { SalesReports } from '../sales/sales-reports';
import { openSalesStore } from '../sales/sales-store';
import { subscriptions } from '../subscriptions';

declare module 'fastify' {
  interface FastifyInstance {
    salesReports: SalesReports;
    /** What "now" is for the reports' current month (tests move it). */
    clock: () => Date;
  }
}

export interface SalesPluginOptions {
  db: Connection;
  bus: EventBus;
  clock: () => Date;
}

/** Orders and refunds written per batch, and the unacknowledged events RabbitMQ hands the consumer to fill it. */
const ORDERS_PER_BATCH = 2000;

/**
 * The sales ledger fed by order.paid and order.refunded (consumer 'sales.orders', in batches), and by the gift-card
 * events ('sales.gift-cards') and the club's ('sales.club'), and the reports read from it.
 */
export const salesPlugin = fp<SalesPluginOptions>(
  async (app, { db, bus, clock }) => {
    const store = await openSalesStore(db);
    const ledger = new SalesLedger(store);
    // Idempotent per order id (SalesLedger), so no event ids are remembered: a plain subscription, in batches.
    // Sales first, so a batch holding an order and its refund counts both at once (either order is right).
    const recordPaidOrders = batched<OrderPaid | OrderRefunded>(
      async (events) => {
        await ledger.record(events.flatMap((event) => (event.type === 'order.paid' ? [event.data] : [])));
        await ledger.recordRefunds(events.flatMap((event) => (event.type === 'order.refunded' ? [event.data] : [])));
      },
      { maxBatch: ORDERS_PER_BATCH },
    );
    await bus.subscribe(subscriptions.orders.consumer, subscriptions.orders.events, recordPaidOrders, { prefetch: ORDERS_PER_BATCH });
    // Issue 39: keyed by card and kind (SalesLedger.recordGiftCards), so a redelivery changes nothing.
    await subscribeTo(bus, db, subscriptions.giftCards, (event) => ledger.recordGiftCards([event]));
    // Issue 41: keyed by each event's key (ClubProjection), so a redelivery or a replay changes nothing.
    const club = new ClubProjection(store);
    await subscribeTo(bus, db, subscriptions.club, (event) => club.record([event]));
    const names = new NamesProjection(store);
    await subscribeTo(bus, db, subscriptions.names, (event) => names.handle(event));

    app.decorate('salesReports', new SalesReports(store));
    app.decorate('clock', clock);
  },
  { name: 'sales' },
);
