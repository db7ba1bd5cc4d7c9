/**
 * A presale, through the gateway of `npm start` as a new user runs it
 * (embedded FerretDB, in-process bus, fresh data directory): `--users` (100)
 * virtual buyers, each from an address of its own (X-Forwarded-For, the
 * gateway trusting loopback as bench:rush does), loop with no pause for
 * `--seconds` (30) over
 *
 *   billboard → shows → candy → one show → hold one seat → cart → checkout
 *
 * choosing the show at random among the `--hot-shows` (5) soonest that the
 * listing reads with a free seat, so shows sell out during the run. With
 * `--history N` (0), N paid orders and N / 5 new shows are made first (the
 * issue's 10,000 orders and 2,000 shows: `--history 10000`).
 *
 * Prints the p50/p95 of each route, requests/s, purchases/s and answers ≥ 500
 * (or none). After the run, and 1 s for the reads to catch up, every show
 * bought from must read the free seats its sales left, and 0 when sold out
 * (exit code 1 when not, or on an answer ≥ 500; a missed target is only printed).
 * Run with `npm run bench:presale -- --users 100 --seconds 30`.
 *
 * A chain (issue 38), `--cinemas` (both): `one` runs the loop as a one-cinema site, every buyer at the first
 * cinema (its listing, `?cinemaId=`, no picker); `chain` spreads the buyers over the chain's cinemas (GET /cinemas:
 * three seeded) and adds the picker's reads — GET /cinemas each loop, billboard and listing with their cinema's
 * `cinemaId`; `both` runs one, then chain (with buyers of its own), on one platform, and prints them side by side with ratios.
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { FIRST_CINEMA_ID, type CinemaView, type ShowView } from '@cine/contracts';
import { api } from '../testing/gateway-api';
import { startNpmStart, stopNpmStart } from '../testing/npm-start';
import {
  BENCH_PLATFORM_ENV,
  BenchShop,
  isServerError,
  percentile,
  platformPid,
  print,
  registerBuyers,
  settled,
  type BenchBuyer,
} from './bench-kit';

export interface PresaleOptions {
  users: number;
  seconds: number;
  history: number;
  hotShows: number;
  /**
   * The cinemas the buyers shop at, the n-th buyer at the (n mod length)-th (issue 38); left out, the listings of
   * every cinema (as before the chain).
   */
  cinemaIds?: readonly string[];
  /** Each loop reads GET /cinemas first, as the buyer's cinema picker does. */
  pickerReads?: boolean;
  /** Registered buyers to shop with (more runs on one platform share them); left out, new ones. */
  buyers?: BenchBuyer[];
  /** The platform's process, when known: the run waits for it to settle after the history (its receipts mailed, its events applied). */
  platformPid?: number;
}

/** Targets of issue 21 (p95, ms). */
const READ_P95_MS = 300;
const HOLD_P95_MS = 500;
const CHECKOUT_P95_MS = 1000;
const REQUESTS_PER_SECOND = 500;
/** How far behind the writes a show's free seats may read. */
const STALENESS_MS = 1000;
/** How often the buyers' shared copy of the listing is parsed again. */
const LISTING_PARSE_MS = 250;

const ROUTES = [
  'GET /cinemas',
  'GET /movies/billboard',
  'GET /show/all',
  'GET /candy/',
  'GET /show/one/{id}',
  'POST /tickets/addTickets',
  'POST /cart/userCart',
  'POST /movies/checkout',
] as const;
type Route = (typeof ROUTES)[number];
const READS: readonly Route[] = ROUTES.slice(0, 5);

/** Per route: answer times and statuses. */
class RouteFigures {
  private readonly ms = new Map<Route, number[]>(ROUTES.map((route) => [route, []]));
  private readonly statuses = new Map<Route, Map<number, number>>(ROUTES.map((route) => [route, new Map()]));

  record(route: Route, status: number, ms: number): void {
    (this.ms.get(route) as number[]).push(ms);
    const counts = this.statuses.get(route) as Map<number, number>;
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }

  count(route: Route): number {
    return (this.ms.get(route) as number[]).length;
  }

  get requests(): number {
    return [...this.ms.values()].reduce((sum, times) => sum + times.length, 0);
  }

