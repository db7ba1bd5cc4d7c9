/**
 * The door under load, through the gateway of `npm start` as a new user runs it (embedded FerretDB,
 * in-process bus, fresh data directory):
 *
 * 0. tickets: BENCH_CHECKIN_TICKETS (3,000) tickets sold through the API, 10 seats per order, and
 *    read back from GET /tickets/mine; a staff member made by the admin;
 * 1. race: two scanners on the same 1,000 tickets at once (one by token, one by typed code), each
 *    BENCH_CHECKIN_CONCURRENCY (8) requests in flight: exactly 1,000 must be admitted;
 * 2. rate: one entrance pair (two scanners, the same concurrency each) checks in the other tickets
 *    while a checkout burst (a show's capacity + 60 buyers at once) runs: check-ins/s and the
 *    check-in p50/p99 (targets: ≥ 200/s, p99 ≤ 200 ms);
 * 3. the token: its length in characters, and what verifying one costs a door offline (jose with the
 *    JWKS of GET /tickets/keys), in µs.
 *
 * Exit code 1 when the race admits any number but 1,000 or an answer is ≥ 500; a missed target is
 * only printed. Run with `npm run bench:checkin` (after `npm install`, which builds everything).
 */
import { FIRST_CINEMA_ID, type CheckinAnswer, type LoginResponse, type ShowView, type TicketView } from '@cine/contracts';
import { availableParallelism, loadavg } from 'node:os';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { api } from '../testing/gateway-api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startNpmStart, stopNpmStart } from '../testing/npm-start';
import { BenchShop, isPaid, isServerError, percentile, print, registerBuyers, type BenchBuyer } from './bench-kit';

const settings = {
  tickets: Number(process.env.BENCH_CHECKIN_TICKETS ?? 3_000),
  concurrency: Number(process.env.BENCH_CHECKIN_CONCURRENCY ?? 8),
  extraBuyers: Number(process.env.BENCH_EXTRA_BUYERS ?? 60),
};
const RACE_TICKETS = 1_000;
const SEATS_PER_ORDER = 10;
const VERIFICATIONS = 2_000;
const TARGET_RATE = 200;
const TARGET_P99_MS = 200;

interface Scan {
  status: number;
  result?: CheckinAnswer['result'];
  ms: number;
}

type Scanner = (ticket: TicketView) => Promise<Scan>;

