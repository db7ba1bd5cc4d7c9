/**
 * A premiere's presale behind the waiting room (issue 40), through the gateway of `npm start` as a new user
 * runs it (embedded FerretDB, in-process bus, fresh data directory, every service and the gateway in ONE
 * Node process), beside a presale-less rush of the same buyers on shows of the same size, in the same run:
 *
 * 0. `--users` (5,000) accounts registered through the API, `--concurrency` (32) at a time, each from an
 *    address of its own (X-Forwarded-For; the gateway trusts loopback as bench:rush's does). Argon2id hashing
 *    (identity's, 19 MiB) bounds it; the time is printed.
 * 1. rush: three new shows of room 1 (100 seats each: the seeded rooms 2–5 have companion seats a one-seat
 *    buyer cannot take, so they never sell out to one-seat buyers), every buyer at once, one seat each (hold +
 *    checkout), trying the three shows in turn: time to sold out, purchase p50/p99, answers ≥ 500.
 * 2. presale: three more such shows behind a presale (admitPerMinute `--rate`, default the platform's
 *    PRESALE_ADMIT_PER_MINUTE), opening `--join-seconds` (60) from its creation; every buyer joins at an even
 *    pace over that minute and watches their standing (GET /presales/{id}/me/stream); admitted, a buyer asks
 *    GET /me for the admission, holds one seat with it and pays with it. Some waiting buyers try to skip the
 *    line (a hold without an admission, with another buyer's, a checkout without one): none may be accepted.
 *    Meanwhile the benchmark reads booking's own feed of the line (GET /presales/{id}/feed, on booking's
 *    loopback port found in /proc, as the gateway reads it) to time each change the buyers are told of.
 *
 * Prints join p95 (target ≤ 200 ms), position updates' delay p99 (from the feed's change to the buyer's event,
 * target ≤ 2 s), admissions out of position order (the stored places: 0), holds/checkouts accepted without an
 * admission (0), seats sold (exactly the capacity), time from opening to sold out, waiting buyers told "sold
 * out" within 2 s of it (all), the platform process's RSS and heap before the streams and with them open
 * (per waiting buyer), and the rush's figures beside the presale's with ratios. Exit code 1 when a check
 * fails (a missed target is only printed). `npm run bench:queue -- --users 300` for a quick run.
 */
import http from 'node:http';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  DEFAULT_PRESALE_ADMIT_PER_MINUTE,
  type PresaleFeedLine,
  type PresaleMeView,
  type PresaleView,
  type ShowView,
} from '@cine/contracts';
import { findFreePort } from '@cine/embedded-mongo';
import mongoose from 'mongoose';
import { api, api as apiCall } from '../testing/gateway-api';
import { startNpmStart, stopNpmStart } from '../testing/npm-start';
import {
  BenchShop,
  isPaid,
  isServerError,
  percentile,
  platformPid,
  print,
  registerBuyers,
  rssMb,
  settled,
  type BenchBuyer,
  type Purchase,
} from './bench-kit';

const ROOM = 1;
const SHOWS = 3;
const TOLD_WITHIN_MS = 2_000;

interface Options {
  users: number;
  rate: number;
  joinSeconds: number;
  concurrency: number;
}

function optionsFromArgs(): Options {
  const { values } = parseArgs({
    options: {
      users: { type: 'string', default: '5000' },
      rate: { type: 'string', default: String(DEFAULT_PRESALE_ADMIT_PER_MINUTE) },
      'join-seconds': { type: 'string', default: '60' },
      concurrency: { type: 'string', default: '32' },
    },
  });
  return {
    users: Number(values.users),
    rate: Number(values.rate),
    joinSeconds: Number(values['join-seconds']),
    concurrency: Number(values.concurrency),
  };
}

const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : '—');
const seconds = (value: number) => (Number.isFinite(value) ? `${(value / 1000).toFixed(1)} s` : '—');

