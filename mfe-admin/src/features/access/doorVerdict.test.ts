/**
 * @jest-environment node
 */
import type { DoorShowView, TicketKeySet } from '@cine/contracts';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { decideOffline, typedInput, type DoorInput, type LocalAdmission } from './doorVerdict';
import { verifiedTicketClaims } from './signatureCheck';

const SHOW_ID = '6745abcdef0123456789abcd';
const NOW = new Date('2026-11-26T23:00:00.000Z');
const IN_A_DAY = Math.floor(NOW.getTime() / 1000) + 86_400;

let keys: TicketKeySet;
let signingKey: CryptoKey;
let otherKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  signingKey = pair.privateKey;
  otherKey = (await generateKeyPair('EdDSA', { crv: 'Ed25519' })).privateKey;
  const jwk = await exportJWK(pair.publicKey);
  keys = { keys: [{ kty: 'OKP', crv: 'Ed25519', x: jwk.x as string, kid: 'k1', alg: 'EdDSA', use: 'sig' }] };
});

const ticketToken = (code: string, { showId = SHOW_ID, seat = 'F7', exp = IN_A_DAY, key = signingKey } = {}) =>
  new SignJWT({ sid: showId, seat }).setProtectedHeader({ alg: 'EdDSA', kid: 'k1' }).setJti(code).setExpirationTime(exp).sign(key);

const door: DoorShowView = {
  show: {
    cinema: { id: 'c1e000000000000000000001', name: 'Cine Centro', address: 'Av. Corrientes 1234' },
    showId: SHOW_ID,
    movieId: 'm1',
    title: 'Dune III',
    startsAt: '2026-11-26T23:30:00.000Z',
    endsAt: '2026-11-27T02:00:00.000Z',
    date: '2026-11-26',
    day: 'Jueves',
    schedule: '20:30',
    roomId: 3,
    type: '2D',
  },
  tickets: [
    { code: 'VALID234', seatLabel: 'F7', state: 'valid' },
    { code: 'USED2345', seatLabel: 'F8', state: 'used', checkedInAt: '2026-11-26T22:50:00.000Z', entrance: 'Puerta 2' },
    { code: 'REFUND23', seatLabel: 'F9', state: 'refunded' },
  ],
  // 60 minutes before the 23:30 start to the end.
  window: { opensAt: '2026-11-26T22:30:00.000Z', closesAt: '2026-11-27T02:00:00.000Z' },
  readAt: '2026-11-26T22:55:00.000Z',
};

/** As the door decides a scan: the claims checked with the cached keys first. */
async function scan(token: string, admittedHere: LocalAdmission[] = []) {
  const claims = await verifiedTicketClaims(token, keys);
  return decideOffline({ token }, { door, admittedHere, claims, now: NOW });
}
const typed = (code: string, admittedHere: LocalAdmission[] = [], now = NOW) =>
  decideOffline({ code } as DoorInput, { door, admittedHere, now });

test('a signed ticket of the show is admitted offline, with its movie, room and seat', async () => {
  expect(await scan(await ticketToken('VALID234'))).toEqual({
    result: 'admitted',
    message: 'Entrada válida: puede pasar.',
    title: 'Dune III',
    roomId: 3,
    seatLabel: 'F7',
    date: '2026-11-26',
    schedule: '20:30',
    offline: true,
  });
});

test('a second entry of a ticket admitted at this door is already used, with when and where', async () => {
  const here = [{ code: 'VALID234', at: '2026-11-26T22:58:00.000Z', entrance: 'Puerta 1' }];
  expect(await scan(await ticketToken('VALID234'), here)).toMatchObject({
    result: 'already_used',
    usedAt: '2026-11-26T22:58:00.000Z',
    entrance: 'Puerta 1',
  });
  expect(typed('valid-234', here)).toMatchObject({ result: 'already_used', entrance: 'Puerta 1' });
});

test('the list says used or refunded: already used (when and where) or refunded', async () => {
  expect(await scan(await ticketToken('USED2345', { seat: 'F8' }))).toMatchObject({
    result: 'already_used',
    usedAt: '2026-11-26T22:50:00.000Z',
    entrance: 'Puerta 2',
  });
  expect(typed('refund23')).toMatchObject({ result: 'refunded', seatLabel: 'F9' });
});

test('a ticket of another show is wrong_show', async () => {
  expect(await scan(await ticketToken('OTHER234', { showId: 'another-show' }))).toMatchObject({
    result: 'wrong_show',
    message: 'Esta entrada es para otra función.',
  });
});

test('a signed ticket of this show sold after the list was read is admitted on its signature', async () => {
  expect(await scan(await ticketToken('NEWSALE2', { seat: 'A1' }))).toMatchObject({ result: 'admitted', seatLabel: 'A1' });
});

test('forged, altered and malformed tokens are not valid', async () => {
  const forged = await ticketToken('VALID234', { key: otherKey });
  const [header, , signature] = (await ticketToken('VALID234')).split('.');
  const altered = [
    header,
    Buffer.from(JSON.stringify({ jti: 'VALID234', sid: SHOW_ID, seat: 'A1', exp: IN_A_DAY })).toString('base64url'),
    signature,
  ].join('.');
  for (const token of [forged, altered, 'no-es-un-token']) {
    expect(await scan(token)).toMatchObject({ result: 'invalid', offline: true });
  }
});

test("a token past its exp (its show was moved later) is judged by the show's door window, not refused", async () => {
  const expired = await ticketToken('VALID234', { exp: Math.floor(NOW.getTime() / 1000) - 60 });
  expect(await scan(expired)).toMatchObject({ result: 'admitted', seatLabel: 'F7' });
});

test("outside the show's door window: too early (with when it opens) before it opens, show over once it closed", () => {
  const early = typed('VALID234', [], new Date('2026-11-26T16:39:00.000Z')); // 13:39 local, the show at 20:30
  expect(early).toMatchObject({ result: 'too_early', schedule: '20:30', date: '2026-11-26' });
  expect(early.message).toBe('La puerta de esta función abre el 26/11/2026 19:30.');
  expect(typed('VALID234', [], new Date('2026-11-26T22:29:59.000Z'))).toMatchObject({ result: 'too_early' });
  expect(typed('VALID234', [], new Date('2026-11-26T22:30:00.000Z'))).toMatchObject({ result: 'admitted' });
  expect(typed('VALID234', [], new Date('2026-11-27T02:00:00.000Z'))).toMatchObject({ result: 'show_over' });
});

test('the most important verdict first: refunded before the window, used before the window', () => {
  const early = new Date('2026-11-26T16:39:00.000Z');
  expect(typed('REFUND23', [], early)).toMatchObject({ result: 'refunded' });
  expect(typed('USED2345', [], early)).toMatchObject({ result: 'already_used' });
});

test('a typed code that no ticket of the show has is not valid', () => {
  expect(typed('ZZZZ9999')).toMatchObject({ result: 'invalid', message: 'Ninguna entrada de esta función tiene ese código.' });
});

test("what a barcode reader types is the QR's token; anything else is a code", async () => {
  const token = await ticketToken('VALID234');
  expect(typedInput(` ${token} `)).toEqual({ token });
  expect(typedInput('abcd-2345')).toEqual({ code: 'abcd-2345' });
});
