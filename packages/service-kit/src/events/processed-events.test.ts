import type { Connection } from 'mongoose';
import { connectDatabase } from '../database';
import { createEvent } from './event-bus';
import { InProcessEventBus } from './in-process-bus';
import { PaidTickets } from './paid-tickets';
import { subscribeIdempotent } from './processed-events';
import { subscription } from './subscriptions';

describe('consumers that write in batches (real database)', () => {
  let db: Connection;
  const commands: Array<{ name: string; collection: unknown }> = [];

  beforeAll(async () => {
    db = await connectDatabase(process.env.MONGO_URL as string, `cine_inbox_${process.pid}`, { monitorCommands: true });
    db.getClient().on('commandStarted', ({ commandName, command }) => {
      commands.push({ name: commandName, collection: (command as Record<string, unknown>)[commandName] });
    });
  });
  afterAll(async () => {
    await db.dropDatabase();
    await db.close();
  });

  const inboxCommands = () => commands.filter((command) => command.collection === 'processed_events').map((command) => command.name);

  it('looks up each event of a burst by its id and records them all in one insert, each handled once', async () => {
    const bus = new InProcessEventBus();
    const handled: string[] = [];
    await subscribeIdempotent(bus, db, 'test.burst', ['user.deleted'], async (event) => {
      handled.push(event.data.userId);
    });
    // A first event creates the collection, so the burst's commands are all that is counted.
    await bus.publish(createEvent('user.deleted', { userId: 'first', email: 'first@cine.local' }));
    commands.length = 0;

    const burst = Array.from({ length: 10 }, (_, index) =>
      createEvent('user.deleted', { userId: `u${index}`, email: `u${index}@cine.local` }),
    );
    await Promise.all(burst.map((event) => bus.publish(event)));

    expect(handled.sort()).toEqual(['first', ...burst.map((event) => event.data.userId)].sort());
    // One read by `_id` each (an `$in` would read every recorded id on FerretDB), one write for all.
    expect(inboxCommands()).toEqual([...burst.map(() => 'find'), 'insert']);

    // Redelivered, alone or in a burst with its own duplicate: not handled again.
    commands.length = 0;
    await Promise.all([bus.publish(burst[0]!), bus.publish(burst[0]!), bus.publish(burst[1]!)]);
    expect(handled).toHaveLength(11);
    expect(inboxCommands()).toEqual(['find', 'find']);
  });

  it('fails only the delivery whose handler failed: the others are recorded, it is handled again', async () => {
    const bus = new InProcessEventBus();
    const calls = new Map<string, number>();
    await subscribeIdempotent(bus, db, 'test.partial', ['user.deleted'], async (event) => {
      const count = (calls.get(event.data.userId) ?? 0) + 1;
      calls.set(event.data.userId, count);
      if (event.data.userId === 'flaky' && count === 1) throw new Error('mail server down');
    });

    const events = ['a', 'flaky', 'b'].map((userId) => createEvent('user.deleted', { userId, email: `${userId}@cine.local` }));
    // The in-process bus retries a failed delivery: only 'flaky' runs twice.
    await Promise.all(events.map((event) => bus.publish(event)));
    expect(Object.fromEntries(calls)).toEqual({ a: 1, flaky: 2, b: 1 });
    await Promise.all(events.map((event) => bus.publish(event)));
    expect(Object.fromEntries(calls)).toEqual({ a: 1, flaky: 2, b: 1 });
    expect(bus.deadLetters).toEqual([]);
  });

  it('projects a burst of paid orders and refunds into paid tickets in one update command', async () => {
    const bus = new InProcessEventBus();
    const paidTickets = await PaidTickets.open(db);
    await paidTickets.subscribe(bus, subscription('test.paid-tickets', ['order.paid', 'order.refunded']));
    const paid = (orderId: string, seatLabels: string[]) =>
      createEvent('order.paid', {
        orderId,
        userId: 'buyer',
        movieId: 'movie',
        title: 'La Noche del Proyector',
        showId: 'show',
        date: '2999-11-24',
        schedule: '20:30',
        roomId: 3,
        type: '2D',
        seats: seatLabels.length,
        seatLabels,
        ticketTotal: 900 * seatLabels.length,
        candy: [],
        total: 900 * seatLabels.length,
        paidAt: new Date().toISOString(),
      });
    const first = paid('o1', ['A1', 'A2']);
    const { seats: _seats, ticketTotal: _ticketTotal, total: _total, ...order } = first.data;
    const refund = createEvent('order.refunded', {
      ...order,
      refundId: 'r1',
      seatLabels: ['A2'],
      ticketAmount: 900,
      amount: 900,
      reason: 'no puedo ir',
      by: 'buyer',
      refundedAt: new Date().toISOString(),
    });
    commands.length = 0;

    await Promise.all([first, paid('o2', ['B1']), paid('o3', ['C1', 'C2', 'C3']), refund, first].map((event) => bus.publish(event)));

    expect(commands.filter((command) => command.collection === 'paid_tickets').map((command) => command.name)).toEqual(['update']);
    expect(await paidTickets.upcoming({ userId: 'buyer' }, new Date())).toEqual({ orders: 3, tickets: 5 });
  });
});
