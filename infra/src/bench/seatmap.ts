/**
 * The live seat map under a rush, through the gateway of `npm start` as a new user runs it
 * (embedded FerretDB, in-process bus, fresh data directory):
 *
 * 0. warm-up: one burst, printed and not counted (code V8 has not compiled yet);
 * 1. baseline: a burst of capacity + BENCH_EXTRA_BUYERS (60) buyers on a new 100-seat show with no
 *    seat map open: the same burst as `npm run bench:rush`, measured in this run beside the next;
 * 2. BENCH_STREAMS (2,000) seat map streams opened on a new show, each from an address of its own
 *    (X-Forwarded-For; the gateway trusts loopback), read in a worker thread apart from the buyers
 *    (seat-viewers.ts): memory of the platform's process per stream;
 * 3. the same burst on that show while every stream is open: purchases/s and exactly the capacity
 *    sold; every stream must receive every change (each version once, in order, after its
 *    snapshot); the time from each write (the delta's `at`) to each stream's receipt, p50/p99/max;
 *    the platform process's CPU per delivered change (over the baseline burst's CPU).
 *
 * BENCH_ROUNDS (1) repeats steps 1 and 3. Exit code 1 when a burst sold other than the capacity, a
 * seat twice, or a stream missed a change. Run with `npm run bench:seatmap` (after `npm install`).
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SeatMapView, ShowView } from '@cine/contracts';
import type { ViewersCommand, ViewersReport } from './seat-viewers';
import { api } from '../testing/gateway-api';
import { startNpmStart, stopNpmStart } from '../testing/npm-start';
import {
  BENCH_PLATFORM_ENV,
  BenchShop,
  cpuMs,
  isPaid,
  isServerError,
  percentile,
  platformPid,
  print,
  registerBuyers,
  rssMb,
  type BenchBuyer,
  type Purchase,
} from './bench-kit';

const settings = {
  streams: Number(process.env.BENCH_STREAMS ?? 2000),
  extraBuyers: Number(process.env.BENCH_EXTRA_BUYERS ?? 60),
  rounds: Number(process.env.BENCH_ROUNDS ?? 1),
};
const ROOM = 1;
/** How long after the burst the streams get to receive the last changes. */
const SETTLE_MS = 2000;

interface BurstFigures {
  purchasesPerSecond: number;
  p99: number;
  paid: number;
  capacity: number;
  cpuMs: number;
  ok: boolean;
}

/** capacity + extra buyers hold one seat each and pay, all at once. */
async function burst(shop: BenchShop, buyers: readonly BenchBuyer[], show: ShowView, pid: number, label: string): Promise<BurstFigures> {
  const racing = buyers.slice(0, show.capacity + settings.extraBuyers);
  const cpuBefore = cpuMs(pid);
  const started = performance.now();
  const purchases = await Promise.all(racing.map((buyer) => shop.purchase(buyer, show.id)));
  const elapsedMs = performance.now() - started;
  const cpu = cpuMs(pid) - cpuBefore;
  const paid = purchases.filter(isPaid);
  const labels = paid.flatMap((purchase) => purchase.seatLabels ?? []);
  const after = (await api(shop.base, 'GET', `/show/one/${show.id}`)).json as ShowView;
  const ok = paid.length === show.capacity && after.seats === 0 && new Set(labels).size === labels.length;
  const ms = paid.map((purchase) => purchase.ms).sort((a, b) => a - b);
  const errors = purchases.filter((p: Purchase) => isServerError(p.holdStatus) || isServerError(p.checkoutStatus)).length;
  const figures = {
    purchasesPerSecond: paid.length / (elapsedMs / 1000),
    p99: percentile(ms, 99),
    paid: paid.length,
    capacity: show.capacity,
    cpuMs: cpu,
    ok,
  };
  print(
    `burst ${label}: ${racing.length} buyers, ${paid.length}/${show.capacity} sold, ${errors} answers ≥ 500, ` +
      `${figures.purchasesPerSecond.toFixed(1)} purchases/s, hold + checkout p99 ${figures.p99.toFixed(0)} ms, ` +
      `platform CPU ${cpu.toFixed(0)} ms: ${ok ? 'ok' : 'FAILED'}`,
  );
  return figures;
}

/** The viewers, in a worker thread of their own (seat-viewers.ts), so their reading does not hold up the buyers. */
class SeatViewers {
  private readonly worker = new Worker(path.join(__dirname, 'seat-viewers.js'));

