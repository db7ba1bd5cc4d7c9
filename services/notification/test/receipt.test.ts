import { once } from 'node:events';
import { threadId } from 'node:worker_threads';
import type { OrderRefunded, OrderShowMoved, PricedLine, TicketsIssued } from '@cine/contracts';
import { createEvent } from '@cine/service-kit';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { readOutbox } from '../src';
import { cinemaFooter, formatMoney, formatShowDate } from '../src/mail/templates';
import { newsletterSettingsFromEnv } from '../src/settings';
import { plainText, startNotification, ticketsIssued, type NotificationUnderTest } from './helpers';

let sequence = 0;

/** The tickets of a paid order of user `userId`: 2 seats and two candy lines, $ 18,00 + 25,00 + 7,00. */
function orderPaid(userId: string, overrides: Partial<TicketsIssued['data']> = {}): TicketsIssued {
  sequence += 1;
  const seatLabels = overrides.seatLabels ?? ['F7', 'F8'];
  return ticketsIssued({
    orderId: `order-${sequence}`,
    userId,
    type: '3D',
    ticketTotal: 1800,
    candy: [
      { candyId: 'c-1', name: 'COMBO NACHOS', quantity: 2, unitPrice: 1250, totalPrice: 2500 },
      { candyId: 'c-2', name: 'cafe', quantity: 2, unitPrice: 350, totalPrice: 700 },
    ],
    total: 5000,
    tickets: seatLabels.map((seatLabel, index) => ({
      ticketId: `T${sequence}X${index}AB`,
      code: `T${sequence}X${index}AB`,
      seatLabel,
      token: `eyJhbGciOiJFZERTQSIsImtpZCI6ImFiY2QxMjM0In0.eyJzZWF0IjoiJHtzZWF0TGFiZWx9In0.firma-${sequence}-${seatLabel}`,
    })),
    ...overrides,
  });
}

