/**
 * What the benchmarks through the gateway share: buyers each from an address
 * of their own, new shows in free slots, a purchase (hold + checkout), a
 * history of paid orders made through the API, and bursts of checkouts with
 * their figures and report (checkoutBurst, KindBursts, printBestOfEach).
 */
import { readFileSync, readdirSync } from 'node:fs';
import type { ShowView } from '@cine/contracts';
import { registerBuyer, type Buyer } from '../testing/buyers';
import { api } from '../testing/gateway-api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startNpmStart, stopNpmStart, type StartedPlatform } from '../testing/npm-start';

const ROOMS = [1, 2, 3, 4, 5];
/** Start times far enough apart for any seeded movie plus the cleaning time. */
const SCHEDULES = ['09:00', '12:30', '16:00', '19:30'];
/** Shows are created from this many days ahead on, clear of the demo seed's week. */
const FIRST_DAY_AHEAD = 60;

/** A buyer and the address its requests come from (sent in X-Forwarded-For; the gateway trusts loopback). */
export interface BenchBuyer extends Buyer {
  address: string;
}

export interface Purchase {
  showId: string;
  /** Status of the hold, then of the checkout when the hold succeeded (0: no answer). */
  holdStatus: number;
  checkoutStatus?: number;
  ms: number;
  seatLabels?: string[];
  orderId?: string;
  /** The paid order as the checkout answered it. */
  order?: Record<string, unknown>;
}

/** What a purchase adds to the plain one (issue 39's benchmark): a step between hold and checkout, fields of the checkout. */
export interface PurchaseExtra {
  /** Fields added to the hold's body (e.g. a presale's `admission`, issue 40). */
  hold?: (buyer: BenchBuyer) => Record<string, unknown>;
  /** Run after the hold (e.g. POST /cart/promo); a status other than 200 stops the purchase (its checkoutStatus is minus it). */
  beforeCheckout?: (buyer: BenchBuyer) => Promise<number>;
  /** Fields added to the checkout's body (e.g. giftCardCode). */
  checkout?: (buyer: BenchBuyer) => Record<string, unknown>;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

export const isPaid = (purchase: Purchase) => purchase.checkoutStatus === 200;
export const isServerError = (status: number | undefined) => status !== undefined && (status === 0 || status >= 500);

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system) the process has used, in ms. */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/**
 * Waits until the process uses under `busyShare` of one core over `windowMs` (at most `timeoutMs`): the work
 * a previous load left queued (events, receipt mails) is done. Answers the seconds waited.
 */
export async function settled(pid: number, { busyShare = 0.15, windowMs = 2000, timeoutMs = 300_000 } = {}): Promise<number> {
  const started = performance.now();
  for (;;) {
    const before = cpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    if ((cpuMs(pid) - before) / windowMs < busyShare || performance.now() - started > timeoutMs)
      return (performance.now() - started) / 1000;
  }
}

export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
}

export function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** The n-th buyer's address: 10.(n >> 8).(n & 255).1. */
export const buyerAddress = (n: number) => `10.${n >> 8}.${n & 255}.1`;

/**
 * `count` new accounts, `concurrency` (8) registered at a time, the n-th from its own address (buyerAddress,
 * sent in X-Forwarded-For: each a client of its own, as a crowd's are).
 */
export async function registerBuyers(base: string, count: number, concurrency = 8): Promise<BenchBuyer[]> {
  const buyers: BenchBuyer[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      for (let n = next++; n < count; n = next++) {
        const address = buyerAddress(n);
        buyers[n] = { ...(await registerBuyer(base, address)), address };
      }
    }),
  );
  return buyers;
}

/** A new show and how many of its seats one buyer may buy alone (its capacity less the companion seats). */
export type SellableShow = ShowView & { sellable: number };

/** The admin's shows and purchases of the benchmarks, on the billboard's shortest movie. */
export class BenchShop {
  /** The next free slot of each room (4 a day): 2,000 shows over 5 rooms end 100 days later, within the year shows may be sold ahead. */
  private readonly slots = new Map<number, number>();

  private constructor(
    readonly base: string,
    readonly adminToken: string,
    private readonly movieId: string,
  ) {}