  /** Opens `count` streams of the show, each from an address of its own; answers once each has its snapshot. */
  open(base: string, showId: string, count: number): Promise<void> {
    return this.ask({ type: 'open', base, showId, count }).then((answer) => {
      if (answer.type === 'failed') throw new Error(answer.message);
    });
  }

  report(): Promise<ViewersReport> {
    return this.ask({ type: 'report' }) as Promise<ViewersReport>;
  }

  async close(): Promise<void> {
    this.worker.postMessage({ type: 'close' } satisfies ViewersCommand);
    await this.worker.terminate();
  }

  private ask(command: ViewersCommand): Promise<{ type: 'opened' } | { type: 'failed'; message: string } | ViewersReport> {
    return new Promise((resolve, reject) => {
      this.worker.once('message', resolve);
      this.worker.once('error', reject);
      this.worker.postMessage(command);
    });
  }
}

/** Whether a viewer saw each version from its snapshot's to `last` exactly once, in order (and no second snapshot). */
function isComplete(viewer: ViewersReport['viewers'][number], last: number): boolean {
  let version = viewer.snapshot;
  for (const [from, to] of viewer.deltas) {
    if (from !== version) return false;
    version = to;
  }
  return viewer.otherSnapshots === 0 && version === last;
}

async function run(base: string, pid: number): Promise<boolean> {
  const shop = await BenchShop.open(base);
  const buyers = await registerBuyers(base, 100 + settings.extraBuyers);
  print(
    `seat map bench through the gateway of npm start (${base}); load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  await burst(shop, buyers, await shop.newShow(ROOM), pid, '(warm-up, not counted)');
  let ok = true;
  for (let round = 1; round <= settings.rounds; round++) {
    const baseline = await burst(shop, buyers, await shop.newShow(ROOM), pid, `${round}: baseline, no seat map open (as bench:rush)`);

    const show = await shop.newShow(ROOM);
    const rssBefore = rssMb(pid);
    const openedAt = performance.now();
    const viewers = new SeatViewers();
    await viewers.open(base, show.id, settings.streams);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssAfter = rssMb(pid);
    print(
      `  ${settings.streams} streams open in ${((performance.now() - openedAt) / 1000).toFixed(1)} s; platform RSS ${rssBefore.toFixed(0)} → ${rssAfter.toFixed(0)} MB: ` +
        `${(((rssAfter - rssBefore) * 1024) / settings.streams).toFixed(1)} KB per open stream`,
    );

    const watched = await burst(shop, buyers, show, pid, `${round}: with ${settings.streams} seat map streams open`);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const final = (await api(base, 'GET', `/show/${show.id}/seats`)).json as SeatMapView;
    const report = await viewers.report();
    const incomplete = report.viewers.filter((viewer) => !isComplete(viewer, final.version)).length;
    const delays = report.delays.sort((a, b) => a - b);
    const deliveries = report.viewers.reduce((sum, viewer) => sum + viewer.deltas.length, 0);
    const changes = final.version - (report.viewers[0]?.snapshot ?? 0);
    const extraCpu = watched.cpuMs - baseline.cpuMs;
    print(
      `  ${changes} changes (versions) of the show, ${deliveries} deliveries; streams that missed one: ${incomplete} of ${settings.streams}; ` +
        `write → delivery p50 ${percentile(delays, 50).toFixed(0)} ms, p99 ${percentile(delays, 99).toFixed(0)} ms, max ${(delays.at(-1) ?? Number.NaN).toFixed(0)} ms`,
    );
    print(
      `  purchases/s ${watched.purchasesPerSecond.toFixed(1)} with the streams, ${baseline.purchasesPerSecond.toFixed(1)} without; ` +
        `platform CPU (gateway + booking, one process) per delivered change: ${((extraCpu * 1000) / Math.max(1, deliveries)).toFixed(1)} µs over the baseline burst ` +
        `(${((watched.cpuMs * 1000) / Math.max(1, deliveries)).toFixed(1)} µs all in)`,
    );
    await viewers.close();
    ok &&= baseline.ok && watched.ok && incomplete === 0;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  print(
    `load average at the end ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  print('targets: every stream gets every change, p99 write → delivery ≤ 1000 ms, exactly the capacity sold at ≥ 100 purchases/s');
  return ok;
}

async function main(): Promise<void> {
  const platform = await startNpmStart(BENCH_PLATFORM_ENV);
  try {
    if (!(await run(platform.baseUrl, platformPid(platform.process.pid as number)))) process.exitCode = 1;
  } finally {
    await stopNpmStart(platform.process);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
