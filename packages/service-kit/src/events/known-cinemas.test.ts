import type { Connection } from 'mongoose';
import { connectDatabase } from '../database';
import { createEvent } from './event-bus';
import { InProcessEventBus } from './in-process-bus';
import { KnownCinemas } from './known-cinemas';
import { subscription } from './subscriptions';

const saved = (name: string, occurredAt: string) => ({
  ...createEvent('cinema.saved', {
    cinemaId: 'c1e000000000000000000002',
    slug: 'norte',
    name,
    city: 'Buenos Aires',
    address: 'Av. Maipú 2500, Olivos',
    hours: 'Todos los días',
    timeZone: 'America/Argentina/Buenos_Aires',
    rooms: [],
  }),
  occurredAt,
});

describe("the cinemas a service knows from booking's cinema.saved (real database)", () => {
  let db: Connection;
  let cinemas: KnownCinemas;
  const bus = new InProcessEventBus();

  beforeAll(async () => {
    db = await connectDatabase(process.env.MONGO_URL as string, `cine_known_cinemas_${process.pid}`);
    cinemas = KnownCinemas.open(db);
    await cinemas.subscribe(bus, subscription('test.cinemas', ['cinema.saved']));
  });
  afterAll(async () => {
    await db.dropDatabase();
    await db.close();
  });

  it('keeps the newest of each cinema: a redelivery or an older event arriving late changes nothing', async () => {
    expect(await cinemas.find('c1e000000000000000000002')).toBeNull();

    const renamed = saved('Cine Norte Olivos', '2026-11-20T10:00:00.000Z');
    await bus.publish(saved('Cine Norte', '2026-11-01T10:00:00.000Z'));
    await bus.publish(renamed);
    await bus.publish(renamed);
    await bus.publish(saved('Cine Norte (viejo)', '2026-10-01T10:00:00.000Z'));

    expect(await cinemas.find('c1e000000000000000000002')).toEqual({
      id: 'c1e000000000000000000002',
      slug: 'norte',
      name: 'Cine Norte Olivos',
      city: 'Buenos Aires',
      address: 'Av. Maipú 2500, Olivos',
      timeZone: 'America/Argentina/Buenos_Aires',
    });
    expect((await cinemas.all()).map((cinema) => cinema.id)).toEqual(['c1e000000000000000000002']);
  });
});