describe('the receipt of a paid order', () => {
  let notification: NotificationUnderTest;

  beforeAll(async () => {
    notification = await startNotification();
  });
  afterAll(() => notification.close());

  const bus = () => notification.context.bus;

  async function register(userId: string, username: string) {
    const email = `${username.toLowerCase()}@cine.test`;
    await bus().publish(createEvent('user.registered', { userId, email, username }));
    return email;
  }

  async function receiptsTo(address: string) {
    return (await readOutbox(notification.outboxDir)).filter((mail) => mail.to === address && mail.subject.startsWith('Tu compra en Cine'));
  }

  it('mails the buyer the movie, date, time, room, seats, candy lines and total', async () => {
    const email = await register('u-receipt', 'Lucia');
    const paid = orderPaid('u-receipt');

    await bus().publish(paid);

    const [mail, ...others] = await receiptsTo(email);
    expect(others).toEqual([]);
    expect(mail?.subject).toBe('Tu compra en Cine: La Noche del Proyector');
    // Intl writes a no-break space between the currency and the amount.
    const text = plainText(mail?.text);
    expect(text).toContain('Hola Lucia:');
    expect(text).toContain('Película: La Noche del Proyector');
    expect(text).toContain('Fecha: Martes 24/11/2026');
    expect(text).toContain('Hora: 20:30');
    expect(text).toContain('Sala: 3');
    expect(text).toContain('Formato: 3D');
    expect(text).toContain('Butacas: F7, F8');
    expect(text).toContain('Entradas (2): $ 18,00');
    expect(text).toContain('2 × COMBO NACHOS: $ 25,00');
    expect(text).toContain('2 × cafe: $ 7,00');
    expect(text).toContain('Total: $ 50,00');
    expect(text).toContain(`Pedido: ${paid.data.orderId}`);
    expect(text).toContain('Cine: Av. Corrientes 1234, Ciudad Autónoma de Buenos Aires');
    expect(text).toContain('Horarios: Todos los días de 10:00 a 0:30');
    expect(text).toContain(`© ${new Date().getFullYear()} Cine`);
    const html = plainText(mail?.html);
    for (const fact of [
      'La Noche del Proyector',
      'Martes 24/11/2026',
      '20:30',
      '>Sala<',
      '>3<',
      'F7, F8',
      '2 × COMBO NACHOS',
      '$ 25,00',
      '$ 50,00',
    ]) {
      expect(html).toContain(fact);
    }
  });

  it('lists each priced ticket of an order.paid version 2 (seat, type, base, surcharges, total) and each e-ticket its type', async () => {
    const email = await register('u-lines', 'Lina');
    const lines: PricedLine[] = [
      { seatLabel: 'K7', type: 'general', typeName: 'General', category: 'premium', base: 1000, surcharges: [], total: 1000 },
      {
        seatLabel: 'K8',
        type: 'menor',
        typeName: 'Menor (hasta 12 años)',
        category: 'premium',
        base: 300,
        surcharges: [
          { reason: 'Formato 3D', amount: 200 },
          { reason: 'Butaca premium', amount: 300 },
        ],
        total: 800,
      },
    ];
    await bus().publish(orderPaid('u-lines', { seatLabels: ['K7', 'K8'], lines }));

    const [mail] = await receiptsTo(email);
    const text = plainText(mail?.text);
    expect(text).toContain(
      [
        'Butaca K7 · General: $ 10,00',
        'Butaca K8 · Menor (hasta 12 años): $ 8,00',
        '   Precio base: $ 3,00',
        '   Formato 3D: + $ 2,00',
        '   Butaca premium: + $ 3,00',
      ].join('\n'),
    );
    // The totals stay the order's.
    expect(text).toContain('Entradas (2): $ 18,00');
    expect(text).toContain('Total: $ 50,00');
    expect(text).toMatch(/Butaca K7 \(General\): código T\d+X0AB/);
    expect(text).toMatch(/Butaca K8 \(Menor \(hasta 12 años\)\): código T\d+X1AB/);
    const html = plainText(mail?.html);
    expect(html).toContain('Detalle de las entradas');
    expect(html).toContain('Butaca K8 · Menor (hasta 12 años)');
    expect(html).toContain('+ $ 2,00');
    expect(html).toContain('Butaca <strong>K8</strong> · Menor (hasta 12 años) · código');
  });

  it('lists no lines nor types for an order.paid version 1 (every seat General, as before ticket types)', async () => {
    const email = await register('u-v1', 'Vera');
    const paid = orderPaid('u-v1');
    expect(paid.data.lines).toBeUndefined();

    await bus().publish(paid);

    const [mail] = await receiptsTo(email);
    expect(mail?.text).not.toContain('· General');
    expect(mail?.text).toContain(`Butaca F7: código ${paid.data.tickets[0]!.code}`);
    expect(mail?.html).not.toContain('Detalle de las entradas');
  });

  it("names the order by its short code and links to the order's page and Mis entradas on the public site", async () => {
    const email = await register('u-links', 'Lara');
    const paid = orderPaid('u-links', { orderCode: 'K7M2QX9P' });
    const site = newsletterSettingsFromEnv().publicUrl;

    await bus().publish(paid);

    const [mail] = await receiptsTo(email);
    const text = mail?.text ?? '';
    expect(text).toContain('Pedido: K7M2QX9P');
    expect(text).not.toContain(`Pedido: ${paid.data.orderId}`);
    expect(text).toContain(`Ver tu compra: ${site}/compra/${paid.data.orderId}`);
    expect(text).toContain(`Mis entradas: ${site}/mis-entradas`);
    expect(mail?.html).toContain(`href="${site}/compra/${paid.data.orderId}"`);
    expect(mail?.html).toContain(`href="${site}/mis-entradas"`);
  });

  it('sends one receipt however often the event is delivered', async () => {
    const email = await register('u-twice', 'Bruno');
    const paid = orderPaid('u-twice');

    await bus().publish(paid);
    await bus().publish(paid);
    await bus().publish(paid);

    expect(await receiptsTo(email)).toHaveLength(1);
  });

  it('mails nothing for order.paid itself (nor its replay by sales): the receipt waits for the tickets', async () => {
    const email = await register('u-replayed', 'Carla');
    const { tickets: _tickets, startsAt: _startsAt, endsAt: _endsAt, ...order } = orderPaid('u-replayed').data;

    await bus().publish(createEvent('order.paid', order));
    await bus().publish(createEvent('order.paid', { ...order, republished: true }));

    expect(await receiptsTo(email)).toEqual([]);
  });

  it("carries each ticket's QR code as an inline image that reads back as its token, and the show as a calendar entry", async () => {
    const email = await register('u-qr', 'Quique');
    const paid = orderPaid('u-qr');

    await bus().publish(paid);

    const [mail] = await receiptsTo(email);
    expect(mail?.text).toContain(`Butaca F7: código ${paid.data.tickets[0]!.code}`);
    for (const ticket of paid.data.tickets) {
      const image = mail?.attachments.find((attachment) => attachment.cid === `entrada-${ticket.code}@cine`);
      expect(image?.contentType).toBe('image/png');
      expect(mail?.html).toContain(`src="cid:entrada-${ticket.code}@cine"`);
      const png = PNG.sync.read(image!.content);
      expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(ticket.token);
    }
    const calendar = mail?.attachments.find((attachment) => attachment.contentType === 'text/calendar');
    expect(calendar?.filename).toBe('funcion.ics');
    const ics = calendar!.content.toString('utf8').replace(/\r?\n[ \t]/g, '');
    expect(ics).toContain('BEGIN:VEVENT');
    // The first cinema's zone (Buenos Aires, UTC-3): 23:30 UTC is 20:30 there (cinemas.test.ts: other zones).
    expect(ics).toContain('DTSTART;TZID=America/Argentina/Buenos_Aires:20261124T203000');
    expect(ics).toContain('DTEND;TZID=America/Argentina/Buenos_Aires:20261124T221000');
    expect(ics).toContain('SUMMARY:La Noche del Proyector (3D) — Cine');
    expect(ics).toContain('Butacas: F7\\, F8');
  });

  it('renders the QR codes and the calendar entry in a worker thread, started with the first receipt and ended with the service', async () => {
    const own = await startNotification();
    const renderer = own.app.receiptAttachments;
    let exited: Promise<unknown[]> | undefined;
    try {
      expect(renderer.threads).toEqual([]);
      await own.context.bus.publish(createEvent('user.registered', { userId: 'u-thread', email: 'hilo@cine.test', username: 'Hilo' }));
      await own.context.bus.publish(orderPaid('u-thread'));

      const [mail] = (await readOutbox(own.outboxDir)).filter((sent) => sent.subject.startsWith('Tu compra en Cine'));
      expect(mail?.attachments.filter((attachment) => attachment.contentType === 'image/png')).toHaveLength(2);
      expect(renderer.lastThreadId).toEqual(expect.any(Number));
      expect(renderer.lastThreadId).not.toBe(threadId);
      // RECEIPT_RENDER_THREADS unset: one thread.
      expect(renderer.threads).toHaveLength(1);
      exited = Promise.all(renderer.threads.map((worker) => once(worker, 'exit')));
    } finally {
      await own.close();
    }
    await exited;
    expect(renderer.threads).toEqual([]);
  });

  it('lists no candy when the order has none', async () => {
    const email = await register('u-tickets', 'Sofia');
    await bus().publish(orderPaid('u-tickets', { candy: [], total: 1800, seats: 1, seatLabels: ['A1'], ticketTotal: 1800 }));

    const [mail] = await receiptsTo(email);
    expect(mail?.text).toContain('Butacas: A1');
    expect(plainText(mail?.text)).toContain('Entradas (1): $ 18,00');
    expect(mail?.text).not.toContain(' × ');
    expect(plainText(mail?.text)).toContain('Total: $ 18,00');
  });

  it('shows the title and candy names as text in the HTML part, never as markup', async () => {
    const email = await register('u-html', 'Html');
    await bus().publish(
      orderPaid('u-html', {
        title: '<script>alert(1)</script>',
        candy: [{ candyId: 'c-x', name: '<b>combo</b>', quantity: 1, unitPrice: 100, totalPrice: 100 }],
      }),
    );

    const [mail] = await receiptsTo(email);
    expect(mail?.subject).toBe('Tu compra en Cine: <script>alert(1)</script>');
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.html).not.toContain('<b>combo');
    expect(mail?.html).toContain('&#60;b&#62;combo&#60;/b&#62;');
  });

  it('does not mail a user it has never heard of: the event fails, is retried, then dead-lettered for a replay', async () => {
    const paid = orderPaid('u-stranger');

    await bus().publish(paid);

    expect(bus().deadLetters).toEqual([
      expect.objectContaining({ consumer: 'notification.receipt', event: paid, error: 'no recipient known for user u-stranger yet' }),
    ]);
    const email = await register('u-stranger', 'Tardio');
    expect(await receiptsTo(email)).toEqual([]);

    // The replay of the dead letter, once the registration arrived, sends the receipt.
    await bus().publish(paid);
    expect(await receiptsTo(email)).toHaveLength(1);
    bus().deadLetters.length = 0;
  });

  it('still answers its health check after such a failure', async () => {
    const response = await notification.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
  });

  it('forgets a deleted user: no receipt, no retry, and a late registration does not bring the address back', async () => {
    const email = await register('u-gone', 'Ido');
    await bus().publish(createEvent('user.deleted', { userId: 'u-gone', email }));

    expect(await notification.app.recipients.lookup('u-gone')).toEqual({ state: 'deleted' });
    await bus().publish(orderPaid('u-gone'));
    await bus().publish(createEvent('user.registered', { userId: 'u-gone', email, username: 'Ido' }));

    expect(bus().deadLetters).toEqual([]);
    expect(await receiptsTo(email)).toEqual([]);
    expect(await notification.app.recipients.lookup('u-gone')).toEqual({ state: 'deleted' });
  });

  it('keeps the latest address of a user announced again', async () => {
    await register('u-again', 'Primera');
    await bus().publish(createEvent('user.registered', { userId: 'u-again', email: 'segunda@cine.test', username: 'Segunda' }));

    expect(await notification.app.recipients.lookup('u-again')).toEqual({
      state: 'known',
      recipient: { email: 'segunda@cine.test', username: 'Segunda' },
    });
  });
});

