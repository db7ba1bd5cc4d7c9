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
import {
  KindBursts,
  onBenchPlatform,
  printBestOfEach,
  print,
  type BenchBuyer,
  type KindFigures,
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

/** The points a paid order's points part spent (0 without one). */
function pointsOf(purchase: Purchase): number {
  const order = purchase.order as { payments?: Array<{ kind: string; amount: number; points?: number }> } | undefined;
  return (order?.payments ?? []).filter((part) => part.kind === 'points').reduce((sum, part) => sum + (part.points ?? 0), 0);
}

/** What a burst's paid orders must show: a points order its points part, a plain one none. */
function check(kind: Kind, paid: readonly Purchase[]): { text: string; wrong: number } {
  return kind === 'points'
    ? {
        text: `without its ${settings.pointsPerSeat}-point part`,
        wrong: paid.filter((purchase) => pointsOf(purchase) !== settings.pointsPerSeat).length,
      }
    : { text: 'with a points part', wrong: paid.filter((purchase) => pointsOf(purchase) > 0).length };
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
  await onBenchPlatform(100 + settings.extraBuyers, async ({ base, shop, buyers }) => {
    print(`checkouts plain and paying partly with Cine Club points through the gateway of npm start (${base}), ${buyers.length} buyers`);
    const club = await makeMembers(base, shop.adminToken, buyers);
    if (!club) print('no Cine Club on this platform (POST /club/join answered 404): only plain bursts');
    const points: PurchaseExtra = { checkout: () => ({ points: settings.pointsPerSeat }) };
    const bursts = new KindBursts<Kind>(shop, buyers, { room: ROOM, extraBuyers: settings.extraBuyers, check });

    await bursts.burst('plain', {}, 'warm-up (plain, not counted)');
    const runs: KindFigures<Kind>[] = [];
    for (let round = 1; round <= settings.rounds; round++) {
      print(`\n== round ${round} of ${settings.rounds}`);
      runs.push(await bursts.burst('plain', {}));
      if (club) runs.push(await bursts.burst('points', points, `points (${settings.pointsPerSeat} of each seat, the rest by bank card)`));
    }
    printBestOfEach(runs, ['plain', 'points']);
    print("target: plain checkouts ≥ 100/s (the rush's), p99 ≤ 3000 ms; points checkouts ≥ 0.8 × plain; no answer ≥ 500");
    if (bursts.failed) process.exitCode = 1;
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
