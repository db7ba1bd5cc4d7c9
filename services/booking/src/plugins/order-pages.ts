import { subscribeTo, type EventBus } from '@cine/service-kit';
import fp from 'fastify-plugin';
import type { Connection } from 'mongoose';
import { Buyers } from '../buyers/buyers';
import { OrderPages } from '../orders/order-pages';
import { PaidOrderIndex } from '../orders/paid-order-index';
import { subscriptions } from '../subscriptions';

declare module 'fastify' {
  interface FastifyInstance {
    orderPages: OrderPages;
  }
}

export interface OrderPagesPluginOptions {
  db: Connection;
  bus: EventBus;
}

/** The back office's order search and order page, with the buyers' projection they read; needs the orders and the tickets. */
export const orderPagesPlugin = fp<OrderPagesPluginOptions>(
  async (app, { db, bus }) => {
    const buyers = new Buyers(db);
    await subscribeTo(bus, db, subscriptions.buyers, (event) => buyers.handle(event));
    const { tickets, orderViews, ordersRepository } = app;
    const index = new PaidOrderIndex(() => ordersRepository.paidBetween(undefined, undefined));
    // Subscribed before the index loads: an order paid meanwhile is in one or the other (or both: kept once).
    await bus.subscribe(subscriptions.orderSearch.consumer, subscriptions.orderSearch.events, (event) => index.handle(event), {
      everyInstance: true,
    });
    app.decorate(
      'orderPages',
      new OrderPages(ordersRepository, index, buyers, tickets, (order, lookAtTheDoor) => orderViews.view(order, lookAtTheDoor)),
    );
  },
  { name: 'order-pages', dependencies: ['checkout', 'tickets'] },
);