  /** Signs the admin in and picks the billboard's shortest movie (any slot fits it). */
  static async open(base: string): Promise<BenchShop> {
    const login = await api(base, 'POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    if (login.status !== 200) throw new Error(`admin login: ${login.status}`);
    const movies = (await api(base, 'GET', '/movies/billboard')).json as Array<{ id: string; Runtime: number }>;
    const movie = [...movies].sort((a, b) => a.Runtime - b.Runtime)[0];
    if (!movie) throw new Error('the billboard is empty');
    return new BenchShop(base, (login.json as { token: string }).token, movie.id);
  }

  /** A new show in `roomId` at the room's next free slot (schedules × days). */
  async newShow(roomId: number): Promise<ShowView> {
    for (;;) {
      const index = this.slots.get(roomId) ?? 0;
      this.slots.set(roomId, index + 1);
      const day = new Date(Date.now() + (FIRST_DAY_AHEAD + Math.floor(index / SCHEDULES.length)) * 86_400_000).toISOString().slice(0, 10);
      const schedule = SCHEDULES[index % SCHEDULES.length] as string;
      const created = await api(this.base, 'POST', '/show', {
        token: this.adminToken,
        body: { data: { schedule, movieId: this.movieId, roomId, day, type: '2D' } },
      });
      if (created.status === 201) return created.json as ShowView;
      if (created.status !== 409) throw new Error(`show not created: ${created.status} ${JSON.stringify(created.json)}`);
    }
  }

  /**
   * New shows, room after room, until there are `count` of them and at least `seats` seats one buyer may buy alone
   * in all: `sellable` leaves out companion seats (sold only with their wheelchair space until shortly before the show).
   */
  async showsFor(seats: number, count = 0): Promise<SellableShow[]> {
    const shows: SellableShow[] = [];
    let total = 0;
    for (let index = 0; total < seats || shows.length < count; index++) {
      const show = await this.newShow(ROOMS[index % ROOMS.length] as number);
      const map = (await api(this.base, 'GET', `/show/${show.id}/seats`)).json as { layout: { companions?: Record<string, string> } };
      const sellable = show.capacity - Object.keys(map.layout.companions ?? {}).length;
      shows.push({ ...show, sellable });
      total += sellable;
    }
    return shows;
  }

  /**
   * One seat held and paid; `started`: when the buyer arrived (an open-loop arrival may wait for an idle buyer).
   * `ticketType`: the seat's ticket type (`tickets: [{type}]`); left out, the spec's `seats: 1` (General).
   */
  async purchase(
    buyer: BenchBuyer,
    showId: string,
    started = performance.now(),
    ticketType?: string,
    extra: PurchaseExtra = {},
  ): Promise<Purchase> {
    const held = await api(this.base, 'POST', '/tickets/addTickets', {
      token: buyer.token,
      body:
        ticketType === undefined
          ? { userId: buyer.id, seats: 1, showId, ...extra.hold?.(buyer) }
          : { userId: buyer.id, showId, tickets: [{ type: ticketType }], ...extra.hold?.(buyer) },
      forwardedFor: buyer.address,
    }).catch(() => ({
      status: 0,
      json: null,
    }));
    if (held.status !== 200) return { showId, holdStatus: held.status, ms: performance.now() - started };
    const step = extra.beforeCheckout ? await extra.beforeCheckout(buyer).catch(() => 0) : 200;
    if (step !== 200) return { showId, holdStatus: 200, checkoutStatus: -step, ms: performance.now() - started };
    const paid = await api(this.base, 'POST', '/movies/checkout', {
      token: buyer.token,
      body: { idUser: buyer.id, show: showId, ticket: 1, paymentMethodId: 'pm_card_visa', ...extra.checkout?.(buyer) },
      forwardedFor: buyer.address,
    }).catch(() => ({
      status: 0,
      json: null,
    }));
    const ms = performance.now() - started;
    if (paid.status !== 200) return { showId, holdStatus: 200, checkoutStatus: paid.status, ms };
    return {
      showId,
      holdStatus: 200,
      checkoutStatus: 200,
      ms,
      seatLabels: (paid.json as { order: { seatLabels: string[] } }).order.seatLabels,
      orderId: (paid.json as { order: { id: string } }).order.id,
      order: (paid.json as { order: Record<string, unknown> }).order,
    };
  }

  /** `orders` paid orders of one seat each, `concurrency` buyers at a time, filling new shows; `shows`: at least this many new shows in all. */
  async history(buyers: readonly BenchBuyer[], orders: number, concurrency: number, shows = 0): Promise<void> {
    const made = await this.showsFor(orders, shows);
    const queue = made.flatMap((show) => Array.from({ length: show.sellable }, () => show.id)).slice(0, orders);
    let paid = 0;
    let failures = 0;
    const started = performance.now();
    let lastReport = started;
    await Promise.all(
      buyers.slice(0, concurrency).map(async (buyer) => {
        for (let showId = queue.shift(); showId; showId = queue.shift()) {
          const purchase = await this.purchase(buyer, showId);
          if (isPaid(purchase)) paid += 1;
          else failures += 1;
          if (performance.now() - lastReport > 30_000) {
            lastReport = performance.now();
            print(`  history: ${paid} paid so far (${(paid / ((lastReport - started) / 1000)).toFixed(1)}/s)`);
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    print(
      `history: ${made.length} new shows, ${paid} paid orders made in ${seconds.toFixed(0)} s (${(paid / seconds).toFixed(1)}/s), ${failures} not paid`,
    );
  }
}

/** The Node process `npm start` runs the platform in (gateway and services), a descendant of the npm process. */
export function platformPid(npmPid: number): number {
  const children = (pid: number): number[] => {
    try {
      return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
        readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
      );
    } catch {
      return [];
    }
  };
  const queue = [npmPid];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    const [program = '', ...args] = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    // npm runs the script through `sh -c`: the platform is the node process under it.
    if (/(^|\/)node$/.test(program) && args.some((arg) => arg.endsWith('infra/dist/start.js'))) return pid;
    queue.push(...children(pid));
  }
  throw new Error('the platform process of npm start was not found');
}

/** A run's figures: paid purchases over its wall time, hold + checkout percentiles of the paid ones, answers ≥ 500 or none. */
export interface RunFigures {
  perSecond: number;
  p50: number;
  p99: number;
  serverErrors: number;
}

export function figuresOf(paid: readonly Purchase[], all: readonly Purchase[], elapsedMs: number): RunFigures {
  const ms = paid.map((purchase) => purchase.ms).sort((a, b) => a - b);
  return {
    perSecond: paid.length / (elapsedMs / 1000),
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    serverErrors: all.filter((purchase) => isServerError(purchase.holdStatus) || isServerError(purchase.checkoutStatus)).length,
  };
}

/**
 * The refusals counted by status: `hold N`, `checkout N`, or `<stepName> N` when the step between hold and checkout
 * (PurchaseExtra.beforeCheckout) refused it.
 */
export function statusCounts(purchases: readonly Purchase[], stepName = 'before checkout'): string {
  const counts = new Map<string, number>();
  for (const purchase of purchases) {
    const key =
      purchase.checkoutStatus === undefined
        ? `hold ${purchase.holdStatus}`
        : purchase.checkoutStatus < 0
          ? `${stepName} ${-purchase.checkoutStatus}`
          : `checkout ${purchase.checkoutStatus}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => `${count}× ${key}`).join(', ') || 'none';
}

/** What a burst did: its show, who raced, every purchase, the paid ones, its wall time and its figures. */
export interface Burst {
  show: ShowView;
  racing: readonly BenchBuyer[];
  purchases: Purchase[];
  paid: Purchase[];
  elapsedMs: number;
  figures: RunFigures;
}

/**
 * capacity + `extraBuyers` buyers at once on a new show in `room`, one seat each; with `ticketTypes`, the buyers take
 * them in turn (one ticket each); `extra`: what each purchase adds to the plain one.
 */
export async function checkoutBurst(
  shop: BenchShop,
  buyers: readonly BenchBuyer[],
  options: { room: number; extraBuyers: number; ticketTypes?: readonly string[]; extra?: PurchaseExtra },
): Promise<Burst> {
  const { room, extraBuyers, ticketTypes, extra = {} } = options;
  const show = await shop.newShow(room);
  const racing = buyers.slice(0, show.capacity + extraBuyers);
  if (racing.length < show.capacity + extraBuyers) throw new Error('not enough buyers for the burst');
  const started = performance.now();
  const purchases = await Promise.all(
    racing.map((buyer, index) => shop.purchase(buyer, show.id, started, ticketTypes?.[index % ticketTypes.length], extra)),
  );
  const elapsedMs = performance.now() - started;
  const paid = purchases.filter(isPaid);
  return { show, racing, purchases, paid, elapsedMs, figures: figuresOf(paid, purchases, elapsedMs) };
}

/** The burst's first line: `<label>: N buyers on a C-seat show: P paid, R refused (…), E answers ≥ 500 or none, S s`. */
export function printBurst(label: string, { show, racing, purchases, paid, elapsedMs, figures }: Burst, stepName?: string): void {
  const refused = statusCounts(
    purchases.filter((p) => !isPaid(p)),
    stepName,
  );
  print(
    `${label}: ${racing.length} buyers on a ${show.capacity}-seat show: ${paid.length} paid, ${purchases.length - paid.length} refused ` +
      `(${refused}), ${figures.serverErrors} answers ≥ 500 or none, ${(elapsedMs / 1000).toFixed(2)} s`,
  );
}

/** The figures of a burst of one kind of checkout (plain, with a promo code, …), for the checkouts' comparisons. */
export interface KindFigures<Kind extends string> extends RunFigures {
  kind: Kind;
}

/**
 * The checkouts' comparisons (bench:discounts, bench:club): bursts of capacity + `extraBuyers` buyers at once on a
 * new show in `room`, each of one kind of checkout, printed as
 * `  X checkouts/s   hold + checkout p50 … ms   p99 … ms   <check>: ok|FAILED`. `check(kind, paid)`: what the kind's
 * paid orders must show, as `{text, wrong}` (the orders that do not); a burst is ok when it sold exactly its
 * capacity, none wrong and no answer ≥ 500 (`failed` when one was not). `stepName`: how a refusal of the step
 * between hold and checkout is counted.
 */
export class KindBursts<Kind extends string> {
  failed = false;

  constructor(
    private readonly shop: BenchShop,
    private readonly buyers: readonly BenchBuyer[],
    private readonly options: {
      room: number;
      extraBuyers: number;
      stepName?: string;
      check: (kind: Kind, paid: readonly Purchase[]) => { text: string; wrong: number };
    },
  ) {}

  async burst(kind: Kind, extra: PurchaseExtra, label: string = kind): Promise<KindFigures<Kind>> {
    const { room, extraBuyers, stepName, check } = this.options;
    const burst = await checkoutBurst(this.shop, this.buyers, { room, extraBuyers, extra });
    const { text, wrong } = check(kind, burst.paid);
    const { figures } = burst;
    const ok = burst.paid.length === burst.show.capacity && wrong === 0 && figures.serverErrors === 0;
    this.failed ||= !ok;
    printBurst(label, burst, stepName);
    print(
      `  ${figures.perSecond.toFixed(1)} checkouts/s   hold + checkout p50 ${figures.p50.toFixed(0)} ms   p99 ${figures.p99.toFixed(0)} ms   ` +
        `${text}: ${wrong}: ${ok ? 'ok' : 'FAILED'}`,
    );
    return { kind, ...figures };
  }
}

/** The best run (most checkouts/s) of each kind, printed with its ratios to the best plain one (the first kind). */
export function printBestOfEach<Kind extends string>(runs: readonly KindFigures<Kind>[], kinds: readonly Kind[]): void {
  const best = (kind: Kind) =>
    runs
      .filter((run) => run.kind === kind)
      .reduce<KindFigures<Kind> | undefined>((a, b) => (!a || b.perSecond > a.perSecond ? b : a), undefined);
  const plain = best(kinds[0] as Kind) as KindFigures<Kind>;
  const width = Math.max(...kinds.map((kind) => kind.length)) + 1;
  print('\nbest of each (checkouts/s, hold + checkout p50 / p99) and its ratio to plain checkouts:');
  for (const kind of kinds) {
    const run = best(kind);
    if (!run) continue;
    print(
      `  ${kind.padEnd(width)} ${run.perSecond.toFixed(1).padStart(7)}/s   p50 ${run.p50.toFixed(0).padStart(5)} ms   p99 ${run.p99.toFixed(0).padStart(5)} ms   ` +
        `× ${(run.perSecond / plain.perSecond).toFixed(2)} checkouts/s, × ${(run.p99 / plain.p99).toFixed(2)} p99`,
    );
  }
}

/** `npm start` for the benchmarks through the gateway: a sign-in rate limit no bench reaches, loopback trusted as a load balancer (each buyer's X-Forwarded-For). */
export const BENCH_PLATFORM_ENV = { AUTH_RATE_LIMIT: '100000', TRUST_PROXY: '127.0.0.1' };

/**
 * `npm start` for a benchmark through the gateway (BENCH_PLATFORM_ENV), the admin's shop on it and `buyerCount` new
 * buyers; `run` with them, then the platform stopped (also when `run` throws).
 */
export async function onBenchPlatform(
  buyerCount: number,
  run: (bench: { platform: StartedPlatform; base: string; shop: BenchShop; buyers: BenchBuyer[] }) => Promise<void>,
): Promise<void> {
  const platform = await startNpmStart(BENCH_PLATFORM_ENV);
  try {
    const base = platform.baseUrl;
    const shop = await BenchShop.open(base);
    await run({ platform, base, shop, buyers: await registerBuyers(base, buyerCount) });
  } finally {
    await stopNpmStart(platform.process);
  }
}