/** One purchase of one seat, trying the shows in turn from `first` while the hold answers 409 (that show is full). */
async function buyOne(
  shop: BenchShop,
  buyer: BenchBuyer,
  shows: readonly ShowView[],
  first: number,
  admission?: string,
): Promise<Purchase> {
  const started = performance.now();
  let last: Purchase | undefined;
  for (let k = 0; k < shows.length; k += 1) {
    const show = shows[(first + k) % shows.length] as ShowView;
    last = await shop.purchase(
      buyer,
      show.id,
      started,
      undefined,
      admission ? { hold: () => ({ admission }), checkout: () => ({ admission }) } : {},
    );
    if (last.holdStatus !== 409) return last;
  }
  return last as Purchase;
}

/** Free seats left over the shows, as their listing reads them. */
async function freeSeats(base: string, shows: readonly ShowView[]): Promise<number> {
  const reads = await Promise.all(shows.map(async (show) => ((await api(base, 'GET', `/show/one/${show.id}`)).json as ShowView).seats));
  return reads.reduce((sum, seats) => sum + seats, 0);
}

interface RushFigures {
  soldOutMs: number;
  paid: number;
  p50: number;
  p99: number;
  serverErrors: number;
  capacity: number;
  freeAfter: number;
}

/** Every buyer at once on three new shows, no line: whoever's request lands first. */
async function rush(shop: BenchShop, buyers: readonly BenchBuyer[]): Promise<RushFigures> {
  const shows: ShowView[] = [];
  for (let n = 0; n < SHOWS; n += 1) shows.push(await shop.newShow(ROOM));
  const capacity = shows.reduce((sum, show) => sum + show.capacity, 0);
  const started = performance.now();
  let soldOutMs = Number.NaN;
  let paidSoFar = 0;
  const purchases = await Promise.all(
    buyers.map(async (buyer, n) => {
      const purchase = await buyOne(shop, buyer, shows, n % SHOWS);
      if (isPaid(purchase) && ++paidSoFar === capacity) soldOutMs = performance.now() - started;
      return purchase;
    }),
  );
  const paid = purchases.filter(isPaid);
  const times = sorted(paid.map((purchase) => purchase.ms));
  return {
    soldOutMs,
    paid: paid.length,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    serverErrors: purchases.filter((p) => isServerError(p.holdStatus) || isServerError(p.checkoutStatus)).length,
    capacity,
    freeAfter: await freeSeats(shop.base, shows),
  };
}

/** The loopback ports the platform process listens on (its sockets in /proc), to find booking's among them. */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      const match = /^socket:\[(\d+)\]$/.exec(target);
      if (match) inodes.add(match[1] as string);
    } catch {
      // closed meanwhile
    }
  }
  const ports: number[] = [];
  for (const table of ['tcp', 'tcp6']) {
    for (const line of readFileSync(`/proc/${pid}/net/${table}`, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // st 0A: LISTEN
      if (fields[3] === '0A' && inodes.has(fields[9] as string)) ports.push(parseInt((fields[1] as string).split(':')[1] as string, 16));
    }
  }
  return ports;
}

/** A server-sent event stream read line by line: each event's name, data and arrival time. */
function readEvents(
  url: string,
  headers: Record<string, string>,
  onEvent: (event: string, data: string, at: number) => void,
): Promise<{ status: number; close: () => void }> {
  return new Promise((resolve) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      let buffered = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const at = performance.now();
        buffered += chunk;
        let end = buffered.indexOf('\n\n');
        while (end !== -1) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          let event = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (data) onEvent(event, data, at);
          end = buffered.indexOf('\n\n');
        }
      });
      response.on('error', () => undefined);
      resolve({ status: response.statusCode ?? 0, close: () => request.destroy() });
    });
    request.on('error', () => resolve({ status: 0, close: () => undefined }));
  });
}

