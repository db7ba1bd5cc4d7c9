/**
 * The back office's order search and order page with many orders, through the
 * gateway of `npm start` as a new user runs it (fresh data directory, embedded
 * FerretDB, in-process bus):
 *
 * 1. BENCH_BUYERS (1,000) buyers register and pay BENCH_ORDERS (10,000) orders of one seat each, 20 at a time, in turn;
 * 2. an admin runs a first search (booking loads its index of the paid orders), then each kind of search BENCH_ROUNDS (30) times, one at a time: by order id,
 *    by a buyer's whole e-mail, by part of a name matching every buyer (the widest text
 *    search), by movie, by a period, the tenth page of everything; and opens order pages.
 *
 * Prints p50/p95/max per kind and checks each answer (the order found, a buyer's 50 orders,
 * the total of everything); exit code 1 when one is wrong. Run with `npm run bench:orders`.
 */
import { localDateTime, type OrderDetail, type OrderSearchPage } from '@cine/contracts';
import { api } from '../testing/gateway-api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startNpmStart, stopNpmStart } from '../testing/npm-start';
import { BENCH_PLATFORM_ENV, BenchShop, isPaid, percentile, print, registerBuyers, type BenchBuyer } from './bench-kit';

const settings = {
  orders: Number(process.env.BENCH_ORDERS ?? 10_000),
  buyers: Number(process.env.BENCH_BUYERS ?? 1000),
  rounds: Number(process.env.BENCH_ROUNDS ?? 30),
  concurrency: 20,
};

interface Kind {
  name: string;
  path: () => string;
  /** Whether the answer is the one expected. */
  check: (answer: unknown) => boolean;
}

async function timed(base: string, token: string, kind: Kind): Promise<{ ms: number[]; wrong: number }> {
  const ms: number[] = [];
  let wrong = 0;
  for (let round = 0; round < settings.rounds; round++) {
    const started = performance.now();
    const answer = await api(base, 'GET', kind.path(), { token });
    ms.push(performance.now() - started);
    if (answer.status !== 200 || !kind.check(answer.json)) wrong += 1;
  }
  return { ms: ms.sort((a, b) => a - b), wrong };
}

/** `count` paid orders of one seat, `concurrency` at a time, the buyers taking turns (each buyer gets about count / buyers). */
async function payOrders(shop: BenchShop, buyers: readonly BenchBuyer[], count: number): Promise<number> {
  const shows = await shop.showsFor(count);
  const queue = shows.flatMap((show) => Array.from({ length: show.sellable }, () => show.id)).slice(0, count);
  let next = 0;
  let paid = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: settings.concurrency }, async () => {
      for (let showId = queue.shift(); showId; showId = queue.shift()) {
        const buyer = buyers[next++ % buyers.length] as BenchBuyer;
        if (isPaid(await shop.purchase(buyer, showId))) paid += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  print(`paid: ${paid} orders over ${shows.length} shows in ${seconds.toFixed(0)} s (${(paid / seconds).toFixed(1)}/s)`);
  return paid;
}

async function run(base: string): Promise<boolean> {
  const shop = await BenchShop.open(base);
  const login = await api(base, 'POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  const token = (login.json as { token: string }).token;
  const buyers = await registerBuyers(base, settings.buyers);
  print(`order search benchmark through the gateway of npm start (${base}): ${settings.orders} orders of ${buyers.length} buyers`);
  const paid = await payOrders(shop, buyers, settings.orders);

  // The first search loads booking's index of the paid orders.
  const first = performance.now();
  const everything = (await api(base, 'GET', '/orders?pageSize=1', { token })).json as OrderSearchPage;
  print(`the first search (booking reads every paid order into its index): ${(performance.now() - first).toFixed(0)} ms`);
  const [newest] = everything.items;
  if (!newest) throw new Error('no paid order');
  const perBuyer = Math.round(everything.total / buyers.length);
  const today = localDateTime(new Date(newest.paidAt)).date;
  const buyer = buyers[Math.floor(buyers.length / 2)] ?? buyers[0];
  if (!buyer) throw new Error('no buyer');
  const kinds: Kind[] = [
    {
      name: 'q = an order id',
      path: () => `/orders?q=${newest.id}`,
      check: (page) => (page as OrderSearchPage).items[0]?.id === newest.id,
    },
    {
      name: "q = a buyer's e-mail",
      path: () => `/orders?q=${encodeURIComponent(buyer.email)}`,
      // Each buyer paid about the same number of orders (a few failed purchases aside).
      check: (page) => Math.abs((page as OrderSearchPage).total - perBuyer) <= Math.max(2, perBuyer / 10),
    },
    {
      name: 'q = a name part of every buyer',
      path: () => '/orders?q=comprador',
      check: (page) => (page as OrderSearchPage).total === everything.total,
    },
    {
      name: 'movieId, newest first',
      path: () => `/orders?movieId=${newest.movieId}`,
      check: (page) => (page as OrderSearchPage).items.length === 20,
    },
    {
      name: 'a period (the cinema day of the newest)',
      path: () => `/orders?from=${today}&to=${today}&pageSize=50`,
      check: (page) => (page as OrderSearchPage).items.length > 0,
    },
    { name: 'page 10 of everything', path: () => '/orders?page=10', check: (page) => (page as OrderSearchPage).page === 10 },
    {
      name: 'the order page',
      path: () => `/orders/${newest.id}`,
      check: (order) => (order as OrderDetail).id === newest.id && (order as OrderDetail).history.length >= 2,
    },
  ];

  print(`paid orders found by the search: ${everything.total}`);
  let wrong = 0;
  for (const kind of kinds) {
    const { ms, wrong: failed } = await timed(base, token, kind);
    wrong += failed;
    print(
      `${kind.name.padEnd(32)} p50 ${percentile(ms, 50).toFixed(0)} ms, p95 ${percentile(ms, 95).toFixed(0)} ms, ` +
        `max ${(ms.at(-1) ?? 0).toFixed(0)} ms${failed ? `, ${failed} wrong answers` : ''}`,
    );
  }
  return wrong === 0 && everything.total === paid;
}

async function main(): Promise<void> {
  const platform = await startNpmStart(BENCH_PLATFORM_ENV);
  try {
    if (!(await run(platform.baseUrl))) process.exitCode = 1;
  } finally {
    await stopNpmStart(platform.process);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
