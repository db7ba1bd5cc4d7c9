/**
 * Issue 38 across the services: a purchase at Cine Norte (a seeded cinema) reaches sales under that cinema,
 * which its seeded manager reads and no other cinema's; the receipt names the cinema and its address; the
 * billboard of the cinema lists the movies booking says play there (cinema.movies-changed).
 */
import { CINEMA_MESSAGES, FIRST_CINEMA_ID, SEEDED_CINEMA_IDS, type CinemaSalesRow, type MovieView, type ShowView } from '@cine/contracts';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD, DEFAULT_MANAGER_EMAIL, DEFAULT_MANAGER_PASSWORD } from '@cine/identity-service';
import { readOutbox } from '@cine/notification-service';
import path from 'node:path';
import { registerBuyer } from './testing/buyers';
import { startTestPlatform, type TestPlatform } from './testing/embedded-platform';
import { api, signIn } from './testing/gateway-api';

jest.setTimeout(5 * 60_000);

const NORTE = SEEDED_CINEMA_IDS[1];
let running: TestPlatform;
let gateway: string;

beforeAll(async () => {
  running = await startTestPlatform('chain');
  gateway = running.platform.gatewayUrl;
});

afterAll(async () => {
  await running?.stop();
});

/** Polls `read` until `done` holds of its answer (events travel between services), at most 20 s. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let waited = 0; ; waited += 100) {
    const value = await read();
    if (done(value) || waited >= 20_000) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a chain of cinemas, end to end', () => {
  it("a purchase at Cine Norte counts in its manager's sales, names the cinema in the receipt, and no other cinema's manager reads it", async () => {
    // Booking seeds the shows of a fresh installation while the platform opens: wait for Cine Norte's.
    const bookable = (candidate: ShowView) => candidate.seats > 0 && Date.parse(candidate.startsAt) > Date.now() + 30 * 60_000;
    const shows = await eventually(
      async () => (await api(gateway, 'GET', `/show/all?cinemaId=${NORTE}`)).json as ShowView[],
      (listed) => listed.some(bookable),
    );
    const show = shows.find(bookable);
    expect(show?.cinema.name).toBe('Cine Norte');
    const buyer = await registerBuyer(gateway);

    const held = await api(gateway, 'POST', '/tickets/addTickets', {
      token: buyer.token,
      body: { userId: buyer.id, seats: 1, showId: show!.id },
    });
    expect(held.status).toBe(200);
    const paid = await api(gateway, 'POST', '/movies/checkout', {
      token: buyer.token,
      body: { idUser: buyer.id, show: show!.id, ticket: 1, paymentMethodId: 'pm_card_visa' },
    });
    expect(paid.status).toBe(200);

    const manager = await signIn(gateway, DEFAULT_MANAGER_EMAIL, DEFAULT_MANAGER_PASSWORD);
    const norte = await eventually(
      async () => (await api(gateway, 'GET', '/sales/cinemas', { token: manager })).json as CinemaSalesRow[],
      (rows) => rows[0]?.tickets === 1,
    );
    expect(norte).toEqual([
      { cinemaId: NORTE, name: 'Cine Norte', tickets: 1, totalPrice: expect.any(Number), netPrice: expect.any(Number) },
    ]);
    expect(norte[0]!.totalPrice).toBeGreaterThan(0);
    const ofCentro = await api(gateway, 'GET', `/sales/cinemas?cinemaId=${FIRST_CINEMA_ID}`, { token: manager });
    expect(ofCentro).toEqual({ status: 403, json: { statusCode: 403, error: CINEMA_MESSAGES.notYourCinema } });

    // The admin compares the chain's cinemas, named as booking announced them.
    const admin = await signIn(gateway, DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD);
    const chain = (await api(gateway, 'GET', '/sales/cinemas', { token: admin })).json as CinemaSalesRow[];
    expect(chain.map((row) => row.cinemaId).sort()).toEqual([...SEEDED_CINEMA_IDS].sort());
    expect(chain.find((row) => row.cinemaId === NORTE)).toEqual(norte[0]);
    expect(chain.find((row) => row.cinemaId === SEEDED_CINEMA_IDS[2])).toMatchObject({ name: 'Cine Córdoba', tickets: 0 });

    const receipt = await eventually(
      async () =>
        (await readOutbox(path.join(running.dataDir, 'outbox'))).find(
          (mail) => mail.to === buyer.email && mail.subject.startsWith('Tu compra'),
        ),
      (mail) => mail !== undefined,
    );
    expect(receipt?.subject).toBe(`Tu compra en Cine Norte: ${show!.movie.Title}`);
    expect(receipt?.text).toContain('Cine: Cine Norte, Av. Maipú 2500, Olivos');
  });

  it('the billboard of a cinema lists the released movies with a show there, as booking announced them', async () => {
    const billboard = (await api(gateway, 'GET', '/movies/billboard')).json as MovieView[];
    // The catalog learns of the shows from booking's events: wait until it has heard of every movie playing there.
    const { ofNorte, playing } = await eventually(
      async () => ({
        ofNorte: (await api(gateway, 'GET', `/movies/billboard?cinemaId=${NORTE}`)).json as MovieView[],
        playing: new Set(((await api(gateway, 'GET', `/show/all?cinemaId=${NORTE}`)).json as ShowView[]).map((show) => show.movieId)),
      }),
      (seen) =>
        seen.ofNorte.length > 0 &&
        [...seen.playing].every((id) => seen.ofNorte.some((movie) => movie.id === id) || !billboard.some((movie) => movie.id === id)),
    );
    // Every released movie with a show to come there, in the billboard's order (a show running now may add one more).
    const ids = ofNorte.map((movie) => movie.id);
    expect(ids).toEqual(billboard.map((movie) => movie.id).filter((id) => ids.includes(id)));
    expect(ids).toEqual(expect.arrayContaining(billboard.filter((movie) => playing.has(movie.id)).map((movie) => movie.id)));
    expect(ids.length).toBeLessThan(billboard.length);
  });
});