/** Booking's own feed of the line (as the gateway reads it): each line with its arrival time. */
async function readBookingFeed(pid: number, presaleId: string, lines: Array<{ at: number; line: PresaleFeedLine }>) {
  for (const port of listeningPorts(pid)) {
    const feed = await readEvents(`http://127.0.0.1:${port}/presales/${presaleId}/feed`, { 'x-seat-relay': '1' }, (event, data, at) => {
      if (event === 'line') lines.push({ at, line: JSON.parse(data) as PresaleFeedLine });
    });
    if (feed.status === 200) return feed;
    feed.close();
  }
  return undefined;
}

interface Watcher {
  buyer: BenchBuyer;
  index: number;
  joinMs?: number;
  joinStatus?: number;
  position?: number;
  admittedAt?: number;
  toldSoldOutAt?: number;
  events: Array<{ at: number; state: string; admitted: boolean; position: number | null; ahead: number | null; seatsLeft: number }>;
  purchase?: Purchase;
  close?: () => void;
}

/** The platform's heap in use (prom-client's default metrics on METRICS_PORT), in MB. */
async function heapMb(metricsPort: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const line = text.split('\n').find((entry) => entry.startsWith('nodejs_heap_size_used_bytes'));
  return Number(line?.split(' ')[1] ?? Number.NaN) / (1024 * 1024);
}

