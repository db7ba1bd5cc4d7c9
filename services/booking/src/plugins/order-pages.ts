import { subscribeTo, type EventBus } from '@cine/service-kit';
import fp from 'fastify-plugin';
import type { Connection } from 'mongoose';
import { Buyers } from '../buyers/buyers';
import { OrderPages } from '../orders/order-pages';
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
    const { tickets, refunds } = app;
    app.decorate('orderPages', new OrderPages(app.ordersRepository, buyers, tickets, (order) => refunds.view(order)));
  },
  { name: 'order-pages', dependencies: ['checkout', 'tickets'] },
);
