import type { EventCinema, TicketsIssued } from '@cine/contracts';
import { createEvent } from '@cine/service-kit';
import { DateTime } from 'luxon';
import { readOutbox } from '../src';
import { startNotification, type NotificationUnderTest } from './helpers';

// A cinema at UTC+1 (a test cinema of the chain, issue 38): a show at 20:00 there starts at 19:00 UTC.
const MADRID: EventCinema = {
  id: 'c1e0000000000000000000aa',
  name: 'Cine Gran Vía',
  address: 'Gran Vía 66, Madrid',
  timeZone: 'Europe/Madrid',
};

const BUENOS_AIRES: EventCinema = {
  id: 'c1e0000000000000000000bb',
  name: 'Cine Palermo',
  address: 'Av. Santa Fe 3253, Buenos Aires',
  timeZone: 'America/Argentina/Buenos_Aires',
};

/** The .ics text unfolded (a long line goes on in the next one, after a space). */
const unfolded = (ics: string) => ics.replace(/\r?\n[ \t]/g, '');

/** The instant a `DTSTART;TZID=…:YYYYMMDDTHHMMSS` line (or DTEND) names, read back in its zone with luxon. */
function instantOf(ics: string, property: 'DTSTART' | 'DTEND'): string | null {
  const line = new RegExp(`^${property};TZID=([^:\\r\\n]+):(\\d{8}T\\d{6})\\r?$`, 'm').exec(ics);
  if (!line) return null;
  return DateTime.fromFormat(line[2] as string, "yyyyLLdd'T'HHmmss", { zone: line[1] as string })
    .toUTC()
    .toISO();
}

/** The one VTIMEZONE component of the file. */
function vtimezoneOf(ics: string): string | undefined {
  return /BEGIN:VTIMEZONE\r?\n[\s\S]*?END:VTIMEZONE/.exec(ics)?.[0];
}

function ticketsIssued(userId: string, overrides: Partial<TicketsIssued['data']> = {}): TicketsIssued {
  return createEvent('tickets.issued', {
    orderId: `order-${userId}`,
    userId,
    movieId: 'movie-1',
    title: 'La Noche del Proyector',
    showId: 'show-madrid',
    date: '2026-12-01',
    schedule: '20:00',
    roomId: 11,
    cinema: MADRID,
    type: '2D',
    seats: 1,
    seatLabels: ['C4'],
    ticketTotal: 900,
    candy: [],
    total: 900,
    paidAt: '2026-11-23T15:00:00.000Z',
    startsAt: '2026-12-01T19:00:00.000Z',
    endsAt: '2026-12-01T21:00:00.000Z',
    tickets: [{ ticketId: 'T1', code: 'MADRID01', seatLabel: 'C4', token: 'eyJhbGciOiJFZERTQSJ9.eyJzIjoiQzQifQ.firma' }],
    ...overrides,
  });
}

