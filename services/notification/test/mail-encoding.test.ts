import { randomBytes } from 'node:crypto';
import jsQR from 'jsqr';
import nodemailer from 'nodemailer';
import { PNG } from 'pngjs';
import QRCode, { type QRCodeToBufferOptions } from 'qrcode';
import { qrPng } from '../src/mail/attachments-worker';
import { unixLineBreaks } from '../src/mail/mailer';

/**
 * How the receipts' and gift cards' QR codes were drawn before qrPng: qrcode's own PNG (RGBA), 5 px a module, 2 modules
 * of margin (pngjs's row filter Up, as then: it changes the file, not the pixels).
 */
const QRCODE_PNG: QRCodeToBufferOptions = {
  type: 'png',
  errorCorrectionLevel: 'M',
  margin: 2,
  scale: 5,
  rendererOpts: { filterType: 2 } as QRCodeToBufferOptions['rendererOpts'],
};

/** A ticket's token as booking signs it (compact JWS, EdDSA, `kid`): ~240 characters of base64url. */
const TICKET_TOKEN =
  'eyJhbGciOiJFZERTQSIsImtpZCI6ImFiY2QxMjM0In0.' +
  'eyJzaWQiOiI2NWYxYzJhOWU0YjBhMWIyYzNkNGU1ZjYiLCJzZWF0IjoiRjciLCJqdGkiOiJLN00yUVg5UCIsImV4cCI6MTc5NTAwMDAwMH0.' +
  'x3sK1o9yqQm3Vv0n8Lr2C5b7TzY4hW6pJfG1dE0aSxNcRkUiOtBuHlPyMgAqZwDe9r8s7t6u5v4w3x2y1z0A1B2C3D4E5F6G7H8I9J0K1L2M3N4O5';

const pixels = (png: Buffer) => PNG.sync.read(png);

describe("the QR codes' images", () => {
  it("are qrcode's own pixels (its modules, its mask, scale 5, margin 2), for tokens, gift card codes and any length", async () => {
    const texts = [
      TICKET_TOKEN,
      'ABCD2345EFGH6789',
      // Versions 1 to 13 in byte mode at level M (each text picks its own mask).
      ...Array.from({ length: 12 }, (_, index) =>
        randomBytes(300)
          .toString('base64url')
          .slice(0, 1 + index * 25),
      ),
    ];
    for (const text of texts) {
      const expected = pixels(await QRCode.toBuffer([{ data: Buffer.from(text), mode: 'byte' }], QRCODE_PNG));
      const drawn = pixels(qrPng(text));
      expect({ text, width: drawn.width, height: drawn.height }).toEqual({ text, width: expected.width, height: expected.height });
      expect(drawn.data.equals(expected.data)).toBe(true);
    }
  });

  it("read back as the ticket's token, in a file a tenth of qrcode's", async () => {
    const png = qrPng(TICKET_TOKEN);
    const image = pixels(png);
    // Version 12 (65 modules and the margin's 4), 5 px a module.
    expect(image.width).toBe(345);
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(TICKET_TOKEN);
    const before = await QRCode.toBuffer([{ data: Buffer.from(TICKET_TOKEN), mode: 'byte' }], QRCODE_PNG);
    expect(png.length).toBeLessThan(before.length / 5);
  });
});

describe("the outbox's line breaks", () => {
  it("are the bytes nodemailer's newline 'unix' writes", async () => {
    const unix = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const composed = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const mail = {
      from: 'Cine <no-reply@cine.local>',
      to: 'lucia@cine.test',
      subject: 'Tu compra en Cine: La Noche del Proyector — 3D',
      text: 'Hola Lucía:\r\nuna línea\nun CR suelto\rfin\n'.repeat(20),
      html: '<p>¡Gracias por tu compra!</p>\n'.repeat(50),
      date: new Date('2026-11-24T20:30:00Z'),
      messageId: '<receipt@cine.test>',
      baseBoundary: 'fixed',
      attachments: [
        { filename: 'entrada-F7.png', content: qrPng(TICKET_TOKEN), contentType: 'image/png', cid: 'entrada-K7@cine' },
        {
          filename: 'funcion.ics',
          content: 'BEGIN:VCALENDAR\r\nSUMMARY:Función\r\nEND:VCALENDAR',
          contentType: 'text/calendar; charset=utf-8',
        },
      ],
    };
    const expected = (await unix.sendMail(mail)).message as Buffer;
    const written = unixLineBreaks((await composed.sendMail(mail)).message as Buffer);
    expect(written.includes(0x0d)).toBe(false);
    expect(written.equals(expected)).toBe(true);
    expect(unixLineBreaks(Buffer.from('\r\r\na\rb\r')).toString()).toBe('\nab');
    expect(unixLineBreaks(Buffer.alloc(0))).toHaveLength(0);
  });
});
