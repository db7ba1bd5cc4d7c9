/**
 * Checkout under a rush, through the gateway of `npm start` as a new user
 * runs it (embedded FerretDB, in-process bus, fresh data directory):
 *
 * 0. first burst: the buyers register and each browses once (billboard,
 *    shows, candy, one show), then capacity + BENCH_EXTRA_BUYERS (60) buyers
 *    at once on a new 100-seat show, each holding one seat and paying with
 *    pm_card_visa: a presale on a platform that has served other traffic but
 *    no purchase yet, its checkout code not yet compiled by V8;
 * 1. burst: the same again, on a platform that has sold, then once more with
 *    the seeded ticket types in turn (General, Menor, Jubilado, Estudiante),
 *    its figures printed beside the General-only burst's;
 * 2. steady: BENCH_STEADY_RATE (20) purchases/s arriving open-loop for
 *    BENCH_STEADY_SECONDS (30) s, one seat each, over new shows;
 * 3. history: BENCH_HISTORY (10,000) paid orders made through the API, then
 *    the burst and the steady load again, and their ratios to the fresh figures.
 *
 * Every buyer comes from an address of its own, as a presale's buyers do:
 * the gateway trusts loopback as a load balancer in front of it (TRUST_PROXY)
 * and the benchmark sends each buyer's address in X-Forwarded-For, so the
 * per-address hold limit applies as in production.
 *
 * Prints purchases/s, hold + checkout percentiles and answers ≥ 500 of each
 * run; checks that exactly the capacity was sold in the burst and no seat is in
 * two orders (exit code 1 when a check fails; a missed target is only printed).
 * Run with `npm run bench:rush` (after `npm install`, which builds everything).
 *
 * BENCH_TRACING=off,0.1,1 runs it once per tracing setting, each on a fresh `npm start`: off, then
 * OpenTelemetry on at each sampling ratio (OTEL_TRACES_SAMPLER_ARG) exporting to a local OTLP sink
 * that keeps nothing; ends with one table of the three (set BENCH_HISTORY=0 to skip the history runs).
 */
import type { ShowView } from '@cine/contracts';
import { api } from '../testing/gateway-api';
import { startNpmStart, stopNpmStart } from '../testing/npm-start';
import { startOtlpSink } from './otlp-sink';
import {
  BENCH_PLATFORM_ENV,
  BenchShop,
  checkoutBurst,
  cpuMs,
  figuresOf,
  isPaid,
  platformPid,
  print,
  printBurst,
  registerBuyers,
  statusCounts,
  type BenchBuyer,
  type Purchase,
  type RunFigures,
} from './bench-kit';

const settings = {
  extraBuyers: Number(process.env.BENCH_EXTRA_BUYERS ?? 60),
  steadyRate: Number(process.env.BENCH_STEADY_RATE ?? 20),
  steadySeconds: Number(process.env.BENCH_STEADY_SECONDS ?? 30),
  history: Number(process.env.BENCH_HISTORY ?? 10_000),
  historyConcurrency: Number(process.env.BENCH_HISTORY_CONCURRENCY ?? 40),
};
const BURST_ROOM = 1;
/** The seeded ticket types the mixed burst sells in turn. */
const MIXED_TYPES = ['general', 'menor', 'jubilado', 'estudiante'] as const;

class Rush {
  private failed = false;

  constructor(private readonly shop: BenchShop) {}

  get anyCheckFailed(): boolean {
    return this.failed;
  }

  /** capacity + extra buyers at once on a new show; with `ticketTypes`, the buyers take them in turn (one ticket each). */
  async burst(buyers: readonly BenchBuyer[], label: string, ticketTypes?: readonly string[]): Promise<RunFigures> {
    const burst = await checkoutBurst(this.shop, buyers, { room: BURST_ROOM, extraBuyers: settings.extraBuyers, ticketTypes });
    const { show, paid, figures } = burst;
    const after = (await api(this.shop.base, 'GET', `/show/one/${show.id}`)).json as ShowView;
    const doubleSold = doubleSoldSeats(paid);
    const ok = paid.length === show.capacity && after.seats === 0 && doubleSold === 0;
    this.failed ||= !ok;
    printBurst(`burst ${label}`, burst);
    print(
      `  ${figures.perSecond.toFixed(1)} purchases/s   hold + checkout p50 ${figures.p50.toFixed(0)} ms   p99 ${figures.p99.toFixed(0)} ms`,
    );
    print(`  sold ${show.capacity - after.seats}/${show.capacity}, double-sold ${doubleSold}: ${ok ? 'ok' : 'FAILED'}`);
    return figures;
  }