describe("the mails of an order name its cinema and keep the cinema's time zone", () => {
  let notification: NotificationUnderTest;

  beforeAll(async () => {
    notification = await startNotification();
  });
  afterAll(() => notification.close());

  async function register(userId: string) {
    const email = `${userId}@cine.test`;
    await notification.context.bus.publish(createEvent('user.registered', { userId, email, username: userId }));
    return email;
  }
  const mailsTo = async (address: string) => (await readOutbox(notification.outboxDir)).filter((mail) => mail.to === address);

  /** The receipt a newly registered `userId` gets for its tickets (`overrides` of the event's data), and its .ics unfolded. */
  async function receiptOf(userId: string, overrides: Partial<TicketsIssued['data']> = {}) {
    const email = await register(userId);
    await notification.context.bus.publish(ticketsIssued(userId, overrides));
    const mail = (await mailsTo(email)).find((sent) => sent.subject.startsWith('Tu compra'));
    const calendar = mail?.attachments.find((attachment) => attachment.contentType === 'text/calendar');
    return { mail, ics: unfolded(calendar!.content.toString('utf8')) };
  }

  it('the receipt of a show at a Madrid cinema names it, its address and its own time; the .ics starts at the right instant', async () => {
    const { mail, ics } = await receiptOf('u-madrid');
    expect(mail?.subject).toBe('Tu compra en Cine Gran Vía: La Noche del Proyector');
    expect(mail?.text).toContain('Cine: Cine Gran Vía, Gran Vía 66, Madrid');
    expect(mail?.text).toContain('Fecha: Martes 01/12/2026');
    expect(mail?.text).toContain('Hora: 20:00');
    expect(mail?.html).toContain('Cine Gran Vía, Gran Vía 66, Madrid');
    // 20:00 in Madrid (UTC+1 in December), written as Madrid's wall time with its zone: the instant is 19:00 UTC.
    expect(ics).toContain('DTSTART;TZID=Europe/Madrid:20261201T200000');
    expect(ics).toContain('DTEND;TZID=Europe/Madrid:20261201T220000');
    expect(instantOf(ics, 'DTSTART')).toBe('2026-12-01T19:00:00.000Z');
    expect(instantOf(ics, 'DTEND')).toBe('2026-12-01T21:00:00.000Z');
    const zone = vtimezoneOf(ics);
    expect(zone).toContain('TZID:Europe/Madrid');
    // Its winter rule: UTC+1, the offset that makes 20:00 there 19:00 UTC.
    expect(zone).toMatch(/BEGIN:STANDARD[\s\S]*TZOFFSETTO:\+0100[\s\S]*END:STANDARD/);
    expect(ics.match(/BEGIN:VTIMEZONE/g)).toHaveLength(1);
    expect(ics).toMatch(/^DTSTAMP:\d{8}T\d{6}Z\r?$/m);
    expect(ics).toContain('SUMMARY:La Noche del Proyector (2D) — Cine Gran Vía');
    expect(ics).toContain('LOCATION:Cine Gran Vía\\, sala 11. Gran Vía 66\\, Madrid');
    expect(ics).toContain('Martes 01/12/2026 20:00\\, hora de Cine Gran Vía (Europe/Madrid)');
  });

  it("the .ics of a Buenos Aires cinema's show: its wall time there with the zone and its VTIMEZONE, the same instant", async () => {
    // 20:30 in Buenos Aires (UTC-3) is 23:30 UTC; the show ends at 01:10 UTC the next day, 22:10 there.
    const { ics } = await receiptOf('u-palermo', {
      cinema: BUENOS_AIRES,
      startsAt: '2026-12-01T23:30:00.000Z',
      endsAt: '2026-12-02T01:10:00.000Z',
    });
    expect(ics).toContain('DTSTART;TZID=America/Argentina/Buenos_Aires:20261201T203000');
    expect(ics).toContain('DTEND;TZID=America/Argentina/Buenos_Aires:20261201T221000');
    expect(instantOf(ics, 'DTSTART')).toBe('2026-12-01T23:30:00.000Z');
    expect(instantOf(ics, 'DTEND')).toBe('2026-12-02T01:10:00.000Z');
    const zone = vtimezoneOf(ics);
    expect(zone).toContain('TZID:America/Argentina/Buenos_Aires');
    expect(zone).toContain('TZOFFSETTO:-0300');
    expect(ics).toContain('Martes 01/12/2026 20:30\\, hora de Cine Palermo (America/Argentina/Buenos_Aires)');
  });

  it('the .ics of a cinema in UTC is still a valid file: UTC times, no VTIMEZONE', async () => {
    const { ics } = await receiptOf('u-utc', { cinema: { ...MADRID, id: 'c1e0000000000000000000cc', timeZone: 'UTC' } });
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    expect(ics).toMatch(/END:VEVENT\r\nEND:VCALENDAR\r?\n?$/);
    expect(ics).toContain('DTSTART:20261201T190000Z');
    expect(ics).toContain('DTEND:20261201T210000Z');
    expect(ics).not.toContain('TZID');
    expect(ics).not.toContain('BEGIN:VTIMEZONE');
  });

  it('an order event from before the chain (no cinema) speaks of the first cinema, in its configured zone', async () => {
    const email = await register('u-first');
    const { cinema: _none, ...before } = ticketsIssued('u-first', {
      startsAt: '2026-12-01T23:00:00.000Z',
      endsAt: '2026-12-02T01:00:00.000Z',
    }).data;

    await notification.context.bus.publish(createEvent('tickets.issued', before));

    const mail = (await mailsTo(email)).find((sent) => sent.subject.startsWith('Tu compra'));
    expect(mail?.subject).toBe('Tu compra en Cine: La Noche del Proyector');
    expect(mail?.text).toContain('Cine: Cine, Av. Corrientes 1234, Ciudad Autónoma de Buenos Aires');
    expect(mail?.text).toContain('Hora: 20:00');
  });

  it('the refund mail and the mail of a moved show name the cinema and its address', async () => {
    const email = await register('u-madrid-refund');
    const {
      seats: _s,
      ticketTotal: _t,
      total: _total,
      startsAt: _start,
      endsAt: _end,
      tickets: _tickets,
      ...order
    } = ticketsIssued('u-madrid-refund').data;

    await notification.context.bus.publish(
      createEvent('order.refunded', {
        ...order,
        refundId: 'refund-madrid',
        seatLabels: ['C4'],
        ticketAmount: 900,
        candy: [],
        amount: 900,
        reason: 'Función cancelada',
        by: 'show-cancelled',
        refundedAt: '2026-11-24T15:00:00.000Z',
      }),
    );
    await notification.context.bus.publish(
      createEvent('order.show-moved', {
        orderId: 'order-moved-madrid',
        userId: 'u-madrid-refund',
        showId: 'show-madrid',
        movieId: 'movie-1',
        title: 'La Noche del Proyector',
        roomId: 11,
        cinema: MADRID,
        type: '2D',
        seatLabels: ['C4'],
        from: { date: '2026-12-01', schedule: '20:00' },
        to: { date: '2026-12-02', schedule: '21:15' },
        startsAt: '2026-12-02T20:15:00.000Z',
        endsAt: '2026-12-02T22:15:00.000Z',
        movedAt: '2026-11-26T15:00:00.000Z',
      }),
    );

    const mails = await mailsTo(email);
    const refund = mails.find((mail) => mail.subject.startsWith('Reembolso'));
    const moved = mails.find((mail) => mail.subject.startsWith('Cambió'));
    expect(refund?.subject).toBe('Reembolso de tu compra en Cine Gran Vía: La Noche del Proyector');
    expect(refund?.text).toContain('Cine: Cine Gran Vía, Gran Vía 66, Madrid');
    expect(moved?.subject).toBe('Cambió el horario de tu función en Cine Gran Vía: La Noche del Proyector');
    expect(moved?.text).toContain('Cine: Cine Gran Vía, Gran Vía 66, Madrid');
  });
});
