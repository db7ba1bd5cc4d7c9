/**
 * Issue 34: an offline door's 1,000 scans of one show reach booking through the gateway (64 KiB bodies),
 * cut as a door cuts them (offlineBatchSize, the door queue's), each admitted once.
 */
import {
  FIRST_CINEMA_ID,
  localDateTime,
  offlineBatchSize,
  TICKET_CODE_ALPHABET,
  type OfflineCheckinAnswer,
  type OfflineScan,
  type TicketKeySet,
} from '@cine/contracts';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD } from '@cine/identity-service';
import { resolveTicketSigningKey } from '@cine/service-kit';
import { importPKCS8, SignJWT } from 'jose';
import mongoose from 'mongoose';
import type { RunningPlatform } from './platform';
import { startTestPlatform, type TestPlatform } from './testing/embedded-platform';
import { api, signIn } from './testing/gateway-api';

jest.setTimeout(10 * 60_000);

const SCANS = 1_000;
let running: TestPlatform;
let platform: RunningPlatform;
let dataDir: string;

beforeAll(async () => {
  running = await startTestPlatform('offline-door');
  ({ platform, dataDir } = running);
});

afterAll(async () => {
  await running?.stop();
});

/** A staff member made by the admin, signed in. */
async function staffToken(base: string): Promise<string> {
  const email = 'puerta@cine.test';
  const password = 'ClaveDePuerta2026!';
  const made = await api(base, 'POST', '/auth/register', {
    token: await signIn(base, DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD),
    body: { email, username: 'puerta', password, role: 'staff', cinemaIds: [FIRST_CINEMA_ID] },
  });
  if (made.status !== 201) throw new Error(`staff not made: ${made.status} ${JSON.stringify(made.json)}`);
  return signIn(base, email, password);
}

/** The n-th ticket code: 8 characters of the tickets' alphabet. */
function codeOf(n: number): string {
  let code = '';
  for (let rest = n, place = 0; place < 8; place += 1, rest = Math.floor(rest / TICKET_CODE_ALPHABET.length)) {
    code = TICKET_CODE_ALPHABET[rest % TICKET_CODE_ALPHABET.length] + code;
  }
  return code;
}

it('uploads 1,000 offline scans of one show through the gateway in batches that fit, admitting each ticket once', async () => {
  const base = platform.gatewayUrl;
  const staff = await staffToken(base);
  const db = mongoose.createConnection(platform.mongoUrl, { dbName: 'cine_booking' });
  try {
    // A show starting in half an hour (its door is open), with 1,000 tickets sold: more seats than a room
    // has, so they are written as booking issues them rather than sold through the API.
    const now = Date.now();
    const startsAt = new Date(now + 30 * 60_000 + 17_000);
    const { date, time } = localDateTime(startsAt);
    const showId = new mongoose.Types.ObjectId();
    await db.collection('shows').insertOne({
      _id: showId,
      movieId: new mongoose.Types.ObjectId().toHexString(),
      startsAt,
      endsAt: new Date(startsAt.getTime() + 120 * 60_000),
      date,
      schedule: time,
      roomId: 5,
      type: '2D',
      price: 900,
      capacity: SCANS,
      rows: 1,
      seatsPerRow: SCANS,
      available: 0,
      holdsExpireAt: null,
      version: 0,
      seats: [],
    });
    const { pem } = resolveTicketSigningKey(dataDir);
    const key = await importPKCS8(pem, 'EdDSA');
    const { kid } = ((await api(base, 'GET', '/tickets/keys')).json as TicketKeySet).keys[0]!;
    const exp = Math.floor(startsAt.getTime() / 1000) + 86_400;
    const tickets = await Promise.all(
      Array.from({ length: SCANS }, async (_, n) => {
        const code = codeOf(n + 1);
        const seatLabel = `A${n + 1}`;
        const token = await new SignJWT({ sid: showId.toHexString(), seat: seatLabel })
          .setProtectedHeader({ alg: 'EdDSA', kid })
          .setJti(code)
          .setExpirationTime(exp)
          .sign(key);
        return {
          _id: code,
          orderId: `order-${Math.floor(n / 10)}`,
          userId: 'buyer',
          showId: showId.toHexString(),
          movieId: 'movie',
          title: 'Mil en la puerta',
          seatLabel,
          token,
          state: 'valid',
          issuedAt: new Date(now - 3_600_000),
          outbox: [],
        };
      }),
    );
    await db.collection('tickets').insertMany(tickets as never[]);

    const scannedAt = new Date(now - 60_000).toISOString();
    const scans: OfflineScan[] = tickets.map((ticket, n) => ({
      clientScanId: `puerta-1-${String(n).padStart(6, '0')}-5f0c2d9a7b`,
      token: ticket.token,
      showId: showId.toHexString(),
      scannedAt,
      entrance: 'Puerta principal',
    }));

    // What the door used to send, 500 scans at once: more than the gateway takes.
    expect((await api(base, 'POST', '/checkin/offline', { token: staff, body: { scans: scans.slice(0, 500) } })).status).toBe(413);

    const started = performance.now();
    const statuses: number[] = [];
    const results: OfflineCheckinAnswer['results'] = [];
    for (let from = 0; from < scans.length;) {
      const batch = scans.slice(from, from + offlineBatchSize(scans.slice(from)));
      const answer = await api(base, 'POST', '/checkin/offline', { token: staff, body: { scans: batch } });
      statuses.push(answer.status);
      if (answer.status !== 200) throw new Error(`batch refused: ${answer.status} ${JSON.stringify(answer.json)}`);
      results.push(...(answer.json as OfflineCheckinAnswer).results);
      from += batch.length;
    }
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`1,000 offline scans: ${statuses.length} uploads in ${seconds.toFixed(1)} s\n`);

    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(results).toHaveLength(SCANS);
    expect(results.filter((result) => result.result === 'admitted' && !result.conflict)).toHaveLength(SCANS);
    expect(await db.collection('tickets').countDocuments({ showId: showId.toHexString(), state: 'used' })).toBe(SCANS);
  } finally {
    await db.close();
  }
});