  get serverErrors(): number {
    return [...this.statuses.values()].reduce(
      (sum, counts) => sum + [...counts].filter(([status]) => isServerError(status)).reduce((n, [, count]) => n + count, 0),
      0,
    );
  }

  p95(route: Route): number {
    return percentile(
      [...(this.ms.get(route) as number[])].sort((a, b) => a - b),
      95,
    );
  }

  table(): string[] {
    const lines = ['| route | requests | p50 | p95 | statuses |', '|---|---|---|---|---|'];
    for (const route of ROUTES) {
      if (this.count(route) === 0) continue;
      const sorted = [...(this.ms.get(route) as number[])].sort((a, b) => a - b);
      const statuses = [...(this.statuses.get(route) as Map<number, number>)].map(([status, count]) => `${count}× ${status}`).join(', ');
      lines.push(
        `| ${route} | ${sorted.length} | ${percentile(sorted, 50).toFixed(0)} ms | ${percentile(sorted, 95).toFixed(0)} ms | ${statuses} |`,
      );
    }
    return lines;
  }
}

/** What the buyers did to each show: seats paid, and holds left unpaid (held until they lapse, or released by the buyer's next hold). */
interface ShowSales {
  paid: number;
  unpaidHolds: number;
  soldOut: boolean;
}

class Presale {
  readonly figures = new RouteFigures();
  readonly sales = new Map<string, ShowSales>();
  /** The buyers' shared copy of each listing read, by its cinema ('' every cinema). */
  private readonly listings = new Map<string, { parsedAt: number; shows: ShowView[] }>();

  constructor(
    private readonly base: string,
    private readonly options: PresaleOptions,
  ) {}

  private async timed(
    route: Route,
    buyer: BenchBuyer,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: unknown }> {
    const started = performance.now();
    const answer = await api(this.base, method, path, {
      token: buyer.token,
      forwardedFor: buyer.address,
      ...(body !== undefined ? { body } : {}),
    }).catch(() => ({
      status: 0,
      json: null,
    }));
    this.figures.record(route, answer.status, performance.now() - started);
    return answer;
  }

  /**
   * GET /show/all as a browser sends it (`Accept-Encoding: br, gzip`), timed to its last byte. The answer is decoded
   * and parsed at most once per LISTING_PARSE_MS for all the buyers: each buyer stands for a browser decoding and
   * parsing its own copy (560 KB with the history's 2,000 shows) on its own machine, work that is not the platform's
   * and that, done here 70 times a second, took this process's one thread from timing the answers.
   */
  private async readListing(buyer: BenchBuyer, cinemaId: string): Promise<ShowView[]> {
    const started = performance.now();
    const answer = await rawGet(`${this.base}/api/show/all${cinemaId ? `?cinemaId=${cinemaId}` : ''}`, {
      authorization: `Bearer ${buyer.token}`,
      'x-forwarded-for': buyer.address,
      'accept-encoding': 'br, gzip',
    }).catch(() => ({ status: 0, encoding: undefined, body: Buffer.alloc(0) }));
    this.figures.record('GET /show/all', answer.status, performance.now() - started);
    const listing = this.listings.get(cinemaId) ?? { parsedAt: Number.NEGATIVE_INFINITY, shows: [] };
    if (answer.status === 200 && performance.now() - listing.parsedAt >= LISTING_PARSE_MS)
      this.listings.set(cinemaId, { parsedAt: performance.now(), shows: JSON.parse(decoded(answer).toString('utf8')) as ShowView[] });
    return (this.listings.get(cinemaId) ?? listing).shows;
  }

  private salesOf(showId: string): ShowSales {
    let sales = this.sales.get(showId);
    if (!sales) this.sales.set(showId, (sales = { paid: 0, unpaidHolds: 0, soldOut: false }));
    return sales;
  }