  /** Purchases arriving open-loop at `rate` per second for `seconds`, each by an idle buyer, over new shows. */
  async steady(buyers: readonly BenchBuyer[], label: string): Promise<RunFigures> {
    const arrivals = Math.round(settings.steadyRate * settings.steadySeconds);
    const shows = await this.shop.showsFor(arrivals);
    const idle = [...buyers];
    const waiting: Array<(buyer: BenchBuyer) => void> = [];
    const release = (buyer: BenchBuyer) => {
      const next = waiting.shift();
      if (next) next(buyer);
      else idle.push(buyer);
    };
    const seatsLeft = new Map(shows.map((show) => [show.id, show.sellable]));
    const running: Array<Promise<Purchase>> = [];
    const started = performance.now();
    for (let arrival = 0; arrival < arrivals; arrival++) {
      const due = started + (arrival * 1000) / settings.steadyRate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const show = shows.find((candidate) => (seatsLeft.get(candidate.id) as number) > 0) as ShowView;
      seatsLeft.set(show.id, (seatsLeft.get(show.id) as number) - 1);
      // Timed from its arrival, also when every buyer is still busy and it waits for one (no coordinated omission).
      const buyer = idle.shift();
      const buyerReady = buyer ? Promise.resolve(buyer) : new Promise<BenchBuyer>((resolve) => waiting.push(resolve));
      running.push(buyerReady.then((ready) => this.shop.purchase(ready, show.id, due).finally(() => release(ready))));
    }
    const purchases = await Promise.all(running);
    const elapsedMs = performance.now() - started;
    const paid = purchases.filter(isPaid);
    const figures = figuresOf(paid, purchases, elapsedMs);
    const doubleSold = doubleSoldSeats(paid);
    this.failed ||= doubleSold > 0;
    print(
      `steady ${label}: ${arrivals} purchases arriving at ${settings.steadyRate}/s for ${settings.steadySeconds} s: ${paid.length} paid ` +
        `(${statusCounts(purchases.filter((p) => !isPaid(p)))}), ${figures.serverErrors} answers ≥ 500 or none, double-sold ${doubleSold}`,
    );
    print(`  hold + checkout p50 ${figures.p50.toFixed(0)} ms   p99 ${figures.p99.toFixed(0)} ms`);
    return figures;
  }
}

/** Seats of a show that appear in two paid orders. */
function doubleSoldSeats(paid: readonly Purchase[]): number {
  const labels = paid.flatMap((purchase) => (purchase.seatLabels ?? []).map((label) => `${purchase.showId}:${label}`));
  return labels.length - new Set(labels).size;
}

