import { randomUUID } from 'node:crypto';
import { connectDatabase, InProcessEventBus } from '@cine/service-kit';
import { createTestContext } from '@cine/service-kit/testing';
import { startBooking, type BookingUnderTest } from './checkout-helpers';

/** A command the service sent its database: its name, collection, filter (a find's, an update's or a delete's first) and all of it as JSON. */
export interface SentCommand {
  name: string;
  collection: string;
  filter: unknown;
  text: string;
}

/**
 * The booking service on a database of its own whose every command is recorded (the driver's command
 * monitoring) in `commands`, which a test empties before what it counts: the round trips of a purchase, the
 * filters of a read.
 */
export async function startMonitoredBooking(): Promise<{ booking: BookingUnderTest; commands: SentCommand[] }> {
  const commands: SentCommand[] = [];
  const base = await createTestContext('booking');
  await base.db.close();
  const mongoUrl = process.env.MONGO_URL as string;
  const db = await connectDatabase(
    `${mongoUrl}${mongoUrl.includes('?') ? '&' : '/?'}monitorCommands=true`,
    `test_booking_${randomUUID().slice(0, 8)}`,
  );
  db.getClient().on('commandStarted', ({ commandName, command }) => {
    const body = command as Record<string, unknown>;
    const collection = body[commandName];
    const statements = (body.updates ?? body.deletes) as Array<{ q: unknown }> | undefined;
    commands.push({
      name: commandName,
      collection: typeof collection === 'string' ? collection : '',
      filter: body.filter ?? body.query ?? statements?.[0]?.q,
      text: JSON.stringify(body),
    });
  });
  const booking = await startBooking(
    {},
    { ...base, db, bus: new InProcessEventBus(), dropDatabase: () => db.dropDatabase().then(() => db.close()) },
  );
  return { booking, commands };
}
