/**
 * @jest-environment node
 */
import QRCode from 'qrcode';
import { decodeQr, type Pixels } from './qrDecoder';

/** A QR code as a phone's camera would see it: `qrcode`'s modules drawn black on white, with a quiet zone. */
function photographedQr(text: string, moduleSize = 4): Pixels {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const width = (modules.size + 2 * quiet) * moduleSize;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (!modules.get(row, column)) continue;
      for (let dy = 0; dy < moduleSize; dy += 1) {
        const start = (((row + quiet) * moduleSize + dy) * width + (column + quiet) * moduleSize) * 4;
        for (let dx = 0; dx < moduleSize; dx += 1) data.fill(0, start + dx * 4, start + dx * 4 + 3);
      }
    }
  }
  return { data, width, height: width };
}

// A ticket token's shape and length: a compact EdDSA JWS of {jti, sid, seat, exp}.
const TOKEN =
  'eyJhbGciOiJFZERTQSIsImtpZCI6InRrLTIwMjYifQ.eyJqdGkiOiJIN0tNMlFQWCIsInNpZCI6IjY3NDVhYmNkZWYwMTIzNDU2Nzg5YWJjZCIsInNlYXQiOiJGMTIiLCJleHAiOjE3OTg3NjE2MDB9.' +
  'Wq3n8mWbq0yQ4mU3m4V1o9q8nXW2yTf3kq6F6q7c9xv1e0b4h2zVY1m7w5h1u8kq0Y2m3b5n7c9x1z3v5b7n9m1q3';

test('reads the token back from a QR image drawn by qrcode', async () => {
  expect(await decodeQr(photographedQr(TOKEN))).toBe(TOKEN);
});

test('reads it when the camera sees it small (2 pixels a module)', async () => {
  expect(await decodeQr(photographedQr(TOKEN, 2))).toBe(TOKEN);
});

test('answers null for an image without a QR code', async () => {
  const blank = { data: new Uint8ClampedArray(200 * 200 * 4).fill(255), width: 200, height: 200 };
  expect(await decodeQr(blank)).toBeNull();
});