  /** One buyer's loop until `until`, at `cinemaId` ('' every cinema's listing). */
  async shop(buyer: BenchBuyer, until: number, cinemaId = ''): Promise<void> {
    const ofCinema = cinemaId ? `?cinemaId=${cinemaId}` : '';
    while (performance.now() < until) {
      if (this.options.pickerReads) await this.timed('GET /cinemas', buyer, 'GET', '/cinemas');
      await this.timed('GET /movies/billboard', buyer, 'GET', `/movies/billboard${ofCinema}`);
      const listed = await this.readListing(buyer, cinemaId);
      await this.timed('GET /candy/', buyer, 'GET', '/candy/');
      const withSeats = listed.filter((show) => show.seats > 0);
      const hot = this.options.hotShows > 0 ? withSeats.slice(0, this.options.hotShows) : withSeats;
      const chosen = hot[Math.floor(Math.random() * hot.length)];
      if (!chosen) continue;
      const one = await this.timed('GET /show/one/{id}', buyer, 'GET', `/show/one/${chosen.id}`);
      if (one.status !== 200 || (one.json as ShowView).seats === 0) continue;
      const held = await this.timed('POST /tickets/addTickets', buyer, 'POST', '/tickets/addTickets', {
        userId: buyer.id,
        seats: 1,
        showId: chosen.id,
      });
      if (held.status === 409 && /\(quedan 0\)/.test(JSON.stringify(held.json))) this.salesOf(chosen.id).soldOut = true;
      if (held.status !== 200) continue;
      await this.timed('POST /cart/userCart', buyer, 'POST', '/cart/userCart', { idUser: buyer.id });
      const paid = await this.timed('POST /movies/checkout', buyer, 'POST', '/movies/checkout', {
        idUser: buyer.id,
        show: chosen.id,
        ticket: 1,
        paymentMethodId: 'pm_card_visa',
      });
      if (paid.status === 200) this.salesOf(chosen.id).paid += 1;
      else this.salesOf(chosen.id).unpaidHolds += 1;
    }
  }
}

/** A GET whose answer is kept as it came (compressed, when it was): node:http, which decodes nothing. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, timeout: 30_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
  });
}

function decoded({ encoding, body }: { encoding: string | undefined; body: Buffer }): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

/** What a presale run found: `ok` false when a check failed (an answer ≥ 500, a show reading other free seats than its sales left). */
export interface PresaleResult {
  ok: boolean;
  purchases: number;
  serverErrors: number;
  /** Targets of issue 21 not met (printed, not failed). */
  missed: string[];
  /** The run's figures, for a comparison of runs. */
  figures: { seconds: number; requestsPerSecond: number; purchasesPerSecond: number; p95: Partial<Record<Route, number>> };
}

