import {
  CINEMA_MESSAGES,
  DEFAULT_CINEMA,
  FIRST_CINEMA_ID,
  cartOfOtherCinemaMessage,
  wrongCinemaMessage,
  type CartView,
  type CheckinAnswer,
  type CheckoutResponse,
  type OrderPaid,
  type OrderSearchPage,
  type RoomView,
  type ShowView,
  type TicketView,
} from '@cine/contracts';
import {
  adminHeaders,
  createCinema,
  createShow,
  managerHeaders,
  newId,
  publishMovie,
  staffHeaders,
  startBooking,
  userHeaders,
  type BookingUnderTest,
} from './helpers';

/**
 * Issue 38: the shows, carts, orders and doors of a chain of two cinemas — the first (Buenos Aires,
 * rooms 1–5) and a test cinema at UTC+1 (Madrid) — and what a manager or door staff of one may do
 * at the other (403) and at their own (allowed).
 */
describe('a chain of two cinemas', () => {
  let booking: BookingUnderTest;
  let madrid: string;
  let madridRoom: RoomView;
  let movieId: string;
  let centroShow: ShowView;
  let madridShow: ShowView;
  const paid: OrderPaid[] = [];

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
    booking.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const managerOfCentro = () => managerHeaders(booking.app, [FIRST_CINEMA_ID]);
  const managerOfMadrid = () => managerHeaders(booking.app, [madrid]);
  let hour = 7;
  /** A show at the first cinema at a new time of 13 March (three hours after the one before: the movie runs 100 minutes). */
  const anotherCentroShow = () => {
    hour += 3;
    return createShow(booking, { movieId, roomId: 3, day: '2026-03-13', schedule: `${String(hour).padStart(2, '0')}:00`, type: '2D' });
  };

  beforeAll(async () => {
    booking = await startBooking();
    await booking.context.bus.subscribe('test.order-paid', ['order.paid'], async (event) => {
      paid.push(event);
    });
    const created = await createCinema(booking);
    madrid = created.cinema.id;
    madridRoom = created.rooms[0] as RoomView;
    ({ movieId } = await publishMovie(booking.context));
    centroShow = await createShow(booking, { movieId, roomId: 1, day: '2026-03-12', schedule: '20:00', type: '2D' });
    madridShow = await createShow(booking, {
      cinemaId: madrid,
      movieId,
      roomId: madridRoom.id,
      day: '2026-03-12',
      schedule: '20:00',
      type: '2D',
    });
  });
  afterAll(() => booking.close());

  describe('shows', () => {
    it('are at their cinema’s wall time: 20:00 at UTC−3 and 20:00 at UTC+1 start four hours apart', () => {
      expect(centroShow).toMatchObject({ schedule: '20:00', startsAt: '2026-03-12T23:00:00.000Z', cinemaId: FIRST_CINEMA_ID });
      expect(madridShow).toMatchObject({
        schedule: '20:00',
        startsAt: '2026-03-12T19:00:00.000Z',
        cinemaId: madrid,
        cinema: { id: madrid, slug: 'madrid', name: 'Cine Gran Vía', city: 'Madrid' },
      });
    });

    it('refuse a room of another cinema (400) and an unknown cinema (404)', async () => {
      const form = { movieId, day: '2026-03-14', schedule: '18:00', type: '2D' };
      expect((await inject('POST', '/show', adminHeaders(booking.app), { data: { ...form, cinemaId: madrid, roomId: 1 } })).json()).toEqual(
        {
          statusCode: 400,
          error: CINEMA_MESSAGES.roomOfOtherCinema,
        },
      );
      // Without cinemaId: the first cinema, whose rooms are 1–5.
      expect((await inject('POST', '/show', adminHeaders(booking.app), { data: { ...form, roomId: madridRoom.id } })).statusCode).toBe(400);
      expect(
        (await inject('POST', '/show', adminHeaders(booking.app), { data: { ...form, cinemaId: newId(), roomId: 1 } })).json(),
      ).toEqual({
        statusCode: 404,
        error: CINEMA_MESSAGES.cinemaNotFound,
      });
      const bulk = { movieId, roomId: 1, cinemaId: madrid, type: '2D', times: ['18:00'], from: '2026-03-14', to: '2026-03-15' };
      const plan = { ...bulk, weekdays: ['Sabado', 'Domingo'], dryRun: true, onClash: 'skip' };
      expect((await inject('POST', '/show/bulk', adminHeaders(booking.app), plan)).json()).toEqual({
        statusCode: 400,
        error: CINEMA_MESSAGES.roomOfOtherCinema,
      });
      // A show stays at its cinema: moving it to a room of another is refused.
      expect((await inject('PUT', `/show/one/${centroShow.id}`, adminHeaders(booking.app), { roomId: madridRoom.id })).statusCode).toBe(
        400,
      );
    });

    it('are listed by cinema with ?cinemaId (all cinemas without it; an unknown one 404)', async () => {
      const ids = async (url: string) => (await inject('GET', url, {})).json<ShowView[]>().map((show) => show.id);
      expect(await ids(`/show/all?cinemaId=${madrid}`)).toEqual([madridShow.id]);
      expect(await ids(`/show/all?movieId=${movieId}&cinemaId=${FIRST_CINEMA_ID}`)).toContain(centroShow.id);
      expect(await ids(`/show/all?movieId=${movieId}&cinemaId=${FIRST_CINEMA_ID}`)).not.toContain(madridShow.id);
      expect(await ids('/show/all')).toEqual(expect.arrayContaining([centroShow.id, madridShow.id]));
      expect(await ids(`/show/day?id=${movieId}&day=2026-03-12&cinemaId=${madrid}`)).toEqual([madridShow.id]);
      expect(await ids(`/show/date?date=2026-03-12&cinemaId=${FIRST_CINEMA_ID}`)).toEqual([centroShow.id]);
      expect((await inject('GET', `/show/all?cinemaId=${newId()}`, {})).json()).toEqual({
        statusCode: 404,
        error: CINEMA_MESSAGES.cinemaNotFound,
      });
    });
  });

  describe('a manager', () => {
    it('creates, edits and schedules shows of their cinema only (another’s: 403)', async () => {
      const form = { movieId, roomId: 2, day: '2026-03-15', schedule: '16:00', type: '2D' };
      expect((await inject('POST', '/show', managerOfMadrid(), { data: form })).json()).toEqual({
        statusCode: 403,
        error: CINEMA_MESSAGES.notYourCinema,
      });
      expect((await inject('POST', '/show', staffHeaders(booking.app, [FIRST_CINEMA_ID]), { data: form })).statusCode).toBe(403);
      const created = await inject('POST', '/show', managerOfCentro(), { data: form });
      expect(created.statusCode).toBe(201);
      const show = created.json<ShowView>();

      expect((await inject('PUT', `/show/one/${show.id}`, managerOfMadrid(), { schedule: '16:30' })).statusCode).toBe(403);
      expect((await inject('PUT', `/show/one/${show.id}`, managerOfCentro(), { schedule: '16:30' })).json()).toMatchObject({
        schedule: '16:30',
      });

      const plan = {
        movieId,
        roomId: 4,
        type: '2D',
        times: ['12:00'],
        from: '2026-03-16',
        to: '2026-03-17',
        weekdays: ['Lunes', 'Martes'],
        dryRun: true,
        onClash: 'skip',
      };
      expect((await inject('POST', '/show/bulk', managerOfMadrid(), plan)).statusCode).toBe(403);
      expect((await inject('POST', '/show/bulk', managerOfCentro(), plan)).statusCode).toBe(200);
      expect((await inject('POST', '/show/bulk', managerOfMadrid(), { ...plan, cinemaId: madrid, roomId: madridRoom.id })).statusCode).toBe(
        200,
      );
    });

    it('cancels and deletes shows of their cinema only', async () => {
      const toCancel = await anotherCentroShow();
      expect((await inject('POST', `/show/one/${toCancel.id}/cancel`, managerOfMadrid(), { reason: 'Falla' })).statusCode).toBe(403);
      expect((await inject('GET', `/show/one/${toCancel.id}/cancel`, managerOfMadrid())).statusCode).toBe(403);
      expect((await inject('POST', `/show/one/${toCancel.id}/cancel`, managerOfCentro(), { reason: 'Falla' })).statusCode).toBe(202);

      const toDelete = await anotherCentroShow();
      expect((await inject('DELETE', `/show/one/${toDelete.id}`, managerOfMadrid())).statusCode).toBe(403);
      expect((await inject('DELETE', `/show/one/${toDelete.id}`, managerOfCentro())).statusCode).toBe(200);
    });

    it('sees the occupancy of their cinema’s shows only', async () => {
      const showIds = async (headers: Record<string, string>) =>
        (await inject('GET', '/show/occupancy', headers)).json<Array<{ showId: string }>>().map((show) => show.showId);
      expect(await showIds(managerOfMadrid())).toEqual([madridShow.id]);
      expect(await showIds(managerOfCentro())).not.toContain(madridShow.id);
      expect(await showIds(adminHeaders(booking.app))).toEqual(expect.arrayContaining([madridShow.id, centroShow.id]));
    });
  });

  describe('a cart, an order and its tickets', () => {
    const buyer = newId();
    let orderId: string;

    it('hold one cinema’s seats at a time: another cinema’s are refused (409) until the cart is emptied', async () => {
      const hold = (showId: string) =>
        inject('POST', '/tickets/addTickets', userHeaders(booking.app, buyer), { userId: buyer, showId, seats: 2 });
      expect((await hold(madridShow.id)).statusCode).toBe(200);
      const refused = await hold(centroShow.id);
      expect(refused.json()).toEqual({ statusCode: 409, error: cartOfOtherCinemaMessage('Cine Gran Vía') });
      const cart = (await inject('POST', '/cart/userCart', userHeaders(booking.app, buyer), { idUser: buyer })).json<CartView>();
      expect(cart.cinema).toEqual({ id: madrid, name: 'Cine Gran Vía', address: 'Gran Vía 50, Madrid' });
      expect(cart.tickets.map((line) => line.showId)).toEqual([madridShow.id]);

      expect(
        (await inject('POST', '/tickets/delete', userHeaders(booking.app, buyer), { userId: buyer, showId: madridShow.id })).statusCode,
      ).toBe(200);
      expect((await hold(centroShow.id)).statusCode).toBe(200);
    });

    it('name their cinema: the order, its order.paid (with the zone) and the tickets', async () => {
      const bought = await inject('POST', '/movies/checkout', userHeaders(booking.app, buyer), {
        idUser: buyer,
        show: centroShow.id,
        ticket: 2,
        paymentMethodId: 'pm_card_visa',
      });
      expect(bought.statusCode).toBe(200);
      const { order } = bought.json<CheckoutResponse>();
      orderId = order.id;
      const place = { id: FIRST_CINEMA_ID, name: 'Cine Centro', address: DEFAULT_CINEMA.address };
      expect(order.cinema).toEqual(place);
      await waitFor(() => paid.some((event) => event.data.orderId === orderId));
      expect(paid.find((event) => event.data.orderId === orderId)?.data.cinema).toEqual({
        ...place,
        timeZone: 'America/Argentina/Buenos_Aires',
      });
      let tickets: TicketView[] = [];
      await waitForAsync(async () => {
        tickets = (await inject('GET', '/tickets/mine', userHeaders(booking.app, buyer))).json<TicketView[]>();
        return tickets.length === 2;
      });
      expect(tickets.every((ticket) => ticket.cinema.id === FIRST_CINEMA_ID && ticket.cinema.name === 'Cine Centro')).toBe(true);
    });

    it('is searched, read and refunded by a manager of its cinema only', async () => {
      const search = (headers: Record<string, string>, query = '') =>
        inject('GET', `/orders?pageSize=100${query}`, headers).then((response) => response.json<OrderSearchPage>());
      expect((await search(managerOfCentro())).items.map((item) => item.id)).toContain(orderId);
      expect((await search(managerOfMadrid())).items.map((item) => item.id)).not.toContain(orderId);
      expect((await search(adminHeaders(booking.app), `&cinemaId=${madrid}`)).items.map((item) => item.id)).not.toContain(orderId);
      expect((await inject('GET', `/orders?cinemaId=${FIRST_CINEMA_ID}`, managerOfMadrid())).statusCode).toBe(403);

      expect((await inject('GET', `/orders/${orderId}`, managerOfMadrid())).json()).toEqual({
        statusCode: 403,
        error: CINEMA_MESSAGES.notYourCinema,
      });
      expect((await inject('GET', `/orders/${orderId}`, managerOfCentro())).json()).toMatchObject({
        id: orderId,
        cinema: { name: 'Cine Centro' },
      });

      const [seat] = (await inject('GET', `/orders/${orderId}`, adminHeaders(booking.app))).json<{ seatLabels: string[] }>().seatLabels;
      const refund = { seatLabels: [seat], reason: 'Pedido del cliente' };
      expect((await inject('POST', `/orders/${orderId}/refund`, managerOfMadrid(), refund)).statusCode).toBe(403);
      expect((await inject('POST', `/orders/${orderId}/refund`, staffHeaders(booking.app, [FIRST_CINEMA_ID]), refund)).statusCode).toBe(
        403,
      );
      expect((await inject('POST', `/orders/${orderId}/refund`, managerOfCentro(), refund)).statusCode).toBe(200);
    });

    it('is refused at another cinema’s door with that cinema’s name; staff open their cinemas’ doors only', async () => {
      const [ticket] = (await inject('GET', '/tickets/mine', userHeaders(booking.app, buyer)))
        .json<TicketView[]>()
        .filter((one) => one.state === 'valid');
      const scan = (showId: string, headers: Record<string, string>) => inject('POST', '/checkin', headers, { code: ticket?.code, showId });
      const both = staffHeaders(booking.app, [FIRST_CINEMA_ID, madrid]);

      const atMadrid = await scan(madridShow.id, both);
      expect(atMadrid.statusCode).toBe(409);
      expect(atMadrid.json<CheckinAnswer>()).toMatchObject({ result: 'wrong_cinema', message: wrongCinemaMessage('Cine Centro') });
      expect(atMadrid.json<CheckinAnswer>().ticket?.cinema).toMatchObject({ id: FIRST_CINEMA_ID });

      expect((await scan(madridShow.id, staffHeaders(booking.app, [FIRST_CINEMA_ID]))).json()).toEqual({
        statusCode: 403,
        error: CINEMA_MESSAGES.notYourCinema,
      });
      expect((await inject('GET', `/checkin/shows/${madridShow.id}`, staffHeaders(booking.app, [FIRST_CINEMA_ID]))).statusCode).toBe(403);
      const upload = {
        scans: [{ clientScanId: 'scan-1', code: ticket?.code, showId: madridShow.id, scannedAt: '2026-03-11T15:00:00.000Z' }],
      };
      expect((await inject('POST', '/checkin/offline', staffHeaders(booking.app, [FIRST_CINEMA_ID]), upload)).statusCode).toBe(403);
      // Its own cinema's door, still too early (the door opens an hour before 20:00): the door of its show, not another's.
      expect((await scan(centroShow.id, staffHeaders(booking.app, [FIRST_CINEMA_ID]))).json<CheckinAnswer>().result).toBe('too_early');
      expect((await inject('GET', `/checkin/shows/${centroShow.id}`, managerOfCentro())).json()).toMatchObject({
        show: { cinema: { id: FIRST_CINEMA_ID } },
      });
    });
  });
});

async function waitFor(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  await waitForAsync(async () => check(), timeoutMs);
}

async function waitForAsync(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
