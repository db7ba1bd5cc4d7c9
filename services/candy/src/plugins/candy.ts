import { startOutboxRelay, subscribeTo, type EventBus, type OutboxRelay } from '@cine/service-kit';
import fp from 'fastify-plugin';
import type { Connection } from 'mongoose';
import { candyModel } from '../candy/candy-model';
import { CandyRepository } from '../candy/candy-repository';
import { CandyStand } from '../candy-stand';
import { subscriptions } from '../subscriptions';

declare module 'fastify' {
  interface FastifyInstance {
    candy: CandyStand;
    /** Publishes the items' outbox events; tests flush it to wait for them. */
    outboxRelay: OutboxRelay;
  }
}

export interface CandyPluginOptions {
  db: Connection;
  bus: EventBus;
}

export const candyPlugin = fp<CandyPluginOptions>(
  async (app, { db, bus }) => {
    const model = await candyModel(db);
    const relay = startOutboxRelay({ models: [model], bus, logger: app.log });
    app.addHook('onClose', () => relay.stop());
    app.decorate('outboxRelay', relay);

    const candy = new CandyStand(new CandyRepository(model), relay, app.log);
    app.decorate('candy', candy);

    await subscribeTo(
      bus,
      db,
      subscriptions.stock,
      async (event) => {
        if (event.type === 'order.paid') await candy.takeSoldStock(event.data);
        else await candy.giveBackRefundedStock(event.data);
      },
      {
        // Nothing to take or give back, so nothing to remember either: an order of seats alone costs no database command.
        // A replay for the sales reports: this order's candy left (or came back to) the stock when it happened.
        ignores: (event) => event.data.republished === true || event.data.candy.length === 0,
      },
    );
  },
  { name: 'candy' },
);
