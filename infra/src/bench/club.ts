/**
 * Checkouts of Cine Club members paying partly with points beside plain checkouts (issue 41), in one run,
 * through the gateway of `npm start` as a new user runs it (embedded FerretDB, in-process bus, fresh data
 * directory), as the discounts bench (discounts.ts) does:
 *
 * 0. every buyer joins the club (POST /club/join) and the admin credits each BENCH_CLUB_POINTS (10 000) points
 *    (POST /club/members/{userId}/adjust: an audited adjustment), outside the timing;
 * 1. a warm-up burst of plain checkouts (not counted): capacity + BENCH_EXTRA_BUYERS (60) buyers at once on a
 *    new 100-seat show, one seat each, pm_card_visa;
 * 2. the same burst plain, then paying BENCH_POINTS_PER_SEAT (100) points of the seat and the bank card the rest
 *    (a split payment: the ledger's debit and the bank charge both), each BENCH_ROUNDS (2) times in turn;
 * 3. prints checkouts/s (paid orders over the burst's wall time), hold + checkout percentiles and answers ≥ 500
 *    of each, the best round of each kind and the ratio of points checkouts to plain ones; checks that each burst
 *    sold exactly its capacity and that every points order carries its points part (exit code 1 when a check
 *    fails; a missed target is only printed).
 *
 * Run with `npm run bench:club` (after `npm install`, which builds everything).
 */
import { api } from '../testing/gateway-api';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startNpmStart, stopNpmStart } from '../testing/npm-start';
import {
  BenchShop,
  isPaid,
  isServerError,
  percentile,
  print,
  registerBuyers,
  type BenchBuyer,
  type Purchase,
  type PurchaseExtra,
} from './bench-kit';

const settings = {
  extraBuyers: Number(process.env.BENCH_EXTRA_BUYERS ?? 60),
  rounds: Number(process.env.BENCH_ROUNDS ?? 2),
  clubPoints: Number(process.env.BENCH_CLUB_POINTS ?? 10_000),
  pointsPerSeat: Number(process.env.BENCH_POINTS_PER_SEAT ?? 100),
};
const ROOM = 1;

type Kind = 'plain' | 'points';

interface Figures {
  kind: Kind;
  checkoutsPerSecond: number;
  p50: number;
  p99: number;
  serverErrors: number;
}

let failed = false;