describe('user.updated (an admin renamed a user)', () => {
  let notification: NotificationUnderTest;

  beforeAll(async () => {
    notification = await startNotification();
  });
  afterAll(() => notification.close());

  it('moves the recipient to the new address and name, and ignores an older event arriving late', async () => {
    const bus = notification.context.bus;
    await bus.publish(createEvent('user.registered', { userId: 'u-renamed', email: 'antes@cine.test', username: 'Antes' }));
    const stale = {
      ...createEvent('user.updated', { userId: 'u-renamed', email: 'viejo@cine.test', username: 'Viejo' }),
      occurredAt: '2000-01-01T00:00:00.000Z',
    };
    await bus.publish(createEvent('user.updated', { userId: 'u-renamed', email: 'despues@cine.test', username: 'Después' }));
    await bus.publish(stale);

    expect(await notification.app.recipients.lookup('u-renamed')).toEqual({
      state: 'known',
      recipient: { email: 'despues@cine.test', username: 'Después' },
    });
    expect(bus.deadLetters).toEqual([]);
  });

  it('does not bring back a deleted user', async () => {
    const bus = notification.context.bus;
    await bus.publish(createEvent('user.registered', { userId: 'u-del', email: 'del@cine.test', username: 'Del' }));
    await bus.publish(createEvent('user.deleted', { userId: 'u-del', email: 'del@cine.test' }));
    await bus.publish(createEvent('user.updated', { userId: 'u-del', email: 'otra@cine.test', username: 'Otra' }));

    expect(await notification.app.recipients.lookup('u-del')).toEqual({ state: 'deleted' });
  });
});

