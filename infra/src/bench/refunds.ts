/**
 * Refunds against the sales reports, through the gateway of `npm start` as a
 * new user runs it (fresh data directory; on RabbitMQ when AMQP_URL is set):
 *
 * 1. BENCH_ORDERS (1,000) orders of one seat each are paid by 20 buyers at once;
 * 2. an admin refunds BENCH_REFUNDS (300) of them, 10 at a time; with RabbitMQ
 *    the broker is taken away after the first third and given back after the
 *    second, so a third of the refunds happen while the platform has no broker;
 * 3. the sales reports are read until their gross, refunded and net tickets
 *    of the bench's movie equal the orders' own totals to the cent, and every
 *    paid order is checked: each refunded one refunded exactly once, for its
 *    total, and in the sales detail exactly once; none of the others refunded.
 *
 * The outage: on a virtual host of its own (so other users of the broker are
 * untouched), the benchmark's permissions are cleared and its connections
 * closed, so the platform can neither publish nor consume nor reconnect, as
 * with a stopped broker; `BENCH_BROKER_OUTAGE=stop_app` stops and starts the
 * node's RabbitMQ application instead (only where nothing else uses it).
 * Without AMQP_URL the in-process bus has no broker to lose: that step is skipped.
 *
 * Prints refunds/s and the time from the last refund until the reports agree;
 * exit code 1 when a figure does not match. Run with `npm run bench:refunds`.
 */
import { randomBytes } from 'node:crypto';
import type { OrderView, SaleDetailRow, SalesSummaryRow } from '@cine/contracts';
import { rabbitmqctl, waitFor } from '../faults/processes';
import { api } from '../testing/gateway-api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startNpmStart, stopNpmStart } from '../testing/npm-start';
import { BenchShop, isPaid, print, registerBuyers, type BenchBuyer } from './bench-kit';

const settings = {
  orders: Number(process.env.BENCH_ORDERS ?? 1000),
  refunds: Number(process.env.BENCH_REFUNDS ?? 300),
  buyers: 20,
  refundConcurrency: 10,
  outage: process.env.BENCH_BROKER_OUTAGE === 'stop_app' ? 'stop_app' : 'vhost',
};

/** The platform's broker: a virtual host of its own, which the outage takes away and gives back. */
class Broker {
  readonly vhost = `cine-bench-refunds-${randomBytes(4).toString('hex')}`;

  constructor(private readonly amqpUrl: string) {}

  get url(): string {
    const url = new URL(this.amqpUrl);
    url.pathname = `/${this.vhost}`;
    return url.toString();
  }

  create(): void {
    rabbitmqctl('add_vhost', this.vhost);
    this.grant();
  }

  stop(): void {
    if (settings.outage === 'stop_app') {
      rabbitmqctl('stop_app');
      return;
    }
    rabbitmqctl('clear_permissions', '-p', this.vhost, 'guest');
    rabbitmqctl('close_all_connections', '--vhost', this.vhost, '--limit', '1000', 'bench: broker outage');
  }

  start(): void {
    if (settings.outage === 'stop_app') {
      rabbitmqctl('start_app');
      rabbitmqctl('await_startup');
      return;
    }
    this.grant();
  }

  remove(): void {
    rabbitmqctl('delete_vhost', this.vhost);
  }

  private grant(): void {
    rabbitmqctl('set_permissions', '-p', this.vhost, 'guest', '.*', '.*', '.*');
  }
}

interface Paid {
  orderId: string;
  total: number;
}

