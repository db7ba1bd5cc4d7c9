import {
  localDateTime,
  type CheckinAnswer,
  type OrderPaid,
  type TicketCheckedIn,
  type TicketsIssued,
  type TicketView,
} from '@cine/contracts';
import { createEvent, type ServiceApp } from '@cine/service-kit';
import { bearer } from '@cine/service-kit/testing';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { generateKeyPairSync } from 'node:crypto';
import { Types } from 'mongoose';
import { TicketSigner } from '../src/tickets/ticket-signer';
import { anotherInstance } from './helpers';
import {
  adminHeaders,
  cancelShow,
  checkout,
  clockBefore as clockBeforeShow,
  createShow,
  hold,
  newUser,
  startBooking,
  startOf as startOfShow,
  type BookingUnderTest,
} from './checkout-helpers';

let booking: BookingUnderTest;
const issued: TicketsIssued[] = [];
const checkedIn: TicketCheckedIn[] = [];

beforeAll(async () => {
  booking = await startBooking();
  await booking.context.bus.subscribe('test.tickets-issued', ['tickets.issued'], async (event) => {
    issued.push(event);
  });
  await booking.context.bus.subscribe('test.ticket-checked-in', ['ticket.checked_in'], async (event) => {
    checkedIn.push(event);
  });
});
afterAll(() => booking.close());

/** A ticket sold by a show without price cards: General, no ID asked at the door. */
const GENERAL_TICKET = { ticketType: 'general', ticketTypeName: 'General', requiresId: false };

const staff = () => bearer(booking.app, { sub: new Types.ObjectId().toHexString(), role: 'staff' });
const tickets = () => booking.context.db.collection('tickets');

/** Waits for what the relays publish after a write (a few passes at most). */
async function settled(): Promise<void> {
  for (let pass = 0; pass < 3; pass += 1) {
    await booking.app.ordersOutbox.flush();
    await booking.app.ticketsOutbox.flush();
  }
}

/** A user who paid `seats` seats of a new show (or of `existing`); their order.paid, and their tickets once issued. */
async function paidOrder(
  seats = 2,
  app: ServiceApp = booking.app,
  paymentMethodId = 'pm_card_visa',
  existing?: Awaited<ReturnType<typeof createShow>>,
) {
  const show = existing ?? (await createShow(booking));
  const user = newUser(app);
  expect((await hold(booking, user, show.id, seats)).statusCode).toBe(200);
  expect((await checkout(booking, user, { show: show.id, ticket: seats, paymentMethodId })).statusCode).toBe(200);
  await settled();
  const paid = booking.paid.find((event) => event.data.userId === user.id) as OrderPaid;
  const mine = await booking.app.inject({ method: 'GET', url: '/tickets/mine', headers: user.headers });
  return { show, user, paid, tickets: mine.json<TicketView[]>() };
}

/** 'a las HH:MM del dd/mm/yyyy' of the door's opening (60 minutes before the start), in the cinema's time. */
function opensAtLocal(startsAt: Date): string {
  const { date, time } = localDateTime(new Date(startsAt.getTime() - 60 * 60_000));
  return `${time} del ${date.split('-').reverse().join('/')}`;
}

const startOf = (showId: string) => startOfShow(booking, showId);
const clockBefore = (showId: string, minutes?: number) => clockBeforeShow(booking, showId, minutes);

/** The show a token is for (its `sid` claim), or '' for no token. */
function sidOf(token: unknown): string {
  try {
    return (JSON.parse(Buffer.from(String(token).split('.')[1] ?? '', 'base64url').toString()) as { sid?: string }).sid ?? '';
  } catch {
    return '';
  }
}

/**
 * A scan at the door of the ticket's show (a token's own show when the body names none), at a time inside that
 * show's door window: the tests of what the door says to tickets, whatever day their show is.
 */
async function checkIn(body: Record<string, unknown>, headers = staff(), app: ServiceApp = booking.app) {
  const payload = 'token' in body && !('showId' in body) ? { ...body, showId: sidOf(body.token) } : body;
  const restore = await clockBefore(String(payload.showId ?? sidOf(payload.token)));
  try {
    return await app.inject({ method: 'POST', url: '/checkin', headers, payload });
  } finally {
    restore();
  }
}

/** A scan as the door sends it, at the service's clock as it is. */
function scanNow(body: object, headers = staff()) {
  return booking.app.inject({ method: 'POST', url: '/checkin', headers, payload: body });
}