function statusCounts(purchases: readonly Purchase[]): string {
  const counts = new Map<string, number>();
  for (const purchase of purchases) {
    const key = purchase.checkoutStatus === undefined ? `hold ${purchase.holdStatus}` : `checkout ${purchase.checkoutStatus}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => `${count}× ${key}`).join(', ') || 'none';
}

/** The points a paid order's points part spent (0 without one). */
function pointsOf(purchase: Purchase): number {
  const order = purchase.order as { payments?: Array<{ kind: string; amount: number; points?: number }> } | undefined;
  return (order?.payments ?? []).filter((part) => part.kind === 'points').reduce((sum, part) => sum + (part.points ?? 0), 0);
}

async function burst(
  shop: BenchShop,
  buyers: readonly BenchBuyer[],
  kind: Kind,
  extra: PurchaseExtra,
  label: string = kind,
): Promise<Figures> {
  const show = await shop.newShow(ROOM);
  const racing = buyers.slice(0, show.capacity + settings.extraBuyers);
  const started = performance.now();
  const purchases = await Promise.all(racing.map((buyer) => shop.purchase(buyer, show.id, started, undefined, extra)));
  const elapsedMs = performance.now() - started;
  const paid = purchases.filter(isPaid);
  const ms = paid.map((purchase) => purchase.ms).sort((a, b) => a - b);
  const figures: Figures = {
    kind,
    checkoutsPerSecond: paid.length / (elapsedMs / 1000),
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    serverErrors: purchases.filter((p) => isServerError(p.holdStatus) || isServerError(p.checkoutStatus)).length,
  };
  const wrong =
    kind === 'points'
      ? paid.filter((purchase) => pointsOf(purchase) !== settings.pointsPerSeat).length
      : paid.filter((purchase) => pointsOf(purchase) > 0).length;
  const ok = paid.length === show.capacity && wrong === 0 && figures.serverErrors === 0;
  failed ||= !ok;
  print(
    `${label}: ${racing.length} buyers on a ${show.capacity}-seat show: ${paid.length} paid, ${purchases.length - paid.length} refused ` +
      `(${statusCounts(purchases.filter((p) => !isPaid(p)))}), ${figures.serverErrors} answers ≥ 500 or none, ${(elapsedMs / 1000).toFixed(2)} s`,
  );
  print(
    `  ${figures.checkoutsPerSecond.toFixed(1)} checkouts/s   hold + checkout p50 ${figures.p50.toFixed(0)} ms   p99 ${figures.p99.toFixed(0)} ms   ` +
      `${kind === 'plain' ? 'with a points part' : `without its ${settings.pointsPerSeat}-point part`}: ${wrong}: ${ok ? 'ok' : 'FAILED'}`,
  );
  return figures;
}

/**
 * Every buyer joins the club and gets `clubPoints` points by an admin's adjustment. False when the platform has
 * no club (404: a build without issue 41).
 */
async function makeMembers(base: string, adminToken: string, buyers: readonly BenchBuyer[]): Promise<boolean> {
  const started = performance.now();
  for (let start = 0; start < buyers.length; start += 8) {
    const answers = await Promise.all(
      buyers.slice(start, start + 8).map(async (buyer) => {
        const joined = await api(base, 'POST', '/club/join', { token: buyer.token, forwardedFor: buyer.address });
        if (joined.status === 404) return false;
        if (joined.status !== 201 && joined.status !== 200)
          throw new Error(`club not joined: ${joined.status} ${JSON.stringify(joined.json)}`);
        const adjusted = await api(base, 'POST', `/club/members/${encodeURIComponent(buyer.id)}/adjust`, {
          token: adminToken,
          body: { points: settings.clubPoints, reason: 'Benchmark de puntos de Cine Club' },
        });
        if (adjusted.status !== 201 && adjusted.status !== 200)
          throw new Error(`points not credited: ${adjusted.status} ${JSON.stringify(adjusted.json)}`);
        return true;
      }),
    );
    if (answers.includes(false)) return false;
  }
  print(`club: ${buyers.length} members with ${settings.clubPoints} points each in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

async function main(): Promise<void> {
  const platform = await startNpmStart({ AUTH_RATE_LIMIT: '100000', TRUST_PROXY: '127.0.0.1' });
  try {
    const base = platform.baseUrl;
    const shop = await BenchShop.open(base);
    const login = await api(base, 'POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    const adminToken = (login.json as { token: string }).token;
    const buyers = await registerBuyers(base, 100 + settings.extraBuyers);
    print(`checkouts plain and paying partly with Cine Club points through the gateway of npm start (${base}), ${buyers.length} buyers`);
    const club = await makeMembers(base, adminToken, buyers);
    if (!club) print('no Cine Club on this platform (POST /club/join answered 404): only plain bursts');
    const points: PurchaseExtra = { checkout: () => ({ points: settings.pointsPerSeat }) };

    await burst(shop, buyers, 'plain', {}, 'warm-up (plain, not counted)');
    const runs: Figures[] = [];
    for (let round = 1; round <= settings.rounds; round++) {
      print(`\n== round ${round} of ${settings.rounds}`);
      runs.push(await burst(shop, buyers, 'plain', {}));
      if (club)
        runs.push(await burst(shop, buyers, 'points', points, `points (${settings.pointsPerSeat} of each seat, the rest by bank card)`));
    }
    const best = (kind: Kind) =>
      runs
        .filter((run) => run.kind === kind)
        .reduce<Figures | undefined>((a, b) => (!a || b.checkoutsPerSecond > a.checkoutsPerSecond ? b : a), undefined);
    const plain = best('plain') as Figures;
    print('\nbest of each (checkouts/s, hold + checkout p50 / p99) and its ratio to plain checkouts:');
    for (const kind of ['plain', 'points'] as const) {
      const run = best(kind);
      if (!run) continue;
      print(
        `  ${kind.padEnd(7)} ${run.checkoutsPerSecond.toFixed(1).padStart(7)}/s   p50 ${run.p50.toFixed(0).padStart(5)} ms   p99 ${run.p99.toFixed(0).padStart(5)} ms   ` +
          `× ${(run.checkoutsPerSecond / plain.checkoutsPerSecond).toFixed(2)} checkouts/s, × ${(run.p99 / plain.p99).toFixed(2)} p99`,
      );
    }
    print("target: plain checkouts ≥ 100/s (the rush's), p99 ≤ 3000 ms; points checkouts ≥ 0.8 × plain; no answer ≥ 500");
    if (failed) process.exitCode = 1;
  } finally {
    await stopNpmStart(platform.process);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