describe('receipt formats', () => {
  it("writes cents in the cinema's money, as the site does (es-AR pesos by default)", () => {
    expect(formatMoney(1250)).toBe('$\u00a012,50');
    expect(formatMoney(5)).toBe('$\u00a00,05');
    expect(formatMoney(0)).toBe('$\u00a00,00');
    expect(formatMoney(123456)).toBe('$\u00a01.234,56');
  });

  it("ends with the cinema's name, address and hours from the configuration and the current year", () => {
    expect(cinemaFooter(new Date('2031-05-01T12:00:00Z'))).toEqual([
      'Cine: Av. Corrientes 1234, Ciudad Autónoma de Buenos Aires',
      'Horarios: Todos los días de 10:00 a 0:30',
      '© 2031 Cine',
    ]);
  });

  it('writes the show date with its weekday, as the site does', () => {
    expect(formatShowDate('2026-11-24')).toBe('Martes 24/11/2026');
    expect(formatShowDate('2026-11-28')).toBe('Sabado 28/11/2026');
    expect(formatShowDate('2026-11-29')).toBe('Domingo 29/11/2026');
  });
});

describe('the refund mail', () => {
  let notification: NotificationUnderTest;

  beforeAll(async () => {
    notification = await startNotification();
  });
  afterAll(() => notification.close());

  function orderRefunded(userId: string, overrides: Partial<OrderRefunded['data']> = {}): OrderRefunded {
    const { seats: _seats, ticketTotal: _ticketTotal, total: _total, ...order } = orderPaid(userId).data;
    return createEvent('order.refunded', {
      ...order,
      refundId: `refund-${sequence}`,
      seatLabels: ['F7'],
      ticketAmount: 900,
      candy: [{ candyId: 'c-1', name: 'COMBO NACHOS', quantity: 2, unitPrice: 1250, totalPrice: 2500 }],
      amount: 3400,
      reason: 'Butaca rota',
      by: 'admin',
      refundedAt: '2026-11-23T16:00:00.000Z',
      ...overrides,
    });
  }

  async function refundMailsTo(address: string) {
    return (await readOutbox(notification.outboxDir)).filter(
      (mail) => mail.to === address && /^(Compra cancelada|Reembolso)/.test(mail.subject),
    );
  }

  it('mails the buyer, in Spanish, what was refunded and how much, once per refund; a replay mails nothing', async () => {
    await notification.context.bus.publish(createEvent('user.registered', { userId: 'u-refund', email: 'ana@cine.test', username: 'Ana' }));
    const refunded = orderRefunded('u-refund');
    await notification.context.bus.publish(refunded);
    await notification.context.bus.publish(refunded);
    await notification.context.bus.publish(createEvent('order.refunded', { ...refunded.data, refundId: 'other', republished: true }));

    const [mail, ...others] = await refundMailsTo('ana@cine.test');
    expect(others).toEqual([]);
    expect(mail?.subject).toBe('Reembolso de tu compra en Cine: La Noche del Proyector');
    const text = plainText(mail?.text);
    expect(text).toContain('Hola Ana:');
    expect(text).toContain('El cine reembolsó parte o la totalidad de tu compra.');
    expect(text).toContain('Entradas (F7): $ 9,00');
    expect(text).toContain('2 × COMBO NACHOS: $ 25,00');
    expect(text).toContain('Total reembolsado: $ 34,00');
    expect(text).toContain('Motivo: Butaca rota');
    expect(text).toContain('Las entradas reembolsadas ya no son válidas.');
  });

  it('names each refunded ticket with its type and line total when order.refunded carries lines (version 2)', async () => {
    await notification.context.bus.publish(
      createEvent('user.registered', { userId: 'u-refund-v2', email: 'rita@cine.test', username: 'Rita' }),
    );
    const lines: PricedLine[] = [
      {
        seatLabel: 'F7',
        type: 'menor',
        typeName: 'Menor (hasta 12 años)',
        category: 'premium',
        base: 600,
        surcharges: [{ reason: 'Butaca premium', amount: 300 }],
        total: 900,
      },
    ];
    await notification.context.bus.publish(orderRefunded('u-refund-v2', { lines, refundId: 'r-v2' }));

    const [mail] = await refundMailsTo('rita@cine.test');
    const text = plainText(mail?.text);
    expect(text).toContain('Butaca F7 · Menor (hasta 12 años): $ 9,00');
    expect(text).not.toContain('Entradas (F7)');
    expect(text).toContain('Total reembolsado: $ 34,00');
  });

  it("says 'Compra cancelada' when the buyer cancelled", async () => {
    await notification.context.bus.publish(
      createEvent('user.registered', { userId: 'u-cancel', email: 'bruno@cine.test', username: 'Bruno' }),
    );
    await notification.context.bus.publish(
      orderRefunded('u-cancel', { by: 'buyer', reason: 'Cancelada por el comprador', refundId: 'r-cancel' }),
    );
    const [mail] = await refundMailsTo('bruno@cine.test');
    expect(mail?.subject).toBe('Compra cancelada en Cine: La Noche del Proyector');
    expect(mail?.text).toContain('Cancelaste tu compra.');
    expect(mail?.text).not.toContain('Motivo:');
  });
});