/** A staff member ('Personal') made by the admin, signed in. */
async function staffToken(base: string): Promise<string> {
  const admin = await api(base, 'POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  const email = `puerta-${Date.now()}@cine.test`;
  const password = 'ClaveDePuerta2026!';
  const made = await api(base, 'POST', '/auth/register', {
    token: (admin.json as LoginResponse).token,
    body: { email, username: 'puerta', password, role: 'staff', cinemaIds: [FIRST_CINEMA_ID] },
  });
  if (made.status !== 201) throw new Error(`staff not made: ${made.status} ${JSON.stringify(made.json)}`);
  return ((await api(base, 'POST', '/auth/login', { body: { email, password } })).json as LoginResponse).token;
}

/** Tickets sold through the API, SEATS_PER_ORDER per order by 20 buyers at a time; read back from GET /tickets/mine once issued. */
async function sellTickets(shop: BenchShop, buyers: readonly BenchBuyer[], count: number): Promise<TicketView[]> {
  // Rooms' capacities need not be multiples of 10: a few more seats than `count`.
  const shows = await shop.showsFor(count * 1.1);
  const orders = shows.flatMap((show) => Array.from({ length: Math.floor(show.sellable / SEATS_PER_ORDER) }, () => show.id));
  const queue = orders.slice(0, Math.ceil(count / SEATS_PER_ORDER));
  const orderCount = queue.length;
  const sellers = buyers.slice(0, 20);
  const started = performance.now();
  await Promise.all(
    sellers.map(async (buyer) => {
      for (let showId = queue.shift(); showId; showId = queue.shift()) {
        const held = await api(shop.base, 'POST', '/tickets/addTickets', {
          token: buyer.token,
          body: { userId: buyer.id, seats: SEATS_PER_ORDER, showId },
          forwardedFor: buyer.address,
        });
        if (held.status !== 200) throw new Error(`hold: ${held.status} ${JSON.stringify(held.json)}`);
        const paid = await api(shop.base, 'POST', '/movies/checkout', {
          token: buyer.token,
          body: { idUser: buyer.id, show: showId, ticket: SEATS_PER_ORDER, paymentMethodId: 'pm_card_visa' },
          forwardedFor: buyer.address,
        });
        if (paid.status !== 200) throw new Error(`checkout: ${paid.status} ${JSON.stringify(paid.json)}`);
      }
    }),
  );
  print(`tickets: ${orderCount} orders of ${SEATS_PER_ORDER} seats paid in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  // Tickets are issued from order.paid: wait until every one is there.
  for (const deadline = Date.now() + 120_000; ;) {
    const mine = await Promise.all(
      sellers.map(async (buyer) => (await api(shop.base, 'GET', '/tickets/mine', { token: buyer.token })).json),
    );
    const tickets = mine.flatMap((list) => (Array.isArray(list) ? (list as TicketView[]) : []));
    if (tickets.length >= orderCount * SEATS_PER_ORDER || Date.now() > deadline) return tickets;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function scannerOf(base: string, token: string, by: 'token' | 'code', entrance: string): Scanner {
  return async (ticket) => {
    const started = performance.now();
    const body =
      by === 'token' ? { token: ticket.token, showId: ticket.showId, entrance } : { code: ticket.code, showId: ticket.showId, entrance };
    const answer = await api(base, 'POST', '/checkin', { token, body }).catch(() => ({ status: 0, json: null }));
    return { status: answer.status, result: (answer.json as CheckinAnswer | null)?.result, ms: performance.now() - started };
  };
}

/** The scanner through the tickets in order, `concurrency` requests in flight. */
async function scanAll(scanner: Scanner, tickets: readonly TicketView[]): Promise<Scan[]> {
  const scans: Scan[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: settings.concurrency }, async () => {
      for (let index = next++; index < tickets.length; index = next++) scans.push(await scanner(tickets[index] as TicketView));
    }),
  );
  return scans;
}

async function race(base: string, staff: string, tickets: readonly TicketView[]): Promise<boolean> {
  const [first, second] = await Promise.all([
    scanAll(scannerOf(base, staff, 'token', 'Puerta A'), tickets),
    scanAll(scannerOf(base, staff, 'code', 'Puerta B'), tickets),
  ]);
  const scans = [...first, ...second];
  const admitted = scans.filter((scan) => scan.result === 'admitted').length;
  const used = scans.filter((scan) => scan.result === 'already_used').length;
  const errors = scans.filter((scan) => isServerError(scan.status)).length;
  const ok = admitted === tickets.length && used === tickets.length && errors === 0;
  print(
    `race: two scanners on the same ${tickets.length} tickets: ${admitted} admitted, ${used} already used, ${errors} answers ≥ 500 or none: ${ok ? 'ok' : 'FAILED'}`,
  );
  return ok;
}

async function rateUnderCheckout(
  shop: BenchShop,
  staff: string,
  tickets: readonly TicketView[],
  buyers: readonly BenchBuyer[],
): Promise<boolean> {
  const half = Math.ceil(tickets.length / 2);
  const show: ShowView = await shop.newShow(2);
  const burstBuyers = buyers.slice(0, show.capacity + settings.extraBuyers);
  const started = performance.now();
  const [scansA, scansB, purchases] = await Promise.all([
    scanAll(scannerOf(shop.base, staff, 'token', 'Puerta 1'), tickets.slice(0, half)),
    scanAll(scannerOf(shop.base, staff, 'token', 'Puerta 2'), tickets.slice(half)),
    Promise.all(burstBuyers.map((buyer) => shop.purchase(buyer, show.id))),
  ]);
  const seconds = (performance.now() - started) / 1000;
  const scans = [...scansA, ...scansB];
  const ms = scans.map((scan) => scan.ms).sort((a, b) => a - b);
  const rate = scans.length / seconds;
  const p99 = percentile(ms, 99);
  const admitted = scans.filter((scan) => scan.result === 'admitted').length;
  const errors =
    scans.filter((scan) => isServerError(scan.status)).length +
    purchases.filter((p) => isServerError(p.holdStatus) || isServerError(p.checkoutStatus)).length;
  print(
    `rate: one entrance pair, ${scans.length} check-ins (${admitted} admitted) in ${seconds.toFixed(2)} s while ${burstBuyers.length} buyers rushed a ` +
      `${show.capacity}-seat show (${purchases.filter(isPaid).length} paid): ${errors} answers ≥ 500 or none`,
  );
  print(
    `  ${rate.toFixed(0)} check-ins/s (target ≥ ${TARGET_RATE})   p50 ${percentile(ms, 50).toFixed(0)} ms   p99 ${p99.toFixed(0)} ms (target ≤ ${TARGET_P99_MS})` +
      `${rate >= TARGET_RATE && p99 <= TARGET_P99_MS ? '' : '   TARGET MISSED'}`,
  );
  return errors === 0 && admitted === scans.length;
}

/** What a door pays to check a token offline: jose with the JWKS, µs per verification; and the token's length. */
async function tokenCost(base: string, tickets: readonly TicketView[]): Promise<void> {
  const keys = (await api(base, 'GET', '/tickets/keys')).json as JSONWebKeySet;
  const jwks = createLocalJWKSet(keys);
  const sample = tickets.slice(0, 100);
  for (const ticket of sample) await jwtVerify(ticket.token, jwks); // warm-up
  const started = performance.now();
  for (let index = 0; index < VERIFICATIONS; index++) await jwtVerify((sample[index % sample.length] as TicketView).token, jwks);
  const microseconds = ((performance.now() - started) * 1000) / VERIFICATIONS;
  const lengths = tickets.map((ticket) => ticket.token.length).sort((a, b) => a - b);
  print(
    `token: ${lengths[0]}–${lengths[lengths.length - 1]} characters (compact EdDSA JWS); verification ${microseconds.toFixed(0)} µs each (jose, ${VERIFICATIONS} runs)`,
  );
}

async function main(): Promise<void> {
  // The door admits the seeded shows of the whole week (they are sold across days): the bench measures the door, not its window.
  const platform = await startNpmStart({
    AUTH_RATE_LIMIT: '100000',
    TRUST_PROXY: '127.0.0.1',
    DOOR_OPENS_MINUTES_BEFORE: String(8 * 24 * 60),
  });
  try {
    const shop = await BenchShop.open(platform.baseUrl);
    const staff = await staffToken(platform.baseUrl);
    const buyers = await registerBuyers(platform.baseUrl, 200 + settings.extraBuyers);
    const tickets = await sellTickets(shop, buyers, Math.max(settings.tickets, RACE_TICKETS + 200));
    print(`tickets issued and read back: ${tickets.length}`);
    await tokenCost(platform.baseUrl, tickets);
    const raced = await race(platform.baseUrl, staff, tickets.slice(0, RACE_TICKETS));
    const rated = await rateUnderCheckout(shop, staff, tickets.slice(RACE_TICKETS), buyers);
    // The figures depend on what else the machine runs: say how busy it was.
    print(
      `machine: load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' / ')} (1 / 5 / 15 min) on ${availableParallelism()} CPUs`,
    );
    if (!raced || !rated) process.exitCode = 1;
  } finally {
    await stopNpmStart(platform.process);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
