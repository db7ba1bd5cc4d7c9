import { FIRST_CINEMA_ID, type CinemaSaved, type CinemaView, type ShowView } from '@cine/contracts';
import { createTestContext } from '@cine/service-kit/testing';
import { SEEDED_ROOM_LAYOUTS } from '../src/shows/rooms';
import { showDocument, startBooking } from './helpers';

/**
 * Issue 38: an installation from before the chain upgrades in place. Its configured cinema
 * (CINEMA_NAME, CINEMA_ADDRESS, CINEMA_HOURS, CINEMA_TIME_ZONE) becomes the first cinema with rooms
 * 1–5, and its shows keep working as that cinema's; the chain's other seeded cinemas are for fresh
 * databases only.
 */
describe('upgrading a database from before the chain', () => {
  const saved = { CINEMA_NAME: process.env.CINEMA_NAME, CINEMA_TIME_ZONE: process.env.CINEMA_TIME_ZONE };
  afterAll(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  it('makes the configured cinema the first one, owner of rooms 1–5 and of the shows stored before', async () => {
    process.env.CINEMA_NAME = 'Cine Lumière';
    process.env.CINEMA_TIME_ZONE = 'America/Montevideo';
    const context = await createTestContext('booking');
    // As the service left it before cinemas: rooms without cinema nor name, a show without cinema, a seed window long closed.
    await context.db.collection('rooms').insertMany([1, 2, 3, 4, 5].map((id) => ({ _id: id, layout: SEEDED_ROOM_LAYOUTS[id] })) as never);
    const old = showDocument({ startsAt: new Date('2026-07-01T23:00:00Z'), endsAt: new Date('2026-07-02T01:00:00Z') });
    await context.db.collection('shows').insertOne(old as never);
    await context.db
      .collection('seed_state')
      .insertOne({ _id: 'window', firstDay: '2025-01-01', openUntil: new Date('2025-01-01') } as never);
    const events: CinemaSaved[] = [];
    await context.bus.subscribe('test.cinema-saved', ['cinema.saved'], async (event) => {
      events.push(event);
    });

    const booking = await startBooking({ context, seedShows: true });
    try {
      const cinemas = (await booking.app.inject({ method: 'GET', url: '/cinemas' })).json<CinemaView[]>();
      expect(cinemas).toHaveLength(1);
      expect(cinemas[0]).toMatchObject({ id: FIRST_CINEMA_ID, slug: 'centro', name: 'Cine Lumière', timeZone: 'America/Montevideo' });
      expect(cinemas[0]?.rooms.map((room) => [room.id, room.name])).toEqual([1, 2, 3, 4, 5].map((id) => [id, `Sala ${id}`]));
      const rooms = await context.db.collection('rooms').find({ cinemaId: FIRST_CINEMA_ID }).toArray();
      expect(rooms).toHaveLength(5);

      const show = (await booking.app.inject({ method: 'GET', url: `/show/one/${old._id.toHexString()}` })).json<ShowView>();
      expect(show).toMatchObject({ roomId: 2, cinemaId: FIRST_CINEMA_ID, cinema: { name: 'Cine Lumière' } });

      await waitFor(() => events.length > 0);
      expect(events.map((event) => event.data.cinemaId)).toEqual([FIRST_CINEMA_ID]);
      expect(events[0]?.data).toMatchObject({ name: 'Cine Lumière', timeZone: 'America/Montevideo', rooms: expect.any(Array) });
      expect(events[0]?.data.rooms).toHaveLength(5);

      // A second start (or a second instance) stores nothing twice and announces nothing again.
      await booking.app.close();
      const again = await startBooking({ context, seedShows: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await again.app.inject({ method: 'GET', url: '/cinemas' })).json<CinemaView[]>()).toHaveLength(1);
      expect(events).toHaveLength(1);
      await again.app.close();
    } finally {
      await context.dropDatabase();
    }
  });
});

async function waitFor(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
