import type { GiftCardIssued, PricedLine, TicketsIssued } from '@cine/contracts';
import { createEvent } from '@cine/service-kit';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { orderRefunded, plainText, startNotification, ticketsIssued as paidTickets, type NotificationUnderTest } from './helpers';

const CODE = '7KQ2MX9P4HTRWN3C';

function giftCardIssued(overrides: Partial<GiftCardIssued['data']> = {}): GiftCardIssued {
  return createEvent('gift-card.issued', {
    cardId: '65a000000000000000000001',
    code: CODE,
    last4: 'WN3C',
    amount: 250_000,
    currency: 'ARS',
    expiresAt: '2027-11-24T15:00:00.000Z',
    origin: 'sold',
    orderId: '65a0000000000000000000aa',
    buyerId: '65a0000000000000000000bb',
    senderName: 'Marta',
    recipientEmail: 'lucia@cine.test',
    recipientName: 'Lucía',
    message: '¡Feliz cumple! Invita a <b>alguien</b>.',
    issuedAt: '2026-11-23T15:00:00.000Z',
    ...overrides,
  });
}

describe('the gift card mail (issue 39)', () => {
  let notification: NotificationUnderTest;

  beforeAll(async () => {
    notification = await startNotification();
  });
  afterAll(() => notification.close());

  const mailsTo = (address: string) => notification.mailsTo(address);

  it("mails the recipient, once, the code grouped and as a QR code, the sender's name and message, the amount and expiry", async () => {
    const event = giftCardIssued();
    await notification.context.bus.publish(event);
    await notification.context.bus.publish(event);

    const [mail, ...others] = await mailsTo('lucia@cine.test');
    expect(others).toEqual([]);
    expect(mail?.subject).toBe('Marta te regaló una tarjeta regalo de Cine');
    const text = plainText(mail?.text);
    expect(text).toContain('Hola Lucía:');
    expect(text).toContain('Marta te regaló una tarjeta regalo de $ 2.500,00');
    expect(text).toContain('Su mensaje: «¡Feliz cumple! Invita a <b>alguien</b>.»');
    expect(text).toContain('Tu código: 7KQ2-MX9P-4HTR-WN3C');
    expect(text).toContain('Monto: $ 2.500,00');
    expect(text).toContain('Vence: Miércoles 24/11/2027');
    expect(text).toContain('/tarjeta-regalo');
    // The message is text in the HTML part, never markup.
    expect(mail?.html).toContain('&#60;b&#62;alguien&#60;/b&#62;');
    expect(mail?.html).toContain('7KQ2-MX9P-4HTR-WN3C');
    expect(mail?.html).toContain('src="cid:tarjeta-regalo@cine"');
    const image = mail?.attachments.find((attachment) => attachment.cid === 'tarjeta-regalo@cine');
    expect(image?.contentType).toBe('image/png');
    const png = PNG.sync.read(image!.content);
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(CODE);
  });

  it("an admin's card comes from the cinema, without a message; no sender's name says who", async () => {
    await notification.context.bus.publish(
      giftCardIssued({
        cardId: '65a000000000000000000002',
        origin: 'issued',
        recipientEmail: 'tomas@cine.test',
        recipientName: undefined,
        senderName: undefined,
        message: undefined,
        orderId: undefined,
        buyerId: undefined,
      }),
    );
    await notification.context.bus.publish(
      giftCardIssued({ cardId: '65a000000000000000000003', recipientEmail: 'sin@cine.test', senderName: undefined, message: undefined }),
    );
    const [issued] = await mailsTo('tomas@cine.test');
    expect(issued?.subject).toBe('Te regalamos una tarjeta regalo de Cine');
    expect(issued?.text).toContain('Te regalamos una tarjeta regalo de');
    expect(issued?.text).toMatch(/^Hola:/);
    expect(issued?.text).not.toContain('Su mensaje');
    const [anonymous] = await mailsTo('sin@cine.test');
    expect(anonymous?.subject).toBe('Alguien te regaló una tarjeta regalo de Cine');
  });
});

describe("the receipt's and the refund's discount and payment parts (issue 39)", () => {
  let notification: NotificationUnderTest;

  beforeAll(async () => {
    notification = await startNotification();
    await notification.context.bus.publish(
      createEvent('user.registered', { userId: 'u-promo', email: 'pablo@cine.test', username: 'Pablo' }),
    );
  });
  afterAll(() => notification.close());

  const lines: PricedLine[] = ['F7', 'F8'].map((seatLabel) => ({
    seatLabel,
    type: 'general',
    typeName: 'General',
    category: 'standard',
    base: 1000,
    surcharges: [],
    total: 1000,
    discount: 250,
  }));

  const ticketsIssued = (data: Partial<TicketsIssued['data']>): TicketsIssued =>
    paidTickets({ orderId: 'order-promo', userId: 'u-promo', lines, total: 1500, ...data });

  it('the receipt shows the code and what it took off, each line its discount, and how the total was paid', async () => {
    await notification.context.bus.publish(
      ticketsIssued({
        discount: 500,
        promo: { code: 'VERANO', name: 'Verano' },
        payments: [
          { kind: 'gift_card', amount: 1200, last4: 'WN3C' },
          { kind: 'card', amount: 300 },
        ],
      }),
    );
    const [mail] = (await notification.mailsTo('pablo@cine.test')).filter((sent) => sent.subject.startsWith('Tu compra en'));
    const text = plainText(mail?.text);
    expect(text).toContain('Entradas (2): $ 20,00');
    expect(text).toContain('Descuento (VERANO): − $ 5,00');
    expect(text).toContain('   Descuento: − $ 2,50');
    expect(text).toContain('Total: $ 15,00');
    expect(text).toContain('Pagado con la tarjeta regalo ···· WN3C: $ 12,00');
    expect(text).toContain('Pagado con la tarjeta bancaria: $ 3,00');
  });

  it('a receipt paid all by bank card without a code says nothing of either, as before', async () => {
    await notification.context.bus.publish(
      ticketsIssued({ orderId: 'order-plain', lines: undefined, total: 2000, payments: [{ kind: 'card', amount: 2000 }] }),
    );
    const mails = (await notification.mailsTo('pablo@cine.test')).filter((sent) => sent.subject.startsWith('Tu compra en'));
    const plain = mails.find((sent) => !sent.text.includes('VERANO'));
    expect(plain?.text).not.toContain('Descuento');
    expect(plain?.text).not.toContain('Pagado con');
  });

  it('the refund mail gives each ticket back at what was paid, and says what went back to the gift card', async () => {
    await notification.context.bus.publish(
      orderRefunded({
        refundId: 'refund-gift',
        orderId: 'order-promo',
        userId: 'u-promo',
        seatLabels: ['F7'],
        ticketAmount: 750,
        lines: [lines[0]!],
        amount: 750,
        payments: [
          { kind: 'gift_card', amount: 600, last4: 'WN3C' },
          { kind: 'card', amount: 150 },
        ],
      }),
    );
    const [mail] = (await notification.mailsTo('pablo@cine.test')).filter((sent) => sent.subject.startsWith('Compra cancelada'));
    const text = plainText(mail?.text);
    expect(text).toContain('Butaca F7 · General: $ 7,50');
    expect(text).toContain('Devuelto a la tarjeta regalo ···· WN3C: $ 6,00');
    expect(text).toContain('Devuelto a la tarjeta bancaria: $ 1,50');
    expect(text).toContain('lo pagado con la tarjeta regalo ya está de nuevo en su saldo');
  });
});
