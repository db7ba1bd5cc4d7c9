import {
  FIRST_CINEMA_ID,
  type CheckinAnswer,
  type CheckoutResponse,
  type RoomView,
  type SeatMapView,
  type ShowView,
  type TicketView,
} from '@cine/contracts';
import {
  adminHeaders,
  createCinema,
  createShow,
  newId,
  publishMovie,
  staffHeaders,
  startBooking,
  userHeaders,
  type BookingUnderTest,
} from './helpers';

/**
 * Issue 38: each cinema's days and times are its own. The first cinema is at UTC−3 (Buenos Aires), the
 * test cinema at UTC+1 (Madrid, in March); the tests stand where one cinema's day has turned and the
 * other's has not.
 */
describe('each cinema’s time zone', () => {
  let booking: BookingUnderTest;
  let madrid: string;
  let room: RoomView;
  let movieId: string;

  beforeEach(async () => {
    booking = await startBooking();
    const created = await createCinema(booking);
    madrid = created.cinema.id;
    room = created.rooms[0] as RoomView;
    ({ movieId } = await publishMovie(booking.context));
  });
  afterEach(() => booking.close());

  const atMadrid = (day: string, schedule: string) =>
    createShow(booking, { cinemaId: madrid, movieId, roomId: room.id, day, schedule, type: '2D' });

  it('resolves a weekday at each cinema from its own today', async () => {
    // 21:30 on Wednesday 11 March in Buenos Aires is 01:30 on Thursday 12 in Madrid.
    booking.clock.set('2026-03-12T00:30:00.000Z');
    const centro = await createShow(booking, { movieId, roomId: 1, day: 'Miércoles', schedule: '23:00', type: '2D' });
    const granVia = await atMadrid('Miércoles', '20:00');
    expect(centro).toMatchObject({ date: '2026-03-11', startsAt: '2026-03-12T02:00:00.000Z' });
    // Madrid's Wednesday is over: its next one is the 18th.
    expect(granVia).toMatchObject({ date: '2026-03-18', startsAt: '2026-03-18T19:00:00.000Z' });

    const ofDay = async (query: string) =>
      (await booking.app.inject({ method: 'GET', url: `/show/day?id=${movieId}&day=Mi%C3%A9rcoles${query}` }))
        .json<ShowView[]>()
        .map((show) => show.id);
    expect(await ofDay('')).toEqual([centro.id, granVia.id]);
    expect(await ofDay(`&cinemaId=${madrid}`)).toEqual([granVia.id]);
    expect(await ofDay(`&cinemaId=${FIRST_CINEMA_ID}`)).toEqual([centro.id]);
    // A show "today" at Madrid is on its date, the 12th, while Buenos Aires is still on the 11th.
    expect(await atMadrid('Jueves', '18:00')).toMatchObject({ date: '2026-03-12' });
    expect((await postPast('Jueves', '01:00')).json()).toMatchObject({ statusCode: 400 });
  });

  /** A show at Madrid already started by its clock (01:00 today there, 01:30 now). */
  function postPast(day: string, schedule: string) {
    return booking.app.inject({
      method: 'POST',
      url: '/show',
      headers: adminHeaders(booking.app),
      payload: { data: { cinemaId: madrid, movieId, roomId: room.id, day, schedule, type: '2D' } },
    });
  }

  it('lets a hold lapse across its midnight, and its cancellation deadline and door window follow its clock', async () => {
    // 00:30 on Friday 13 in Madrid: 23:30 UTC on Thursday 12.
    const show = await atMadrid('2026-03-13', '00:30');
    expect(show.startsAt).toBe('2026-03-12T23:30:00.000Z');

    // Bought at 22:00 in Madrid (21:00 UTC): buyers may cancel until two hours before the start instant.
    booking.clock.set('2026-03-12T21:00:00.000Z');
    const buyer = newId();
    const hold = (userId: string, seatLabels: string[]) =>
      booking.app.inject({
        method: 'POST',
        url: '/tickets/addTickets',
        headers: userHeaders(booking.app, userId),
        payload: { userId, showId: show.id, seats: seatLabels.length, seatLabels },
      });
    expect((await hold(buyer, ['B1'])).statusCode).toBe(200);
    const paid = await booking.app.inject({
      method: 'POST',
      url: '/movies/checkout',
      headers: userHeaders(booking.app, buyer),
      payload: { idUser: buyer, show: show.id, ticket: 1, paymentMethodId: 'pm_card_visa' },
    });
    expect(paid.statusCode).toBe(200);
    const { order } = paid.json<CheckoutResponse>();
    expect(order).toMatchObject({ date: '2026-03-13', schedule: '00:30', cancellableUntil: '2026-03-12T21:30:00.000Z' });

    // 23:55 in Madrid: a hold of 10 minutes lasts until 00:05 there, the show's day.
    booking.clock.set('2026-03-12T22:55:00.000Z');
    const late = newId();
    expect((await hold(late, ['A1'])).json()).toMatchObject({ heldUntil: '2026-03-12T23:05:00.000Z' });
    const seatA1 = async () =>
      (await booking.app.inject({ method: 'GET', url: `/show/${show.id}/seats` })).json<SeatMapView>().taken.A1 ?? 'free';
    booking.clock.set('2026-03-12T23:04:00.000Z');
    expect(await seatA1()).toBe('held');
    booking.clock.set('2026-03-12T23:06:00.000Z');
    expect(await seatA1()).toBe('free');

    let ticket: TicketView | undefined;
    const until = Date.now() + 5_000;
    while (!ticket && Date.now() < until) {
      [ticket] = (await booking.app.inject({ method: 'GET', url: '/tickets/mine', headers: userHeaders(booking.app, buyer) })).json<
        TicketView[]
      >();
      if (!ticket) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const staff = staffHeaders(booking.app, [madrid]);
    const scan = () =>
      booking.app.inject({ method: 'POST', url: '/checkin', headers: staff, payload: { code: ticket?.code, showId: show.id } });
    // 23:00 on the 12th in Madrid: the door opens at 23:30 there, the day before the show's date.
    booking.clock.set('2026-03-12T22:00:00.000Z');
    expect((await scan()).json<CheckinAnswer>()).toMatchObject({
      result: 'too_early',
      message: 'Demasiado pronto: la puerta de esta función abre a las 23:30 del 12/03/2026 (la función empieza a las 00:30).',
    });
    booking.clock.set('2026-03-12T22:45:00.000Z');
    expect((await scan()).json<CheckinAnswer>()).toMatchObject({ result: 'admitted' });
    expect((await scan()).json<CheckinAnswer>().message).toBe('Esta entrada ya se usó a las 23:45 del 12/03/2026.');
  });
});