async function main(): Promise<void> {
  const options = optionsFromArgs();
  const metricsPort = await findFreePort();
  const ferretdbPort = await findFreePort();
  const platform = await startNpmStart({
    AUTH_RATE_LIMIT: '1000000',
    TRUST_PROXY: '127.0.0.1',
    METRICS_PORT: String(metricsPort),
    FERRETDB_PORT: String(ferretdbPort),
    PRESALE_ADMIT_PER_MINUTE: String(options.rate),
  });
  let ok = true;
  const check = (passed: boolean) => {
    ok &&= passed;
    return passed ? 'ok' : 'FAILED';
  };
  try {
    const base = platform.baseUrl;
    const pid = platformPid(platform.process.pid as number);
    print(`presale queue through the gateway of npm start (${base}); gateway and services in one process (pid ${pid})`);
    const shop = await BenchShop.open(base);
    const registering = performance.now();
    const buyers = await registerBuyers(base, options.users, options.concurrency);
    print(
      `registered ${buyers.length} accounts through the API in ${seconds(performance.now() - registering)} ` +
        `(${options.concurrency} at a time, each from its own address; register + login, argon2id each)`,
    );

    // 1. The rush without a line.
    const noLine = await rush(shop, buyers);
    print(
      `rush without a line: ${buyers.length} buyers at once on ${SHOWS} shows of ${noLine.capacity / SHOWS} seats: ${noLine.paid} paid, ` +
        `sold out in ${seconds(noLine.soldOutMs)}, purchase p50 ${ms(noLine.p50)} p99 ${ms(noLine.p99)}, ${noLine.serverErrors} answers ≥ 500 or none, ` +
        `${noLine.freeAfter} seats free after: ${check(noLine.paid === noLine.capacity && noLine.freeAfter === 0)}`,
    );
    print(`  platform settled in ${(await settled(pid)).toFixed(0)} s`);

    // 2. The presale.
    const shows: ShowView[] = [];
    for (let n = 0; n < SHOWS; n += 1) shows.push(await shop.newShow(ROOM));
    const capacity = shows.reduce((sum, show) => sum + show.capacity, 0);
    const joinMs = options.joinSeconds * 1000;
    const created = await api(base, 'POST', '/presales', {
      token: shop.adminToken,
      body: { showIds: shows.map((show) => show.id), opensAt: new Date(Date.now() + joinMs).toISOString(), admitPerMinute: options.rate },
    });
    if (created.status !== 201) throw new Error(`presale not created: ${created.status} ${JSON.stringify(created.json)}`);
    const presale = created.json as PresaleView;
    const opensAt = performance.now() + (Date.parse(presale.opensAt) - Date.now());
    const rssBefore = rssMb(pid);
    const heapBefore = await heapMb(metricsPort);

    const lines: Array<{ at: number; line: PresaleFeedLine }> = [];
    const feed = await readBookingFeed(pid, presale.id, lines);
    if (!feed) print("  (booking's feed not found among the platform's ports: update delays not measured)");

    const watchers: Watcher[] = buyers.map((buyer, index) => ({ buyer, index, events: [] }));
    const admissions = new Map<string, string>();
    const buying: Array<Promise<void>> = [];
    const failures = new Map<string, number>();
    /** A step that got no answer (a timeout, a refused connection): counted by name, never the end of the run. */
    const failed = (step: string): void => void failures.set(step, (failures.get(step) ?? 0) + 1);
    const buy = (watcher: Watcher) => {
      buying.push(
        (async () => {
          const me = await api(base, 'GET', `/presales/${presale.id}/me`, {
            token: watcher.buyer.token,
            forwardedFor: watcher.buyer.address,
          });
          const admission = (me.json as PresaleMeView).admission;
          if (me.status !== 200 || !admission) return failed(`GET /me after admitted: ${me.status}`);
          admissions.set(watcher.buyer.id, admission);
          watcher.purchase = await buyOne(shop, watcher.buyer, shows, watcher.index % SHOWS, admission);
          watcher.close?.();
        })().catch(() => failed('GET /me after admitted: no answer')),
      );
    };
    const watch = async (watcher: Watcher) => {
      const started = performance.now();
      const joined = await api(base, 'POST', `/presales/${presale.id}/join`, {
        token: watcher.buyer.token,
        forwardedFor: watcher.buyer.address,
      });
      watcher.joinMs = performance.now() - started;
      watcher.joinStatus = joined.status;
      const stream = await readEvents(
        `${base}/api/presales/${presale.id}/me/stream`,
        { authorization: `Bearer ${watcher.buyer.token}`, 'x-forwarded-for': watcher.buyer.address },
        (_event, data, at) => {
          const standing = JSON.parse(data) as PresaleMeView;
          watcher.events.push({ at, ...standing });
          if (standing.position !== null) watcher.position = standing.position;
          if (standing.admitted && watcher.admittedAt === undefined) {
            watcher.admittedAt = at;
            buy(watcher);
          } else if (standing.state === 'sold_out' && !standing.admitted && watcher.toldSoldOutAt === undefined) {
            watcher.toldSoldOutAt = at;
          }
        },
      );
      watcher.close = stream.close;
      if (stream.status !== 200) failed(`GET /me/stream: ${stream.status}`);
    };
    // Every buyer joins at an even pace over the minute before the opening, and keeps watching.
    const joinStart = performance.now();
    const spread = Math.max(0, opensAt - joinStart - 5_000);
    await Promise.all(
      watchers.map(async (watcher, n) => {
        await new Promise((resolve) => setTimeout(resolve, (n * spread) / watchers.length));
        await watch(watcher);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const rssWith = rssMb(pid);
    const heapWith = await heapMb(metricsPort);

    // Skipping the line: before the opening, then by waiting buyers after it.
    const skips: number[] = [];
    const trySkips = async (tries: readonly Watcher[], foreign?: string) => {
      const api = (...args: Parameters<typeof apiCall>) => apiCall(...args).catch(() => ({ status: 0, json: null }));
      for (const watcher of tries) {
        const show = shows[watcher.index % SHOWS] as ShowView;
        const bare = await api(base, 'POST', '/tickets/addTickets', {
          token: watcher.buyer.token,
          body: { userId: watcher.buyer.id, seats: 1, showId: show.id },
          forwardedFor: watcher.buyer.address,
        });
        const checkout = await api(base, 'POST', '/movies/checkout', {
          token: watcher.buyer.token,
          body: { idUser: watcher.buyer.id, show: show.id, ticket: 1, paymentMethodId: 'pm_card_visa' },
          forwardedFor: watcher.buyer.address,
        });
        skips.push(bare.status, checkout.status);
        if (foreign) {
          const borrowed = await api(base, 'POST', '/tickets/addTickets', {
            token: watcher.buyer.token,
            body: { userId: watcher.buyer.id, seats: 1, showId: show.id, admission: foreign },
            forwardedFor: watcher.buyer.address,
          });
          skips.push(borrowed.status);
        }
      }
    };
    await trySkips(watchers.slice(-5));
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, opensAt - performance.now())));
    // A few seconds in: buyers still waiting try with nothing, and with another buyer's admission.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const foreign = [...admissions.values()][0];
    await trySkips(watchers.filter((watcher) => watcher.admittedAt === undefined).slice(-15), foreign);

    // Until every seat is sold (or the time the rate needs, twice, and a minute).
    const deadline = performance.now() + (capacity / options.rate) * 60_000 * 2 + 60_000;
    while (performance.now() < deadline && !lines.some(({ line }) => line.state === 'sold_out'))
      await new Promise((r) => setTimeout(r, 250));
    await new Promise((resolve) => setTimeout(resolve, TOLD_WITHIN_MS + 1_000));
    await Promise.all(buying);
    for (const watcher of watchers) watcher.close?.();
    feed?.close();

    // The figures.
    const joins = sorted(watchers.map((watcher) => watcher.joinMs ?? Number.POSITIVE_INFINITY));
    const joinStatuses = new Map<number, number>();
    for (const watcher of watchers) joinStatuses.set(watcher.joinStatus ?? 0, (joinStatuses.get(watcher.joinStatus ?? 0) ?? 0) + 1);
    const opened = lines.find(({ line }) => line.state !== 'scheduled');
    const soldOut = lines.find(({ line }) => line.state === 'sold_out');
    // The first time booking's feed said each (state, admitted through, seats left): the change a buyer's event tells.
    const firstSeen = new Map<string, number>();
    for (const { at, line } of lines) {
      const key = `${line.state}|${line.admittedThrough}|${line.seatsLeft}`;
      if (!firstSeen.has(key)) firstSeen.set(key, at);
    }
    const delays: number[] = [];
    for (const watcher of watchers)
      for (const event of watcher.events) {
        if (event.state === 'scheduled' || event.admitted || event.position === null || event.ahead === null) continue;
        const changed = firstSeen.get(`${event.state}|${event.position - event.ahead - 1}|${event.seatsLeft}`);
        if (changed !== undefined) delays.push(event.at - changed);
      }
    const waitingAtSoldOut = soldOut
      ? watchers.filter((watcher) => watcher.admittedAt === undefined || watcher.admittedAt > soldOut.at)
      : [];
    const toldInTime = waitingAtSoldOut.filter(
      (watcher) => watcher.toldSoldOutAt !== undefined && soldOut && watcher.toldSoldOutAt - soldOut.at <= TOLD_WITHIN_MS,
    );
    const purchases = watchers.flatMap((watcher) => (watcher.purchase ? [watcher.purchase] : []));
    const paid = purchases.filter(isPaid);
    const paidTimes = sorted(paid.map((purchase) => purchase.ms));
    const freeAfter = await freeSeats(base, shows);
    const acceptedSkips = skips.filter((status) => status === 200).length;

    // Admissions out of position order, from the stored places: a place admitted before one ahead of it.
    const connection = await mongoose.createConnection(`mongodb://127.0.0.1:${ferretdbPort}/cine_booking`).asPromise();
    const places = (await connection
      .collection('presale_places')
      .find({ presaleId: presale.id, position: { $ne: null } })
      .toArray()) as unknown as Array<{ position: number; admittedAt?: Date }>;
    await connection.close();
    places.sort((a, b) => a.position - b.position);
    let outOfOrder = 0;
    let latest = 0;
    let unadmittedAhead = false;
    for (const place of places) {
      const at = place.admittedAt?.getTime();
      if (at === undefined) unadmittedAhead = true;
      else if (at < latest || unadmittedAhead) outOfOrder += 1;
      else latest = at;
    }
    const admitted = places.filter((place) => place.admittedAt).length;

    print(
      `presale: ${buyers.length} buyers joined over ${seconds(spread)} before the opening, on ${SHOWS} shows of ${capacity / SHOWS} seats, admitted at ${options.rate}/min`,
    );
    print(
      `  join p50 ${ms(percentile(joins, 50))}  p95 ${ms(percentile(joins, 95))} (target ≤ 200 ms); statuses ${[...joinStatuses].map(([s, c]) => `${c}× ${s}`).join(', ')}`,
    );
    const delaysSorted = sorted(delays);
    print(
      `  position updates: ${delays.length} events, delay from booking's feed p50 ${ms(percentile(delaysSorted, 50))} p99 ${ms(percentile(delaysSorted, 99))} (target ≤ 2 s)`,
    );
    print(`  admissions out of position order: ${outOfOrder} of ${admitted} admitted: ${check(outOfOrder === 0)}`);
    print(
      `  holds/checkouts accepted without the buyer's own admission: ${acceptedSkips} of ${skips.length} tried: ${check(acceptedSkips === 0)}`,
    );
    print(
      `  seats sold ${capacity - freeAfter} of ${capacity} (${paid.length} paid purchases; purchase p50 ${ms(percentile(paidTimes, 50))} p99 ${ms(percentile(paidTimes, 99))}): ${check(paid.length === capacity && freeAfter === 0)}`,
    );
    const soldOutAfter = opened && soldOut ? soldOut.at - opened.at : Number.NaN;
    print(`  opening → sold out: ${seconds(soldOutAfter)} (capacity / rate: ${seconds((capacity / options.rate) * 60_000)})`);
    print(
      `  waiting buyers told "sold out" within 2 s: ${toldInTime.length} of ${waitingAtSoldOut.length}: ${check(soldOut !== undefined && toldInTime.length === waitingAtSoldOut.length)}`,
    );
    const waiting = watchers.length;
    print(
      `  memory of the platform process (gateway + services, one process): RSS ${rssBefore.toFixed(0)} → ${rssWith.toFixed(0)} MB, ` +
        `heap ${heapBefore.toFixed(0)} → ${heapWith.toFixed(0)} MB with ${waiting} streams open: ` +
        `${(((rssWith - rssBefore) * 1024) / waiting).toFixed(1)} KB RSS, ${(((heapWith - heapBefore) * 1024) / waiting).toFixed(1)} KB heap per waiting buyer`,
    );
    print('');
    print(`| figure | rush without a line | presale | ratio |`);
    print('|---|---|---|---|');
    const ratio = (a: number, b: number) => (Number.isFinite(a) && Number.isFinite(b) && a > 0 ? `${(b / a).toFixed(2)}×` : '—');
    print(`| time to sold out | ${seconds(noLine.soldOutMs)} | ${seconds(soldOutAfter)} | ${ratio(noLine.soldOutMs, soldOutAfter)} |`);
    print(`| purchase p50 | ${ms(noLine.p50)} | ${ms(percentile(paidTimes, 50))} | ${ratio(noLine.p50, percentile(paidTimes, 50))} |`);
    print(`| purchase p99 | ${ms(noLine.p99)} | ${ms(percentile(paidTimes, 99))} | ${ratio(noLine.p99, percentile(paidTimes, 99))} |`);
    const presaleErrors = purchases.filter((p) => isServerError(p.holdStatus) || isServerError(p.checkoutStatus)).length;
    print(`| answers ≥ 500 or none | ${noLine.serverErrors} | ${presaleErrors} | |`);
    print(
      `| seats sold / capacity | ${noLine.capacity - noLine.freeAfter} / ${noLine.capacity} | ${capacity - freeAfter} / ${capacity} | |`,
    );
  } finally {
    await stopNpmStart(platform.process);
  }
  if (!ok) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