describe('issuing tickets', () => {
  it('gives each seat of a paid order one ticket: a short code, a signed token, the show; announced once with the tokens', async () => {
    const { show, paid, tickets: mine } = await paidOrder(3);

    expect(mine).toHaveLength(3);
    expect(mine.map((ticket) => ticket.seatLabel).sort()).toEqual([...paid.data.seatLabels].sort());
    for (const ticket of mine) {
      expect(ticket).toMatchObject({
        showId: show.id,
        orderId: paid.data.orderId,
        title: show.title,
        state: 'valid',
        roomId: 1,
        type: '2D',
      });
      expect(ticket.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
      expect(ticket.token.length).toBeLessThan(260);
    }
    const announced = issued.filter((event) => event.data.orderId === paid.data.orderId);
    expect(announced).toHaveLength(1);
    expect(announced[0]!.data.tickets.map((ticket) => ticket.token).sort()).toEqual(mine.map((ticket) => ticket.token).sort());
  });

  it('a redelivery, a replay or a crash between writes adds no ticket and announces nothing again', async () => {
    const { paid, tickets: before } = await paidOrder(3);
    const count = async () => tickets().countDocuments({ orderId: paid.data.orderId });

    await booking.app.tickets.issue(paid); // the same event delivered again past the consumer's memory
    await booking.context.bus.publish({ ...paid, id: new Types.ObjectId().toHexString(), data: { ...paid.data, republished: true } });
    // A crash after the first seat's ticket: its retry finds it and writes the rest.
    await tickets().deleteMany({ orderId: paid.data.orderId, seatLabel: { $ne: paid.data.seatLabels[0] } });
    await booking.app.tickets.issue(paid);
    await settled();

    expect(await count()).toBe(3);
    const mine = await booking.app.inject({
      method: 'GET',
      url: '/tickets/mine',
      headers: bearer(booking.app, { sub: paid.data.userId, role: 'user' }),
    });
    expect(mine.json<TicketView[]>().map((ticket) => [ticket.code, ticket.token])).toEqual(
      before.map((ticket) => [ticket.code, ticket.token]),
    );
    expect(issued.filter((event) => event.data.orderId === paid.data.orderId)).toHaveLength(1);
  });

  it('serves the public key as a JWKS that verifies the tokens', async () => {
    const { tickets: mine } = await paidOrder(1);
    const response = await booking.app.inject({ method: 'GET', url: '/tickets/keys' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('public');
    const { payload, protectedHeader } = await jwtVerify(mine[0]!.token, createLocalJWKSet(response.json()));
    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', kid: response.json().keys[0].kid });
    expect(payload).toMatchObject({ jti: mine[0]!.code, sid: mine[0]!.showId, seat: mine[0]!.seatLabel });
    expect(payload.exp! * 1000).toBeGreaterThan(Date.parse(mine[0]!.endsAt));
  });
});

describe('checking in', () => {
  it('admits a token once; the second scan hears when and where; ticket.checked_in once', async () => {
    const { show, tickets: mine } = await paidOrder(1);
    const [ticket] = mine as [TicketView];

    const first = await checkIn({ token: ticket.token, showId: show.id, entrance: 'Puerta 1' });
    const second = await checkIn({ token: ticket.token, entrance: 'Puerta 2' });
    await settled();

    expect(first.statusCode).toBe(200);
    expect(first.json<CheckinAnswer>()).toMatchObject({
      result: 'admitted',
      message: `Adelante: ${show.title}, sala 1, butaca ${ticket.seatLabel}.`,
      ticket: { code: ticket.code, seatLabel: ticket.seatLabel, showId: show.id, state: 'used' },
      entrance: 'Puerta 1',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json<CheckinAnswer>()).toMatchObject({ result: 'already_used', entrance: 'Puerta 1', usedAt: first.json().usedAt });
    expect(second.json<CheckinAnswer>().message).toMatch(/^Esta entrada ya se usó a las \d\d:\d\d del \d\d\/\d\d\/\d{4} en Puerta 1\.$/);
    expect(checkedIn.filter((event) => event.data.code === ticket.code)).toHaveLength(1);
    // The marks of both scans go: the admission's once published, the refusal's dropped without waiting.
    const marks = () => booking.context.db.collection('ticket_events_pending').countDocuments({ ref: ticket.code });
    for (let waited = 0; (await marks()) > 0 && waited < 2000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await marks()).toBe(0);
  });

  it('takes a typed code (any case, spaces, dashes) with the show; a ticket of another show is wrong_show', async () => {
    const { show, tickets: mine } = await paidOrder(2);
    const other = await createShow(booking);
    const [first, second] = mine as [TicketView, TicketView];
    const typed = `${first.code.slice(0, 4).toLowerCase()}-${first.code.slice(4)} `;

    const wrong = await checkIn({ code: second.code, showId: other.id });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json<CheckinAnswer>()).toMatchObject({ result: 'wrong_show', ticket: { showId: show.id, code: second.code } });
    expect(wrong.json<CheckinAnswer>().message).toMatch(/^Esta entrada es para otra función: /);
    expect((await checkIn({ token: second.token, showId: other.id })).json()).toMatchObject({ result: 'wrong_show' });
    expect((await checkIn({ code: typed, showId: show.id })).json()).toMatchObject({ result: 'admitted' });
  });

  it('answers a body that is not JSON, or JSON of another shape, with a 400 (never a 5xx)', async () => {
    const notJson = await booking.app.inject({
      method: 'POST',
      url: '/checkin',
      headers: { ...staff(), 'content-type': 'application/json' },
      payload: '{"token":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ statusCode: 400 });
    for (const payload of [[], { token: 7 }, { code: 'ABCDEFGH' }, { token: 'x', showId: { $ne: null } }]) {
      const answer = await scanNow(payload as object);
      expect(answer.statusCode).toBe(400);
    }
  });

  it('refuses forged, altered, other-key, malformed and unknown tickets with 400 invalid', async () => {
    const { show, tickets: mine } = await paidOrder(1);
    const [ticket] = mine as [TicketView];
    const [header, payload, signature] = ticket.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...claims, seat: 'A1' })).toString('base64url')}.${signature}`;
    const otherKey = await TicketSigner.fromPem(
      generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    );
    const forged = await otherKey.sign({ jti: ticket.code, sid: show.id, seat: ticket.seatLabel, exp: claims.exp as number });
    const sameKid = `${header}.${forged.split('.')[1]}.${forged.split('.')[2]}`;

    for (const body of [
      { token: altered },
      { token: forged },
      { token: sameKid },
      { token: 'no-es-un-token' },
      { token: 'a.b.c' },
      { token: `${header}.${payload}.` },
      { code: 'ZZZZZZZZ', showId: show.id },
      { code: '0O1I', showId: show.id },
    ]) {
      const response = await checkIn(body);
      expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
      expect(response.json()).toMatchObject({ result: 'invalid', message: expect.any(String) });
    }
    // A QR without the show the door checks is refused like a code without it: a ticket of any show would come in.
    for (const body of [
      {},
      { code: '', showId: show.id },
      { token: ticket.token, code: ticket.code },
      { code: ticket.code },
      { token: ticket.token },
      { token: 7 },
    ]) {
      const response = await scanNow(body);
      expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
      expect(response.json()).toEqual({
        result: 'invalid',
        message: 'Envía el QR de la entrada (token) o su código (code), siempre con la función que controlas (showId).',
      });
    }
    expect((await checkIn({ code: ticket.code, showId: show.id })).json()).toMatchObject({ result: 'admitted' });
  });

  it("says refunded for a refunded ticket, show_over past the show's door window whatever the token's exp; a deleted show is invalid, never a 5xx", async () => {
    const { show, tickets: mine } = await paidOrder(2);
    const [expiring, refunded] = mine as [TicketView, TicketView];
    // Shows with sold seats cannot be deleted (DELETE /show/one answers 409): this one goes from the database.
    const { show: deleted, tickets: orphans } = await paidOrder(1);
    const [orphan] = orphans as [TicketView];
    await tickets().updateOne({ _id: refunded.code } as never, { $set: { state: 'refunded' } });

    expect((await checkIn({ token: refunded.token })).json()).toMatchObject({
      result: 'refunded',
      message: 'Esta entrada fue reembolsada: no es válida.',
    });

    const restore = await clockBefore(show.id, -(100 + 1)); // a minute past its end (100-minute movie)
    try {
      const over = await scanNow({ token: expiring.token, showId: show.id });
      expect(over.statusCode).toBe(409);
      expect(over.json()).toMatchObject({ result: 'show_over' });
      expect(over.json<CheckinAnswer>().message).toMatch(
        /^La función de esta entrada ya terminó: era a las \d\d:\d\d del \d\d\/\d\d\/\d{4}\.$/,
      );
    } finally {
      restore();
    }
    // A token past its `exp` (its show was moved later): the show's window decides, not the token.
    const expired = await booking.app.ticketSigner.sign({ jti: expiring.code, sid: show.id, seat: expiring.seatLabel, exp: 1_000_000 });
    expect((await checkIn({ token: expired })).json()).toMatchObject({ result: 'admitted' });

    await booking.context.db.collection('shows').deleteOne({ _id: new Types.ObjectId(deleted.id) });
    const gone = await checkIn({ token: orphan.token });
    expect(gone.statusCode).toBe(400);
    expect(gone.json()).toMatchObject({ result: 'invalid', message: 'La función de esta entrada ya no existe.' });
    const door = await booking.app.inject({ method: 'GET', url: `/checkin/shows/${deleted.id}`, headers: staff() });
    expect(door.statusCode).toBe(404);
    expect((await booking.app.inject({ method: 'GET', url: '/checkin/shows/no-es-un-id', headers: staff() })).statusCode).toBe(404);
  });

  it('counts admitted tickets in the occupancy, and gives the door its show list', async () => {
    const { show, tickets: mine } = await paidOrder(2);
    await checkIn({ code: mine[0]!.code, showId: show.id, entrance: 'Puerta 1' });

    const occupancy = await booking.app.inject({ method: 'GET', url: '/show/occupancy', headers: adminHeaders(booking.app) });
    expect(occupancy.json<Array<{ showId: string }>>().find((row) => row.showId === show.id)).toMatchObject({ sold: 2, admitted: 1 });
    const door = await booking.app.inject({ method: 'GET', url: `/checkin/shows/${show.id}`, headers: staff() });
    expect(door.statusCode).toBe(200);
    expect(door.json()).toMatchObject({
      show: { showId: show.id, title: show.title, roomId: 1 },
      tickets: expect.arrayContaining([
        {
          code: mine[0]!.code,
          seatLabel: mine[0]!.seatLabel,
          state: 'used',
          checkedInAt: expect.any(String),
          entrance: 'Puerta 1',
          ...GENERAL_TICKET,
        },
        { code: mine[1]!.code, seatLabel: mine[1]!.seatLabel, state: 'valid', ...GENERAL_TICKET },
      ]),
    });
  });
});

describe('after a crash', () => {
  it('an admission written but not published (the process stopped between) is published by the sweep, once', async () => {
    const { paid, tickets: mine } = await paidOrder(1);
    const [ticket] = mine as [TicketView];
    const event = createEvent('ticket.checked_in', {
      ticketId: ticket.code,
      code: ticket.code,
      orderId: paid.data.orderId,
      showId: ticket.showId,
      seatLabel: ticket.seatLabel,
      checkedInAt: new Date().toISOString(),
    });
    // What the door's write leaves when the process stops before its relay publishes: the mark, the ticket used with its event.
    await booking.app.pendingAnnouncements.mark('ticket', ticket.code, new Date(Date.now() - 60_000));
    await tickets().updateOne(
      { _id: ticket.code } as never,
      { $set: { state: 'used', checkedInAt: new Date() }, $push: { outbox: event } } as never,
    );

    await booking.app.pendingAnnouncements.sweep(new Date());
    await booking.app.pendingAnnouncements.sweep(new Date());
    await settled();

    expect(checkedIn.filter((published) => published.id === event.id)).toHaveLength(1);
    expect((await tickets().findOne({ _id: ticket.code } as never))?.outbox).toEqual([]);
    await booking.app.pendingAnnouncements.sweep(new Date());
    expect(
      await booking.context.db.collection('ticket_events_pending').countDocuments({ ref: { $in: [ticket.code, paid.data.orderId] } }),
    ).toBe(0);
  });
  it("a paid order's tickets.issued left unpublished goes out with the sweep, once", async () => {
    const { paid } = await paidOrder(1);
    const announced = issued.find((event) => event.data.orderId === paid.data.orderId)!;
    const again = { ...announced, id: new Types.ObjectId().toHexString() };
    await booking.app.pendingAnnouncements.mark('order', paid.data.orderId, new Date(Date.now() - 60_000));
    await booking.context.db
      .collection('orders')
      .updateOne({ _id: new Types.ObjectId(paid.data.orderId) }, { $push: { outbox: again } } as never);

    await booking.app.pendingAnnouncements.sweep(new Date());
    await settled();
    await booking.app.pendingAnnouncements.sweep(new Date());

    expect(issued.filter((event) => event.id === again.id)).toHaveLength(1);
    expect(await booking.context.db.collection('ticket_events_pending').countDocuments({ ref: paid.data.orderId })).toBe(0);
  });
});

describe('the offline door', () => {
  it('admits uploaded scans at their time, reports a ticket admitted twice as a conflict, and answers a replayed upload the same', async () => {
    const { show, tickets: mine } = await paidOrder(3);
    const [online, twice, once] = mine as [TicketView, TicketView, TicketView];
    await checkIn({ code: online.code, showId: show.id, entrance: 'Puerta 1' });
    const startsAt = (await startOf(show.id)) as Date;
    const scannedAt = new Date(startsAt.getTime() - 5 * 60_000).toISOString();
    const scans = [
      { clientScanId: 'scan-1', token: online.token, showId: show.id, scannedAt, entrance: 'Puerta 2' },
      { clientScanId: 'scan-2', token: twice.token, showId: show.id, scannedAt, entrance: 'Puerta 2' },
      { clientScanId: 'scan-3', code: twice.code, showId: show.id, scannedAt, entrance: 'Puerta 3' },
      { clientScanId: 'scan-4', code: once.code, showId: show.id, scannedAt, entrance: 'Puerta 2' },
    ];
    const restore = await clockBefore(show.id, 2);
    const upload = () => booking.app.inject({ method: 'POST', url: '/checkin/offline', headers: staff(), payload: { scans } });
    try {
      const first = await upload();
      const replayed = await upload();
      await settled();

      expect(first.statusCode).toBe(200);
      const results = first.json<{ results: Array<{ clientScanId: string; result: string; conflict: boolean; usedAt?: string }> }>()
        .results;
      expect(results.map(({ clientScanId, result, conflict }) => [clientScanId, result, conflict])).toEqual([
        ['scan-1', 'already_used', true],
        ['scan-2', 'admitted', false],
        ['scan-3', 'already_used', true],
        ['scan-4', 'admitted', false],
      ]);
      expect(results[1]!.usedAt).toBe(scannedAt);
      expect(replayed.json()).toEqual(first.json());
    } finally {
      restore();
    }
    for (const ticket of mine) expect(checkedIn.filter((event) => event.data.code === ticket.code)).toHaveLength(1);
    expect(checkedIn.find((event) => event.data.code === twice.code)?.data).toMatchObject({ offline: true, entrance: 'Puerta 2' });
  });

  it("refuses a scannedAt outside the show's door window (a 2001 clock), and flags a clientScanId reused by another entrance", async () => {
    const { show, tickets: mine } = await paidOrder(3);
    const [old, reused, late] = mine as [TicketView, TicketView, TicketView];
    const startsAt = (await startOf(show.id)) as Date;
    const inWindow = new Date(startsAt.getTime() - 5 * 60_000).toISOString();
    const restore = await clockBefore(show.id, -(100 + 30)); // half an hour after its end: every scan is in the past
    const upload = (scans: object[]) =>
      booking.app.inject({ method: 'POST', url: '/checkin/offline', headers: staff(), payload: { scans } });
    try {
      const first = await upload([
        { clientScanId: 'door-old', code: old.code, showId: show.id, scannedAt: '2001-01-01T12:00:00.000Z', entrance: 'Puerta 1' },
        { clientScanId: 'door-a-1', code: reused.code, showId: show.id, scannedAt: inWindow, entrance: 'Puerta 1' },
        {
          clientScanId: 'door-late',
          code: late.code,
          showId: show.id,
          scannedAt: new Date(startsAt.getTime() + 101 * 60_000).toISOString(),
        },
      ]);
      const results = first.json<{ results: Array<{ result: string; conflict: boolean; message: string }> }>().results;
      expect(results.map(({ result, conflict }) => [result, conflict])).toEqual([
        ['too_early', false],
        ['admitted', false],
        ['show_over', false],
      ]);
      expect(results[0]!.message).toMatch(/^Demasiado pronto: la puerta de esta función abre a las \d\d:\d\d del /);
      // The 2001 scan admitted nobody: the ticket is still valid (and its history has no check-in before its sale).
      expect((await tickets().findOne({ _id: old.code } as never))?.state).toBe('valid');

      // Another entrance's upload with the same clientScanId: not its own replay, a conflict.
      const second = await upload([
        { clientScanId: 'door-a-1', code: reused.code, showId: show.id, scannedAt: inWindow, entrance: 'Puerta 9' },
      ]);
      expect(second.json<{ results: Array<{ result: string; conflict: boolean; message: string }> }>().results[0]).toMatchObject({
        result: 'already_used',
        conflict: true,
        message: expect.stringContaining('ya lo usó otra puerta en Puerta 1'),
      });
    } finally {
      restore();
    }
  });
});

describe("the show's door window", () => {
  it("tells a ticket for tomorrow's show scanned today DEMASIADO PRONTO with its time, and admits it once the door opens", async () => {
    const { show, tickets: mine } = await paidOrder(1);
    const [ticket] = mine as [TicketView];
    const startsAt = (await startOf(show.id)) as Date;

    const restore = await clockBefore(show.id, 24 * 60 - 30); // the day before, half an hour later than the start's time
    try {
      const early = await scanNow({ token: ticket.token, showId: show.id });
      expect(early.statusCode).toBe(409);
      expect(early.json<CheckinAnswer>()).toMatchObject({ result: 'too_early', ticket: { code: ticket.code, schedule: ticket.schedule } });
      expect(early.json<CheckinAnswer>().message).toBe(
        `Demasiado pronto: la puerta de esta función abre a las ${opensAtLocal(startsAt)} (la función empieza a las ${ticket.schedule}).`,
      );
    } finally {
      restore();
    }
    const justBefore = await clockBefore(show.id, 61); // the door opens 60 minutes before (DOOR_OPENS_MINUTES_BEFORE)
    try {
      expect((await scanNow({ token: ticket.token, showId: show.id })).json()).toMatchObject({ result: 'too_early' });
    } finally {
      justBefore();
    }
    expect((await checkIn({ token: ticket.token })).json()).toMatchObject({ result: 'admitted' });
  });

  it('says REEMBOLSADA (not another show) for a refunded ticket scanned at another show', async () => {
    const { tickets: mine } = await paidOrder(1);
    const [ticket] = mine as [TicketView];
    const other = await createShow(booking);
    await tickets().updateOne({ _id: ticket.code } as never, { $set: { state: 'refunded' } });

    const answer = await checkIn({ token: ticket.token, showId: other.id });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ result: 'refunded', message: 'Esta entrada fue reembolsada: no es válida.' });
  });
});

const refund = (orderId: string, seatLabels?: string[]) =>
  booking.app.inject({
    method: 'POST',
    url: `/orders/${orderId}/refund`,
    headers: adminHeaders(booking.app),
    payload: { reason: 'Pedido del cliente', ...(seatLabels ? { seatLabels } : {}) },
  });

describe('refunds and the door', () => {
  const statesOf = async (user: ReturnType<typeof newUser>) =>
    Object.fromEntries(
      (await booking.app.inject({ method: 'GET', url: '/tickets/mine', headers: user.headers }))
        .json<TicketView[]>()
        .map((ticket) => [ticket.seatLabel, ticket.state]),
    );

  it('a refunded ticket is refused at the door at once; an admitted one is not refunded (409), and a whole-order refund leaves it out', async () => {
    const { show, user, paid, tickets: mine } = await paidOrder(2);
    const [used, unused] = mine as [TicketView, TicketView];
    expect((await checkIn({ token: used.token })).json()).toMatchObject({ result: 'admitted' });

    const refused = await refund(paid.data.orderId, [used.seatLabel]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      statusCode: 409,
      error: `La entrada del asiento ${used.seatLabel} ya se usó para entrar a la sala: no se puede reembolsar.`,
    });

    const whole = await refund(paid.data.orderId);
    expect(whole.statusCode).toBe(200);
    expect(whole.json()).toMatchObject({ order: { state: 'partially_refunded', refundedAmount: show.price } });
    expect((await checkIn({ token: unused.token })).json()).toMatchObject({ result: 'refunded' });
    expect(await statesOf(user)).toEqual({ [used.seatLabel]: 'used', [unused.seatLabel]: 'refunded' });
    expect((await refund(paid.data.orderId)).json()).toEqual({
      statusCode: 409,
      error: `La entrada del asiento ${used.seatLabel} ya se usó para entrar a la sala: no se puede reembolsar.`,
    });
  });

  it('a refund the provider refuses leaves the tickets valid at the door', async () => {
    const { paid, tickets: mine } = await paidOrder(1, booking.app, 'pm_card_refundFail');
    const [ticket] = mine as [TicketView];
    expect((await refund(paid.data.orderId)).statusCode).toBe(502);
    expect((await checkIn({ token: ticket.token })).json()).toMatchObject({ result: 'admitted' });
  });

  it('a cancelled show whose refund the provider refused: the cancellation lists the order to retry, and its tickets are refused at the door', async () => {
    const { show, paid, tickets: mine } = await paidOrder(1, booking.app, 'pm_card_refundFail');
    const [ticket] = mine as [TicketView];
    expect(await cancelShow(booking, show.id)).toMatchObject({ total: 1, refunded: 0, failed: [paid.data.orderId] });
    const door = await checkIn({ token: ticket.token });
    expect(door.statusCode).toBe(400);
    expect(door.json()).toMatchObject({ result: 'invalid', message: 'La función de esta entrada fue cancelada: no es válida.' });
  });

  it('tickets issued after their seats were refunded (their order.paid late or delivered again) are issued refunded', async () => {
    const { user, paid, tickets: mine } = await paidOrder(1);
    const [ticket] = mine as [TicketView];
    expect((await refund(paid.data.orderId)).statusCode).toBe(200);
    await tickets().deleteOne({ _id: ticket.code } as never);
    await booking.app.tickets.handle(paid);
    expect(await statesOf(user)).toEqual({ [ticket.seatLabel]: 'refunded' });
    expect((await checkIn({ token: ticket.token })).json()).toMatchObject({ result: 'refunded' });
  });
});

describe('the receipt', () => {
  it('is not announced for an order refunded whole before its tickets were issued; one refunded in part still gets it', async () => {
    const whole = await paidOrder(1);
    const part = await paidOrder(2);
    expect((await refund(whole.paid.data.orderId)).statusCode).toBe(200);
    expect((await refund(part.paid.data.orderId, [part.paid.data.seatLabels[0] as string])).statusCode).toBe(200);
    // Their order.paid arrives (again) at the tickets before anything was issued: as if it had been late.
    for (const { paid } of [whole, part]) {
      await tickets().deleteMany({ orderId: paid.data.orderId });
      await booking.context.db
        .collection('orders')
        .updateOne({ _id: new Types.ObjectId(paid.data.orderId) }, { $unset: { ticketsIssuedAt: '' } });
    }
    issued.length = 0;

    await booking.app.tickets.handle(whole.paid);
    await booking.app.tickets.handle(part.paid);
    await settled();

    expect(issued.map((event) => event.data.orderId)).toEqual([part.paid.data.orderId]);
    expect(await tickets().countDocuments({ orderId: whole.paid.data.orderId, state: 'refunded' })).toBe(1);
  });
});

describe('two booking instances', () => {
  it('two doors racing on the same 50 tickets through different instances admit each exactly once', async () => {
    // The other instance reads this one's clock: both doors stand in the show's window.
    const other = await anotherInstance({ context: booking.context, clock: { now: () => booking.app.clock() } } as never);
    const show = await createShow(booking);
    const restore = await clockBefore(show.id);
    try {
      const orders = [];
      for (let order = 0; order < 5; order += 1) orders.push(await paidOrder(10, booking.app, 'pm_card_visa', show));
      const scans = orders
        .flatMap(({ tickets: mine }) => mine)
        .flatMap((ticket) => [
          scanNow({ token: ticket.token, showId: show.id, entrance: 'Puerta 1' }),
          other.inject({
            method: 'POST',
            url: '/checkin',
            headers: staff(),
            payload: { code: ticket.code, showId: show.id, entrance: 'Puerta 2' },
          }),
        ]);
      const answers = (await Promise.all(scans)).map((response) => response.json<CheckinAnswer>());

      expect(answers.filter((answer) => answer.result === 'admitted')).toHaveLength(50);
      expect(answers.filter((answer) => answer.result === 'already_used')).toHaveLength(50);
      expect(new Set(answers.filter((answer) => answer.result === 'admitted').map((answer) => answer.ticket?.code)).size).toBe(50);
    } finally {
      restore();
      await other.close();
    }
  });
});