/** The presale against the platform at `base`. */
export async function runPresale(base: string, options: PresaleOptions): Promise<PresaleResult> {
  const buyers = options.buyers ?? (await registerBuyers(base, Math.max(options.users, options.history > 0 ? 40 : 0)));
  // The history's shows are made by the admin of `npm start`.
  if (options.history > 0) {
    await (await BenchShop.open(base)).history(buyers, options.history, 40, Math.ceil(options.history / 5));
    // A presale starts on a database holding the history, not behind the mails and events of its making.
    if (options.platformPid !== undefined)
      print(`history settled (platform under 15 % of a core) after ${(await settled(options.platformPid)).toFixed(0)} s`);
  }
  const before = new Map(((await api(base, 'GET', '/show/all')).json as ShowView[]).map((show) => [show.id, show]));
  print(
    `presale through the gateway of ${base}: ${options.users} buyers looping for ${options.seconds} s over ${before.size} upcoming shows ` +
      `(history: ${options.history} paid orders; hot shows: ${options.hotShows || 'all'}` +
      `${options.cinemaIds ? `; buyers spread over ${options.cinemaIds.length} cinema(s)` : ''}${options.pickerReads ? '; with the picker’s reads' : ''})`,
  );

  const presale = new Presale(base, options);
  const started = performance.now();
  const until = started + options.seconds * 1000;
  const cinemas = options.cinemaIds ?? [''];
  await Promise.all(buyers.slice(0, options.users).map((buyer, n) => presale.shop(buyer, until, cinemas[n % cinemas.length] as string)));
  const seconds = (performance.now() - started) / 1000;

  const { figures } = presale;
  const purchases = [...presale.sales.values()].reduce((sum, sales) => sum + sales.paid, 0);
  for (const line of figures.table()) print(line);
  print(
    `${(figures.requests / seconds).toFixed(0)} requests/s in all, ${(purchases / seconds).toFixed(1)} purchases/s ` +
      `(${purchases} paid in ${seconds.toFixed(1)} s), ${figures.serverErrors} answers ≥ 500 or none`,
  );

  // Every show bought from reads, once the staleness bound has passed, the seats its sales left.
  await new Promise((resolve) => setTimeout(resolve, STALENESS_MS + 100));
  const wrong: string[] = [];
  let soldOut = 0;
  for (const [showId, sales] of presale.sales) {
    const initial = before.get(showId)?.seats;
    const read = (await api(base, 'GET', `/show/one/${showId}`)).json as ShowView;
    if (initial === undefined) continue;
    const most = initial - sales.paid;
    const least = most - sales.unpaidHolds;
    if (read.seats > most || read.seats < Math.max(0, least)) wrong.push(`${showId}: read ${read.seats}, expected ${least}..${most}`);
    if (sales.soldOut || most === 0) {
      soldOut += 1;
      if (read.seats !== 0 && sales.unpaidHolds === 0) wrong.push(`${showId}: sold out, read ${read.seats}`);
    }
  }
  print(
    `free seats read ${STALENESS_MS} ms after the last write: ${presale.sales.size - wrong.length}/${presale.sales.size} shows as their sales left them ` +
      `(${soldOut} sold out)${wrong.length > 0 ? `: ${wrong.slice(0, 5).join('; ')}` : ''}`,
  );

  const missed = [
    ...READS.filter((route) => figures.count(route) > 0 && !(figures.p95(route) <= READ_P95_MS)).map(
      (route) => `${route} p95 > ${READ_P95_MS} ms`,
    ),
    ...(figures.p95('POST /tickets/addTickets') <= HOLD_P95_MS ? [] : [`hold p95 > ${HOLD_P95_MS} ms`]),
    ...(figures.p95('POST /movies/checkout') <= CHECKOUT_P95_MS ? [] : [`checkout p95 > ${CHECKOUT_P95_MS} ms`]),
    ...(figures.requests / seconds >= REQUESTS_PER_SECOND ? [] : [`< ${REQUESTS_PER_SECOND} requests/s`]),
  ];
  print(
    `targets (reads p95 ≤ ${READ_P95_MS} ms, hold ≤ ${HOLD_P95_MS} ms, checkout ≤ ${CHECKOUT_P95_MS} ms, ≥ ${REQUESTS_PER_SECOND} requests/s, no 5xx): ${missed.length === 0 ? 'met' : `missed: ${missed.join(', ')}`}`,
  );
  const p95 = Object.fromEntries(ROUTES.filter((route) => figures.count(route) > 0).map((route) => [route, figures.p95(route)]));
  return {
    ok: wrong.length === 0 && figures.serverErrors === 0,
    purchases,
    serverErrors: figures.serverErrors,
    missed,
    figures: { seconds, requestsPerSecond: figures.requests / seconds, purchasesPerSecond: purchases / seconds, p95 },
  };
}

type CinemaMode = 'one' | 'chain' | 'both';

/**
 * The presale of a one-cinema site and of the chain (issue 38) on one platform and as many buyers: `one` every
 * buyer at the first cinema without the picker; `chain` the buyers over every cinema with the picker's reads.
 * Prints, with `both`, the two runs side by side and the chain's figures as ratios of the one cinema's.
 */
export async function runCinemaPresales(base: string, options: PresaleOptions, mode: CinemaMode): Promise<boolean> {
  const cinemas = (await api(base, 'GET', '/cinemas')).json as CinemaView[];
  await seededShows(base);
  const buyers = options.buyers ?? (await registerBuyers(base, Math.max(options.users, options.history > 0 ? 40 : 0)));
  const runs: Array<{ label: string; result: PresaleResult }> = [];
  if (mode !== 'chain') {
    print('— one cinema: every buyer at the first cinema, no picker —');
    runs.push({ label: 'one cinema', result: await runPresale(base, { ...options, buyers, cinemaIds: [FIRST_CINEMA_ID] }) });
  }
  if (mode !== 'one') {
    print(`— the chain: ${cinemas.length} cinemas (${cinemas.map((cinema) => cinema.name).join(', ')}), with the picker's reads —`);
    // Buyers of their own: the first run's buyers still hold unpaid seats at the first cinema (until the holds lapse),
    // and a cart holds one cinema's seats at a time, so their holds at another cinema would be refused (409).
    const chainBuyers = mode === 'chain' ? buyers : await registerBuyers(base, buyers.length);
    const chain = { ...options, buyers: chainBuyers, history: 0, cinemaIds: cinemas.map((cinema) => cinema.id), pickerReads: true };
    runs.push({ label: `${cinemas.length} cinemas + picker`, result: await runPresale(base, chain) });
  }
  if (runs.length === 2) for (const line of comparison(runs)) print(line);
  return runs.every((run) => run.result.ok);
}

