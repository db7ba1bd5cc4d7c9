import { startOutboxRelay, subscribeTo, type EventBus, type OutboxRelay, type WithOutbox } from '@cine/service-kit';
import fp from 'fastify-plugin';
import { Types, type Connection, type Model } from 'mongoose';
import { movedShowOf, ShowMoves } from '../orders/show-moves';
import { showModel, type ShowDocument } from '../shows/show-model';
import { subscriptions } from '../subscriptions';
import { Door } from '../tickets/door';
import type { DoorWindowSettings } from '../tickets/door-rules';
import { PendingAnnouncements } from '../tickets/pending-announcements';
import { ticketModel } from '../tickets/ticket-model';
import { TicketShows } from '../tickets/ticket-shows';
import type { TicketSigner } from '../tickets/ticket-signer';
import { Tickets } from '../tickets/tickets';

declare module 'fastify' {
  interface FastifyInstance {
    tickets: Tickets;
    door: Door;
    ticketSigner: TicketSigner;
    /** Publishes ticket.checked_in from the tickets' outbox; tests flush it to wait for the events. */
    ticketsOutbox: OutboxRelay;
    pendingAnnouncements: PendingAnnouncements;
    /** A show moved after its sale takes its orders along (and tells their buyers). */
    showMoves: ShowMoves;
  }
}

export interface TicketsPluginOptions {
  db: Connection;
  bus: EventBus;
  signer: TicketSigner;
  /** When a show's door admits (settings: DOOR_OPENS_MINUTES_BEFORE, DOOR_CLOSES_MINUTES_AFTER_END). */
  doorWindow: DoorWindowSettings;
  /** How often marks of unpublished ticket events are looked at, and how old they must be (default 30 s, 10 s). */
  sweep?: { everyMs: number; olderThanMs: number };
}

const DEFAULT_SWEEP = { everyMs: 30_000, olderThanMs: 10_000 };

/** Tickets of paid orders (issued from order.paid) and the door's check-in; needs the checkout plugin's orders. */
export const ticketsPlugin = fp<TicketsPluginOptions>(
  async (app, { db, bus, signer, doorWindow, sweep = DEFAULT_SWEEP }) => {
    const model = await ticketModel(db);
    const showsModel = await showModel(db);
    const shows = new TicketShows(showsModel, app.movieProjection, app.cinemas);
    const { ordersRepository, ordersOutbox } = app;
    let pending: PendingAnnouncements | undefined;
    // Tickets grow without end: the relay never looks through them (see PendingAnnouncements).
    const relay = startOutboxRelay({
      // Tickets' ids are their codes (strings): the relay uses `_id` as it is given.
      models: [model as unknown as Model<WithOutbox>],
      bus,
      logger: app.log,
      scan: false,
      settled: async (ids) => pending?.settledTickets(ids.map(String)),
    });
    pending = new PendingAnnouncements(db, {
      order: { nudge: (id) => ordersOutbox.nudge(new Types.ObjectId(id)), hasPending: (id) => ordersRepository.hasPendingEvents(id) },
      ticket: {
        nudge: (code) => relay.nudge(code),
        hasPending: async (code) => ((await model.findById(code, { outbox: 1 }).lean())?.outbox.length ?? 0) > 0,
      },
    });
    const tickets = new Tickets(model, shows, signer, ordersRepository, ordersOutbox, pending, app.clock, doorWindow);
    await subscribeTo(bus, db, subscriptions.tickets, (event) => tickets.handle(event));

    app.decorate('tickets', tickets);
    app.decorate('door', new Door(model, shows, signer, relay, pending, doorWindow));
    app.decorate('ticketSigner', signer);
    app.decorate('ticketsOutbox', relay);
    app.decorate('pendingAnnouncements', pending);
    const showMoves = new ShowMoves(ordersRepository, ordersOutbox, pending, app.pendingShowMoves, async (showId) => {
      const show = await showsModel.findById(showId).lean<ShowDocument>();
      return show && !show.cancelled ? movedShowOf(show, showId) : null;
    });
    app.decorate('showMoves', showMoves);

    const announcements = pending;
    const sweepNow = async () => {
      const before = new Date(app.clock().getTime() - sweep.olderThanMs);
      await announcements.sweep(before);
      // Moves a stopped process marked but did not carry to their orders.
      await showMoves.finishPending(before, app.clock());
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await sweepNow();
      timer = setInterval(
        () => void sweepNow().catch((error: unknown) => app.log.error({ err: error }, 'ticket events sweep failed')),
        sweep.everyMs,
      );
      timer.unref();
    });
    app.addHook('preClose', async () => clearInterval(timer));
    app.addHook('onClose', async () => relay.stop());
  },
  { name: 'tickets', dependencies: ['checkout', 'shows'] },
);
