import type { Connection } from 'mongoose';
import { connectDatabase } from '../database';
import { createEvent } from './event-bus';
import { InProcessEventBus } from './in-process-bus';
import { subscribeIdempotent } from './processed-events';

describe('the idempotent consumer’s inbox, in batches (real database)', () => {
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

  it('looks up and records a burst of events in one find and one insert, each handled once', async () => {
    const bus = new InProcessEventBus();
    const handled: string[] = [];
    await subscribeIdempotent(bus, db, 'test.burst', ['user.deleted'], async (event) => {
      handled.push(event.data.userId);
    });
    // A first event creates the collection, so the burst's commands are all that is counted.
    await bus.publish(createEvent('user.deleted', { userId: 'first', email: 'first@cine.local' }));
    commands.length = 0;

    const burst = Array.from({ length: 10 }, (_, index) => createEvent('user.deleted', { userId: `u${index}`, email: `u${index}@cine.local` }));
    await Promise.all(burst.map((event) => bus.publish(event)));

    expect(handled.sort()).toEqual(['first', ...burst.map((event) => event.data.userId)].sort());
    expect(inboxCommands()).toEqual(['find', 'insert']);

    // Redelivered, alone or in a burst with its own duplicate: not handled again.
    commands.length = 0;
    await Promise.all([bus.publish(burst[0]!), bus.publish(burst[0]!), bus.publish(burst[1]!)]);
    expect(handled).toHaveLength(11);
    expect(inboxCommands()).toEqual(['find']);
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
});