/** Every buyer once through what a visitor reads before buying, 20 at a time. */
async function browse(base: string, buyers: readonly BenchBuyer[]): Promise<void> {
  const started = performance.now();
  let requests = 0;
  const read = (buyer: BenchBuyer, path: string) => {
    requests += 1;
    return api(base, 'GET', path, { token: buyer.token, forwardedFor: buyer.address });
  };
  for (let start = 0; start < buyers.length; start += 20) {
    await Promise.all(
      buyers.slice(start, start + 20).map(async (buyer) => {
        await read(buyer, '/movies/billboard');
        const shows = (await read(buyer, '/show/all')).json as ShowView[];
        await read(buyer, '/candy/');
        const show = shows[Math.floor(Math.random() * shows.length)];
        if (show) await read(buyer, `/show/one/${show.id}`);
      }),
    );
  }
  print(`browsing: ${requests} reads by ${buyers.length} buyers in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The runs against the platform at `base`: whether every correctness check passed, and the fresh figures. */
async function runRush(base: string): Promise<{ ok: boolean; fresh: { burst: RunFigures; steady: RunFigures } }> {
  const shop = await BenchShop.open(base);
  const rush = new Rush(shop);
  const buyers = await registerBuyers(base, 100 + settings.extraBuyers);
  print(`checkout rush through the gateway of npm start (${base}), ${buyers.length} buyers registered`);

  await browse(base, buyers);
  const first = await rush.burst(buyers, '(first after start: after the registrations and the browsing, no warm-up)');
  const fresh = { burst: await rush.burst(buyers, '(fresh database)'), steady: await rush.steady(buyers, '(fresh database)') };
  // The same burst with the seeded ticket types in turn (issue 37): priced lines must not cost the rush its figures.
  const mixed = await rush.burst(buyers, `(a mix of ticket types: ${MIXED_TYPES.join(', ')})`, MIXED_TYPES);
  print(
    `mixed types / General only: burst purchases/s ${(mixed.perSecond / fresh.burst.perSecond).toFixed(2)}, ` +
      `p99 ${(mixed.p99 / fresh.burst.p99).toFixed(2)}`,
  );
  if (settings.history > 0) {
    await shop.history(buyers, settings.history, settings.historyConcurrency);
    const label = `(after ${settings.history} more paid orders)`;
    const later = { burst: await rush.burst(buyers, label), steady: await rush.steady(buyers, label) };
    print(
      `with history / fresh: burst purchases/s ${(later.burst.perSecond / fresh.burst.perSecond).toFixed(2)}, ` +
        `burst p99 ${(later.burst.p99 / fresh.burst.p99).toFixed(2)}, steady p99 ${(later.steady.p99 / fresh.steady.p99).toFixed(2)} (target: within 20 %)`,
    );
  }
  print(`first burst / burst: purchases/s ${(first.perSecond / fresh.burst.perSecond).toFixed(2)}`);
  print(`targets: every burst (the first too) ≥ 100 purchases/s and p99 ≤ 3000 ms; steady p99 ≤ 300 ms; no answer ≥ 500`);
  return { ok: !rush.anyCheckFailed, fresh };
}

/** The rush with tracing off and on at each sampling ratio of BENCH_TRACING, then the figures side by side. */
async function compareTracing(modes: readonly string[]): Promise<void> {
  const rows: string[] = [];
  for (const mode of modes) {
    const ratio = mode === 'off' ? undefined : Number(mode);
    if (ratio !== undefined && !(ratio >= 0 && ratio <= 1))
      throw new Error(`BENCH_TRACING: '${mode}' is neither off nor a ratio from 0 to 1`);
    const sink = ratio === undefined ? undefined : await startOtlpSink();
    const tracingEnv: Record<string, string> = sink
      ? { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, OTEL_TRACES_SAMPLER_ARG: String(ratio) }
      : {};
    const label = ratio === undefined ? 'off' : `${ratio * 100} %`;
    print(`\n== tracing ${label}`);
    const platform = await startNpmStart({ ...BENCH_PLATFORM_ENV, ...tracingEnv });
    try {
      // CPU time is what tracing costs; on a shared machine it moves far less than latency does.
      const pid = platformPid(platform.process.pid as number);
      const cpuBefore = cpuMs(pid);
      const { ok, fresh } = await runRush(platform.baseUrl);
      // The same work in every run: the platform process's CPU for the whole of it.
      const cpuSeconds = (cpuMs(pid) - cpuBefore) / 1000;
      if (!ok) process.exitCode = 1;
      // The last batch of spans is exported within 5 s of its end.
      if (sink) await new Promise((resolve) => setTimeout(resolve, 6000));
      const exported = sink ? `${(sink.received().bytes / 1024).toFixed(0)} KB in ${sink.received().requests} exports` : '—';
      rows.push(
        `${label.padEnd(8)} ${fresh.burst.perSecond.toFixed(1).padStart(10)} ${fresh.burst.p99.toFixed(0).padStart(9)} ms ` +
          `${fresh.steady.p50.toFixed(0).padStart(9)} ms ${fresh.steady.p99.toFixed(0).padStart(9)} ms ${cpuSeconds.toFixed(1).padStart(10)} s   ${exported}`,
      );
    } finally {
      await stopNpmStart(platform.process);
      await sink?.close();
    }
  }
  print('\ntracing  burst buy/s  burst p99  steady p50  steady p99  platform CPU   spans exported (OTLP)');
  for (const row of rows) print(row);
}

async function main(): Promise<void> {
  const tracing = process.env.BENCH_TRACING;
  if (tracing) {
    await compareTracing(tracing.split(',').map((mode) => mode.trim()));
    return;
  }
  const platform = await startNpmStart(BENCH_PLATFORM_ENV);
  try {
    if (!(await runRush(platform.baseUrl)).ok) process.exitCode = 1;
  } finally {
    await stopNpmStart(platform.process);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