/** Waits until the listing stops growing (the seed of a fresh platform's cinemas runs after it starts): both runs meet the same shows. */
async function seededShows(base: string): Promise<void> {
  let count = -1;
  for (let tries = 0; tries < 30; tries += 1) {
    const now = ((await api(base, 'GET', '/show/all')).json as ShowView[]).length;
    if (now === count && now > 0) return;
    count = now;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

/** The runs side by side: requests/s, purchases/s and each route's p95, and each figure of the second as a ratio of the first. */
function comparison(runs: Array<{ label: string; result: PresaleResult }>): string[] {
  const [one, chain] = runs as [(typeof runs)[0], (typeof runs)[0]];
  const ratio = (a: number | undefined, b: number | undefined) => (a && b !== undefined ? `${(b / a).toFixed(2)}×` : '—');
  const ms = (value: number | undefined) => (value === undefined ? '—' : `${value.toFixed(0)} ms`);
  const lines = [
    `| figure | ${one.label} | ${chain.label} | ratio |`,
    '|---|---|---|---|',
    `| requests/s | ${one.result.figures.requestsPerSecond.toFixed(0)} | ${chain.result.figures.requestsPerSecond.toFixed(0)} | ${ratio(one.result.figures.requestsPerSecond, chain.result.figures.requestsPerSecond)} |`,
    `| purchases/s | ${one.result.figures.purchasesPerSecond.toFixed(1)} | ${chain.result.figures.purchasesPerSecond.toFixed(1)} | ${ratio(one.result.figures.purchasesPerSecond, chain.result.figures.purchasesPerSecond)} |`,
  ];
  for (const route of ROUTES) {
    const [a, b] = [one.result.figures.p95[route], chain.result.figures.p95[route]];
    if (a === undefined && b === undefined) continue;
    lines.push(`| p95 ${route} | ${ms(a)} | ${ms(b)} | ${ratio(a, b)} |`);
  }
  lines.push(
    `| targets | ${one.result.missed.length === 0 ? 'met' : one.result.missed.join(', ')} | ${chain.result.missed.length === 0 ? 'met' : chain.result.missed.join(', ')} | |`,
  );
  return lines;
}

function optionsFromArgs(): PresaleOptions & { base?: string; mode: CinemaMode } {
  const { values } = parseArgs({
    options: {
      users: { type: 'string', default: '100' },
      seconds: { type: 'string', default: '30' },
      history: { type: 'string', default: '0' },
      'hot-shows': { type: 'string', default: '5' },
      cinemas: { type: 'string', default: 'both' },
      base: { type: 'string' },
    },
  });
  if (!['one', 'chain', 'both'].includes(values.cinemas)) throw new Error(`--cinemas is one, chain or both, not '${values.cinemas}'`);
  return {
    mode: values.cinemas as CinemaMode,
    users: Number(values.users),
    seconds: Number(values.seconds),
    history: Number(values.history),
    hotShows: Number(values['hot-shows']),
    ...(values.base ? { base: values.base } : {}),
  };
}

async function main(): Promise<void> {
  const { base, mode, ...options } = optionsFromArgs();
  if (base) {
    if (!(await runCinemaPresales(base, options, mode))) process.exitCode = 1;
    return;
  }
  const platform = await startNpmStart(BENCH_PLATFORM_ENV);
  try {
    if (!(await runCinemaPresales(platform.baseUrl, { ...options, platformPid: platformPid(platform.process.pid as number) }, mode)))
      process.exitCode = 1;
  } finally {
    await stopNpmStart(platform.process);
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
}
