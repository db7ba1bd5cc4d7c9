import type { ClubPassChanged, ClubPassDeclined } from '@cine/contracts';
import { createEvent } from '@cine/service-kit';
import { orderRefunded, plainText as plain, startNotification, ticketsIssued, type NotificationUnderTest } from './helpers';

/** Issue 41: the Cine Pase mails (a declined renewal, a lapsed pass) and the receipt's points and pass parts. */
describe('Cine Club mails (issue 41)', () => {
  let notification: NotificationUnderTest;

  beforeAll(async () => {
    notification = await startNotification();
    await notification.context.bus.publish(
      createEvent('user.registered', { userId: 'u-club', email: 'sofia@cine.test', username: 'Sofía' }),
    );
  });
  afterAll(() => notification.close());

  const declined = (overrides: Partial<ClubPassDeclined['data']> = {}): ClubPassDeclined =>
    createEvent('club.pass-declined', {
      passId: 'pass-1',
      userId: 'u-club',
      planName: 'Pase 4 entradas',
      period: '2026-11-23',
      amount: 2_500_00,
      reason: 'card_declined',
      // 2026-11-26 12:00 in Buenos Aires.
      graceUntil: '2026-11-26T15:00:00.000Z',
      at: '2026-11-23T15:00:00.000Z',
      ...overrides,
    });
  const changed = (status: ClubPassChanged['data']['status'], overrides: Partial<ClubPassChanged['data']> = {}): ClubPassChanged =>
    createEvent('club.pass-changed', {
      passId: 'pass-1',
      userId: 'u-club',
      planName: 'Pase 4 entradas',
      status,
      renewsAt: '2026-11-23T15:00:00.000Z',
      at: '2026-11-26T15:00:00.000Z',
      ...overrides,
    });

  it('mails the member once that the renewal was declined: change the card before the grace ends, a link to the club', async () => {
    const event = declined();
    await notification.context.bus.publish(event);
    await notification.context.bus.publish(event);
    const mails = (await notification.mailsTo('sofia@cine.test')).filter((mail) => mail.subject.startsWith('No pudimos renovar'));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('No pudimos renovar tu Cine Pase de Cine');
    const text = plain(mail?.text);
    expect(text).toContain('Hola Sofía:');
    expect(text).toContain('Tu banco rechazó el cobro de la renovación de tu Cine Pase «Pase 4 entradas» ($ 2.500,00).');
    expect(text).toContain('cambia tu tarjeta antes de esa fecha');
    expect(text).toContain('Cambia tu tarjeta antes del: 26/11/2026 a las 12:00');
    expect(text).toMatch(/Ir a Cine Club: http\S*\/club$/m);
    expect(mail?.html).toMatch(/href="http[^"]*\/club"/);
    expect(notification.context.bus.deadLetters).toEqual([]);
  });

  it('mails the member when the pass lapsed, and nothing on any other change of status', async () => {
    await notification.context.bus.publish(changed('grace'));
    await notification.context.bus.publish(changed('active', { passId: 'pass-2' }));
    await notification.context.bus.publish(changed('cancelling', { passId: 'pass-3' }));
    await notification.context.bus.publish(changed('ended', { passId: 'pass-3' }));
    expect((await notification.mailsTo('sofia@cine.test')).filter((mail) => mail.subject.includes('venció'))).toHaveLength(0);

    await notification.context.bus.publish(changed('lapsed'));
    const lapsed = (await notification.mailsTo('sofia@cine.test')).filter((mail) => mail.subject.includes('venció'));
    expect(lapsed).toHaveLength(1);
    expect(lapsed[0]?.subject).toBe('Tu Cine Pase de Cine venció');
    expect(plain(lapsed[0]?.text)).toContain('el período de gracia terminó, así que tu pase venció');
    expect(lapsed[0]?.text).toMatch(/Ir a Cine Club: http\S*\/club$/m);
  });

  it('keeps a pass mail of a member not known yet for a redelivery (dead-lettered, not dropped)', async () => {
    await notification.context.bus.publish(declined({ userId: 'u-unknown', passId: 'pass-9' }));
    expect(notification.context.bus.deadLetters.map((letter) => letter.event.type)).toContain('club.pass-declined');
  });

  it('the receipt shows what the pass covered and the points paid (how many), beside the bank card', async () => {
    await notification.context.bus.publish(
      ticketsIssued({
        orderId: 'order-club',
        userId: 'u-club',
        payments: [
          { kind: 'pass', amount: 1000 },
          { kind: 'points', amount: 400, points: 400 },
          { kind: 'card', amount: 600 },
        ],
      }),
    );
    const [mail] = (await notification.mailsTo('sofia@cine.test')).filter((sent) => sent.subject.startsWith('Tu compra en'));
    const text = plain(mail?.text);
    expect(text).toContain('Total: $ 20,00');
    expect(text).toContain('Cubierto por tu Cine Pase: $ 10,00');
    expect(text).toContain('Pagado con puntos de Cine Club (400 puntos): $ 4,00');
    expect(text).toContain('Pagado con la tarjeta bancaria: $ 6,00');
    expect(mail?.html).toContain('Pagado con puntos de Cine Club (400 puntos)');
  });

  it('the refund mail says what went back as points', async () => {
    await notification.context.bus.publish(
      orderRefunded({
        refundId: 'refund-club',
        orderId: 'order-club',
        userId: 'u-club',
        payments: [
          { kind: 'points', amount: 400, points: 400 },
          { kind: 'card', amount: 600 },
        ],
      }),
    );
    const [mail] = (await notification.mailsTo('sofia@cine.test')).filter((sent) => sent.subject.startsWith('Compra cancelada'));
    const text = plain(mail?.text);
    expect(text).toContain('Devuelto en puntos de Cine Club (400 puntos): $ 4,00');
    expect(text).toContain('Devuelto a la tarjeta bancaria: $ 6,00');
    expect(text).toContain('Los puntos con los que pagaste ya volvieron a tu saldo de Cine Club.');
  });
});