/** `count` paid orders of one seat, `buyers` at a time, over new shows. */
async function payOrders(shop: BenchShop, buyers: readonly BenchBuyer[], count: number): Promise<Paid[]> {
  const shows = await shop.showsFor(count);
  const queue = shows.flatMap((show) => Array.from({ length: show.sellable }, () => show)).slice(0, count);
  const paid: Paid[] = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    buyers.map(async (buyer) => {
      for (let show = queue.shift(); show; show = queue.shift()) {
        const purchase = await shop.purchase(buyer, show.id);
        if (isPaid(purchase) && purchase.orderId) paid.push({ orderId: purchase.orderId, total: show.price });
        else failures += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  print(`paid: ${paid.length} orders in ${seconds.toFixed(1)} s (${(paid.length / seconds).toFixed(1)}/s), ${failures} not paid`);
  return paid;
}

/** Refunds every order given, `concurrency` at a time; `progress` hears each refund done. Answers the statuses. */
async function refundAll(
  base: string,
  token: string,
  orders: readonly Paid[],
  progress: (done: number) => void,
): Promise<Map<string, number>> {
  const statuses = new Map<string, number>();
  const queue = [...orders];
  await Promise.all(
    Array.from({ length: settings.refundConcurrency }, async () => {
      for (let order = queue.shift(); order; order = queue.shift()) {
        let status = 0;
        // A 503 (the provider did not answer) is retried as the API says: the same request again.
        for (let attempt = 0; attempt < 5 && (status === 0 || status === 503); attempt++) {
          status = (
            await api(base, 'POST', `/orders/${order.orderId}/refund`, { token, body: { reason: 'Benchmark' } }).catch(() => ({
              status: 0,
            }))
          ).status;
        }
        statuses.set(order.orderId, status);
        progress(statuses.size);
      }
    }),
  );
  return statuses;
}

interface Totals {
  gross: number;
  refunded: number;
  net: number;
}

const cents = (value: number) => (value / 100).toFixed(2);
const describe = ({ gross, refunded, net }: Totals) => `gross ${cents(gross)}, refunded ${cents(refunded)}, net ${cents(net)}`;

async function reportTotals(base: string, token: string, movieId: string): Promise<Totals> {
  const rows = ((await api(base, 'GET', '/tickets/all', { token })).json as SalesSummaryRow[]).filter((row) => row.movieId === movieId);
  const net = rows.reduce((sum, row) => sum + row.totalPrice, 0);
  const refunded = rows.reduce((sum, row) => sum + row.refundedPrice, 0);
  return { gross: net + refunded, refunded, net };
}

/**
 * On a new virtual host the catalog seeds its movies before booking's queue is
 * bound, so booking never hears of them (a first start on RabbitMQ): an edit
 * of the bench's movie (the billboard's shortest) tells it, as movie.updated.
 */
async function tellBookingTheMovies(shop: BenchShop, base: string, token: string): Promise<void> {
  const movies = (await api(base, 'GET', '/movies/billboard')).json as Array<{ id: string; Runtime: number; Plot: string }>;
  const movie = [...movies].sort((a, b) => a.Runtime - b.Runtime)[0];
  if (!movie) throw new Error('the billboard is empty');
  await api(base, 'PUT', `/movies/update/${movie.id}`, { token, body: { Plot: `${movie.Plot} (función de prueba)` } });
  await waitFor(
    () =>
      shop.newShow(1).then(
        () => true,
        () => false,
      ),
    60_000,
    'booking to know the movie',
  );
}

async function run(base: string, broker: Broker | undefined): Promise<boolean> {
  const shop = await BenchShop.open(base);
  const login = await api(base, 'POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  const adminToken = (login.json as { token: string }).token;
  if (broker) await tellBookingTheMovies(shop, base, adminToken);
  const buyers = await registerBuyers(base, settings.buyers);
  print(`refunds benchmark through the gateway of npm start (${base}), ${broker ? `RabbitMQ vhost ${broker.vhost}` : 'in-process bus'}`);

  const paid = await payOrders(shop, buyers, settings.orders);
  const first = (await api(base, 'GET', `/orders/${paid[0]?.orderId}`, { token: adminToken })).json as OrderView;
  const movieId = first.movieId;
  // Spread over the orders (and so over the shows).
  const count = Math.min(settings.refunds, paid.length);
  const toRefund = Array.from({ length: count }, (_, index) => paid[Math.floor((index * paid.length) / count)] as Paid);

  const third = Math.floor(toRefund.length / 3);
  let outageMs = 0;
  let outageStarted = 0;
  const started = performance.now();
  const statuses = await refundAll(base, adminToken, toRefund, (done) => {
    if (!broker) return;
    if (done === third) {
      broker.stop();
      outageStarted = performance.now();
      print(`  broker taken away after ${done} refunds (${settings.outage})`);
    } else if (done === 2 * third) {
      broker.start();
      outageMs = performance.now() - outageStarted;
      print(`  broker back after ${done} refunds (${(outageMs / 1000).toFixed(1)} s without it)`);
    }
  });
  const refundMs = performance.now() - started;
  const refusedStatuses = [...statuses.values()].filter((status) => status !== 200);
  print(
    `refunded: ${statuses.size - refusedStatuses.length} of ${toRefund.length} in ${(refundMs / 1000).toFixed(1)} s: ` +
      `${(toRefund.length / (refundMs / 1000)).toFixed(1)} refunds/s` +
      (refusedStatuses.length > 0 ? `, not refunded: ${refusedStatuses.join(' ')}` : ''),
  );

  const gross = paid.reduce((sum, order) => sum + order.total, 0);
  const refundedTotal = toRefund.reduce((sum, order) => sum + order.total, 0);
  const expected: Totals = { gross, refunded: refundedTotal, net: gross - refundedTotal };
  print(`orders' own totals: ${describe(expected)}`);
  const agreeing = performance.now();
  let reported: Totals = { gross: 0, refunded: 0, net: 0 };
  let agreed = true;
  await waitFor(
    async () => {
      reported = await reportTotals(base, adminToken, movieId);
      return reported.gross === expected.gross && reported.refunded === expected.refunded && reported.net === expected.net;
    },
    180_000,
    'the sales reports to agree with the orders',
  ).catch(() => (agreed = false));
  print(`sales reports:      ${describe(reported)}: ${agreed ? 'agree' : 'DO NOT AGREE'}`);
  print(`time from the last refund until the reports agree: ${((performance.now() - agreeing) / 1000).toFixed(1)} s`);

  // Per order: refunded once and for its total (booking), and counted once in the sales detail.
  const refundedIds = new Set(toRefund.map((order) => order.orderId));
  let double = 0;
  let lost = 0;
  let wrong = 0;
  for (let start = 0; start < paid.length; start += 20) {
    const views = await Promise.all(
      paid
        .slice(start, start + 20)
        .map(async (order) => (await api(base, 'GET', `/orders/${order.orderId}`, { token: adminToken })).json as OrderView),
    );
    for (const view of views) {
      const refunds = view.refunds.length;
      if (refundedIds.has(view.id)) {
        if (refunds === 0) lost += 1;
        if (refunds > 1) double += 1;
        if (refunds === 1 && view.refundedAmount !== view.total) wrong += 1;
      } else if (refunds > 0) wrong += 1;
    }
  }
  const detail = (await api(base, 'GET', `/tickets/all/detail?movieId=${movieId}`, { token: adminToken })).json as SaleDetailRow[];
  const detailRefunded = detail.filter((row) => row.refundedPrice > 0);
  const detailDouble = detail.filter((row) => refundedIds.has(row.orderId) && row.refundedSeats > 1).length;
  const detailLost = [...refundedIds].filter((id) => !detailRefunded.some((row) => row.orderId === id)).length;
  print(
    `orders: ${double} refunded twice, ${lost} refunds lost, ${wrong} with a wrong amount; ` +
      `sales detail: ${detail.length} sales, ${detailRefunded.length} with a refund, ${detailDouble} counted twice, ${detailLost} missing`,
  );
  return agreed && refusedStatuses.length === 0 && double + lost + wrong + detailDouble + detailLost === 0;
}

async function main(): Promise<void> {
  const amqpUrl = process.env.AMQP_URL;
  const broker = amqpUrl ? new Broker(amqpUrl) : undefined;
  broker?.create();
  const platform = await startNpmStart({
    AUTH_RATE_LIMIT: '100000',
    TRUST_PROXY: '127.0.0.1',
    ...(broker ? { AMQP_URL: broker.url } : {}),
  });
  try {
    if (!(await run(platform.baseUrl, broker))) process.exitCode = 1;
  } finally {
    await stopNpmStart(platform.process);
    broker?.remove();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
