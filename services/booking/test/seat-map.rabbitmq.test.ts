import type { SeatMapDelta, SeatMapView, ShowView } from '@cine/contracts';
import { createEvent, RabbitMqEventBus, type ServiceApp } from '@cine/service-kit';
import { createTestContext, EventStreamClient } from '@cine/service-kit/testing';
import type { AddressInfo } from 'node:net';
import { buildBookingApp } from '../src';
import { adminHeaders, newId, TEST_NOW, userHeaders } from './helpers';

const amqpUrl = process.env.AMQP_URL;
if (!amqpUrl) throw new Error('AMQP_URL must point at a RabbitMQ broker for these tests (see README, "Tests")');

jest.setTimeout(60_000);

/** Two booking instances on one database, each with its own connection to the broker, as in compose. */
describe('the live seat map across two booking instances over RabbitMQ', () => {
  let context: Awaited<ReturnType<typeof createTestContext>>;
  let first: ServiceApp;
  let other: ServiceApp;
  const buses: RabbitMqEventBus[] = [];
  const clock = () => new Date(TEST_NOW);

  beforeAll(async () => {
    context = await createTestContext('booking');
    buses.push(await RabbitMqEventBus.connect(amqpUrl as string), await RabbitMqEventBus.connect(amqpUrl as string));
    const settings = { clock, seedShows: false, holdLimits: { perAddress: 1_000_000 } };
    first = await buildBookingApp({ ...context, bus: buses[0] as RabbitMqEventBus, ...settings });
    other = await buildBookingApp({ ...context, bus: buses[1] as RabbitMqEventBus, ...settings });
    await other.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await other.close();
    await first.close();
    await Promise.all(buses.map((bus) => bus.close()));
    await context.dropDatabase();
  });

  /** A show of a new movie, once booking's movie projection (a durable consumer) has taken the movie. */
  async function newShow() {
    const movie = createEvent('movie.created', { movieId: newId(), title: 'Butacas', runtime: 100, type: '2D', release: '2026-03-01' });
    await (buses[0] as RabbitMqEventBus).publish(movie);
    for (let tries = 0; ; tries++) {
      const created = await first.inject({
        method: 'POST',
        url: '/show',
        headers: adminHeaders(first),
        payload: { data: { movieId: movie.data.movieId, roomId: 4, day: '2026-04-20', schedule: '20:00', type: '2D' } },
      });
      if (created.statusCode === 201) return created.json<ShowView>();
      if (tries > 50) throw new Error(`POST /show answered ${created.statusCode}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('a viewer connected through one instance sees within a second the seats held through the other', async () => {
    const show = await newShow();
    const stream = await EventStreamClient.open(
      `http://127.0.0.1:${(other.server.address() as AddressInfo).port}/show/${show.id}/seats/stream`,
    );
    try {
      const snapshot = JSON.parse((await stream.next()).data) as SeatMapView;
      expect(snapshot.layout.aisles).toEqual([3, 9]);
      const userId = newId();
      const heldAt = performance.now();
      const held = await first.inject({
        method: 'POST',
        url: '/tickets/addTickets',
        headers: userHeaders(first, userId),
        payload: { userId, seats: 2, showId: show.id, seatLabels: ['L1', 'L2'] },
      });
      expect(held.statusCode).toBe(200);
      const delta = await stream.next(1000);
      expect(JSON.parse(delta.data) as SeatMapDelta).toMatchObject({
        from: snapshot.version,
        version: snapshot.version + 1,
        seats: { L1: 'held', L2: 'held' },
      });
      expect(delta.receivedAt - heldAt).toBeLessThan(1000);
    } finally {
      stream.close();
    }
  });
});