describe('the mail of a moved show', () => {
  let notification: NotificationUnderTest;

  beforeAll(async () => {
    notification = await startNotification();
  });
  afterAll(() => notification.close());

  function showMoved(userId: string): OrderShowMoved {
    return createEvent('order.show-moved', {
      orderId: 'order-moved',
      userId,
      showId: 'show-1',
      movieId: 'movie-1',
      title: 'La Noche del Proyector',
      roomId: 3,
      type: '2D',
      seatLabels: ['F7', 'F8'],
      from: { date: '2026-11-27', schedule: '19:30' },
      to: { date: '2026-11-28', schedule: '21:15' },
      startsAt: '2026-11-29T00:15:00.000Z',
      endsAt: '2026-11-29T02:15:00.000Z',
      movedAt: '2026-11-26T15:00:00.000Z',
    });
  }

  it('tells the buyer, once, the old and the new time, the seats, and that they may cancel with a full refund', async () => {
    await notification.context.bus.publish(
      createEvent('user.registered', { userId: 'u-moved', email: 'carla@cine.test', username: 'Carla' }),
    );
    const moved = showMoved('u-moved');
    await notification.context.bus.publish(moved);
    await notification.context.bus.publish(moved);

    const mails = (await readOutbox(notification.outboxDir)).filter(
      (mail) => mail.to === 'carla@cine.test' && mail.subject.startsWith('Cambió el horario'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Cambió el horario de tu función en Cine: La Noche del Proyector');
    const text = mails[0]?.text ?? '';
    expect(text).toContain('Hola Carla:');
    expect(text).toContain('Antes: Viernes 27/11/2026 19:30');
    expect(text).toContain('Ahora: Sabado 28/11/2026 21:15');
    expect(text).toContain('Butacas: F7, F8');
    expect(text).toContain('puedes cancelar la compra desde Mis compras con el reembolso completo, hasta que empiece la función.');
  });
});
