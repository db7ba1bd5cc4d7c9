import { startOutboxRelay, type EventBus, type OutboxRelay } from '@cine/service-kit';
import fp from 'fastify-plugin';
import { Types, type Connection } from 'mongoose';
import { Buyers } from '../buyers/buyers';
import { Club, type ClubMembers } from '../club/club';
import { ClubLedger, clubLedgerModel } from '../club/club-ledger';
import type { ClubSettings } from '../club/club-settings';
import { subscriptions } from '../subscriptions';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 41: Cine Club's members and points (the checkout spends them, refunds give them back). */
    club: Club;
    /** Publishes club.points-moved from the points ledger's entries. */
    clubOutbox: OutboxRelay;
    /** What the presales read of the club: which buyers' tier joins first (Oro), by `_id` (the club itself). */
    clubMembers: ClubMembers;
  }
}

export interface ClubPluginOptions {
  db: Connection;
  bus: EventBus;
  settings: ClubSettings;
  /** How often the relay looks through the ledger for events a crash left unpublished (default 10 minutes: it reads every entry). */
  relayLookEveryMs?: number;
}

/**
 * Cine Club's points (before the checkout, which spends them): the ledger and its outbox relay, the members, and the
 * consumer `booking.club` of booking's own order.paid and order.refunded, which earns and takes back points.
 */
export const clubPlugin = fp<ClubPluginOptions>(
  async (app, { db, bus, settings, relayLookEveryMs = 600_000 }) => {
    const model = clubLedgerModel(db);
    const relay = startOutboxRelay({ models: [model], bus, logger: app.log, intervalMs: relayLookEveryMs });
    const ledger = new ClubLedger(model, relay, settings.pointValueCents);
    await ledger.init();
    // The buyers' projection (fed by the order pages plugin's consumer): the admin's member search reads it.
    // A reversal counts the order's refunds before it (the checkout plugin's orders, registered after this one).
    const refundsOf = async (orderId: string) =>
      Types.ObjectId.isValid(orderId) ? (await app.ordersRepository.findById(new Types.ObjectId(orderId)))?.refunds : undefined;
    const club = new Club(db, ledger, settings, new Buyers(db), refundsOf);
    // No processed-event ids: every write of `earn` and `reverse` is once-only by itself (the ledger's keys, the visit by
    // its order), so a redelivered event changes nothing and a purchase costs no reads or writes of them.
    const { consumer, events } = subscriptions.club;
    await bus.subscribe(consumer, events, async (event) => {
      if (event.type === 'order.paid') await club.earn(event, app.clock());
      else await club.reverse(event, app.clock());
    });
    app.decorate('club', club);
    app.decorate('clubOutbox', relay);
    app.decorate('clubMembers', club);
    app.addHook('onClose', async () => relay.stop());
  },
  { name: 'club' },
);
