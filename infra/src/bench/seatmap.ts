/**
 * The live seat map under a rush, through the gateway of `npm start` as a new user runs it
 * (embedded FerretDB, in-process bus, fresh data directory):
 *
 * 0. warm-up: one burst, printed and not counted (code V8 has not compiled yet);
 * 1. baseline: a burst of capacity + BENCH_EXTRA_BUYERS (60) buyers on a new 100-seat show with no
 *    seat map open: the same burst as `npm run bench:rush`, measured in this run beside the next;
 * 2. BENCH_STREAMS (2,000) seat map streams opened on a new show, each from an address of its own
 *    (X-Forwarded-For; the gateway trusts loopback): memory of the platform's process per stream;
 * 3. the same burst on that show while every stream is open: purchases/s and exactly the capacity
 *    sold; every stream must receive every change (each version once, in order, after its
 *    snapshot); the time from each write (the delta's `at`) to each stream's receipt, p50/p99/max;
 *    the platform process's CPU per delivered change (over the baseline burst's CPU).
 *
 * BENCH_ROUNDS (1) repeats steps 1 and 3. Exit code 1 when a burst sold other than the capacity, a
 * seat twice, or a stream missed a change. Run with `npm run bench:seatmap` (after `npm install`).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { SeatMapDelta, SeatMapView, ShowView } from '@cine/contracts';
import { EventStreamClient } from '@cine/service-kit/testing';
import { api } from '../testing/gateway-api';
import { startNpmStart, stopNpmStart } from '../testing/npm-start';
import {
  BenchShop,
  cpuMs,
  isPaid,
  isServerError,
  percentile,
  platformPid,
  print,
  registerBuyers,
  type BenchBuyer,
  type Purchase,
} from './bench-kit';

const settings = {
  streams: Number(process.env.BENCH_STREAMS ?? 2000),
  extraBuyers: Number(process.env.BENCH_EXTRA_BUYERS ?? 60),
  rounds: Number(process.env.BENCH_ROUNDS ?? 1),
};
const ROOM = 1;
/** Streams opened at once while connecting them all. */
const OPENING_AT_ONCE = 100;
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

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
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

interface Viewer {
  stream: EventStreamClient;
  snapshot: SeatMapView;
}

/** `count` seat map streams of the show, each from an address of its own, each with its snapshot. */
async function openStreams(base: string, showId: string, count: number): Promise<Viewer[]> {
  const viewers: Viewer[] = [];
  while (viewers.length < count) {
    const batch = Array.from({ length: Math.min(OPENING_AT_ONCE, count - viewers.length) }, (_, i) => viewers.length + i);
    viewers.push(
      ...(await Promise.all(
        batch.map(async (n) => {
          const stream = await EventStreamClient.open(`${base}/api/show/${showId}/seats/stream`, {
            'x-forwarded-for': `10.${200 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`,
          });
          if (stream.status !== 200) throw new Error(`stream ${n}: ${stream.status}`);
          const first = await stream.next(30_000);
          if (first.event !== 'snapshot') throw new Error(`stream ${n} began with ${first.event}`);
          return { stream, snapshot: JSON.parse(first.data) as SeatMapView };
        }),
      )),
    );
  }
  return viewers;
}

/** Whether a stream saw each version from its snapshot's to `last` exactly once, in order; and its deliveries' delays (ms). */
function checkStream(viewer: Viewer, last: number): { complete: boolean; delays: number[]; deliveries: number } {
  const deltas = viewer.stream.received.filter((event) => event.event === 'seats');
  let version = viewer.snapshot.version;
  let complete = viewer.stream.received.every((event) => event.event !== 'snapshot' || event === viewer.stream.received[0]);
  const delays: number[] = [];
  for (const event of deltas) {
    const delta = JSON.parse(event.data) as SeatMapDelta;
    if (delta.from !== version) complete = false;
    version = delta.version;
    if (delta.at !== undefined) delays.push(performance.timeOrigin + event.receivedAt - delta.at);
  }
  return { complete: complete && version === last, delays, deliveries: deltas.length };
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
    const viewers = await openStreams(base, show.id, settings.streams);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssAfter = rssMb(pid);
    print(
      `  ${viewers.length} streams open in ${((performance.now() - openedAt) / 1000).toFixed(1)} s; platform RSS ${rssBefore.toFixed(0)} → ${rssAfter.toFixed(0)} MB: ` +
        `${(((rssAfter - rssBefore) * 1024) / viewers.length).toFixed(1)} KB per open stream`,
    );

    const watched = await burst(shop, buyers, show, pid, `${round}: with ${viewers.length} seat map streams open`);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const final = (await api(base, 'GET', `/show/${show.id}/seats`)).json as SeatMapView;
    const checks = viewers.map((viewer) => checkStream(viewer, final.version));
    const incomplete = checks.filter((check) => !check.complete).length;
    const delays = checks.flatMap((check) => check.delays).sort((a, b) => a - b);
    const deliveries = checks.reduce((sum, check) => sum + check.deliveries, 0);
    const changes = final.version - (viewers[0]?.snapshot.version ?? 0);
    const extraCpu = watched.cpuMs - baseline.cpuMs;
    print(
      `  ${changes} changes (versions) of the show, ${deliveries} deliveries; streams that missed one: ${incomplete} of ${viewers.length}; ` +
        `write → delivery p50 ${percentile(delays, 50).toFixed(0)} ms, p99 ${percentile(delays, 99).toFixed(0)} ms, max ${(delays.at(-1) ?? Number.NaN).toFixed(0)} ms`,
    );
    print(
      `  purchases/s ${watched.purchasesPerSecond.toFixed(1)} with the streams, ${baseline.purchasesPerSecond.toFixed(1)} without; ` +
        `platform CPU (gateway + booking, one process) per delivered change: ${((extraCpu * 1000) / Math.max(1, deliveries)).toFixed(1)} µs over the baseline burst ` +
        `(${((watched.cpuMs * 1000) / Math.max(1, deliveries)).toFixed(1)} µs all in)`,
    );
    for (const viewer of viewers) viewer.stream.close();
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
  const platform = await startNpmStart({ AUTH_RATE_LIMIT: '100000', TRUST_PROXY: '127.0.0.1' });
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
