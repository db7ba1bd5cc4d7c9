/**
 * What the benchmarks through the gateway share: buyers each from an address
 * of their own, new shows in free slots, a purchase (hold + checkout) and a
 * history of paid orders made through the API.
 */
import { readFileSync, readdirSync } from 'node:fs';
import type { ShowView } from '@cine/contracts';
import { registerBuyer, type Buyer } from '../testing/buyers';
import { api } from '../testing/gateway-api';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../testing/npm-start';

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

  /** New shows, room after room, until there are `count` of them and at least `seats` seats in all. */
  async showsFor(seats: number, count = 0): Promise<ShowView[]> {
    const shows: ShowView[] = [];
    let total = 0;
    for (let index = 0; total < seats || shows.length < count; index++) {
      const show = await this.newShow(ROOMS[index % ROOMS.length] as number);
      shows.push(show);
      total += show.capacity;
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
    const queue = made.flatMap((show) => Array.from({ length: show.capacity }, () => show.id)).slice(0, orders);
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
