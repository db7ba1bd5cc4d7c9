/**
 * Checkouts with a promo code and with a gift card beside plain ones (issue 39), through the gateway of
 * `npm start` as a new user runs it (embedded FerretDB, in-process bus, fresh data directory), as the
 * checkout rush (checkout-rush.ts) does:
 *
 * 0. a warm-up burst of plain checkouts (not counted): capacity + BENCH_EXTRA_BUYERS (60) buyers at once
 *    on a new 100-seat show, one seat each, pm_card_visa;
 * 1. the same burst plain, then with a promo code (an admin's 20 % off every ticket, no limit: each buyer
 *    applies it to their cart, POST /cart/promo, between the hold and the checkout), then with a gift card
 *    (each buyer their own, issued by the admin, POST /gift-cards/issue, its code read from the recipient's
 *    mail in the outbox; it pays BENCH_GIFT_CARD_CENTS (100) of the seat and the bank card the rest: a split
 *    payment, the ledger's debit and the bank charge both), each BENCH_ROUNDS (2) times in turn;
 * 2. prints checkouts/s (paid orders over the burst's wall time), hold + checkout percentiles and answers
 *    ≥ 500 of each, the best round of each kind, and their ratios to plain ones; checks that each burst
 *    sold exactly its capacity, that every promo order carries its discount and every gift-card order its
 *    gift-card part (exit code 1 when a check fails; a missed target is only printed).
 *
 * Run with `npm run bench:discounts` (after `npm install`, which builds everything).
 */
import { normalizeGiftCardCode } from '@cine/contracts';
import { readOutbox } from '@cine/notification-service';
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
  giftCardCents: Number(process.env.BENCH_GIFT_CARD_CENTS ?? 100),
};
const ROOM = 1;
const PROMO_CODE = `BENCH-${Date.now().toString(36).toUpperCase()}`;

type Kind = 'plain' | 'promo' | 'gift card';

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
    const key =
      purchase.checkoutStatus === undefined
        ? `hold ${purchase.holdStatus}`
        : purchase.checkoutStatus < 0
          ? `promo ${-purchase.checkoutStatus}`
          : `checkout ${purchase.checkoutStatus}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => `${count}× ${key}`).join(', ') || 'none';
}

/** The part of a paid order a check looks at: its discount, and what its gift card paid. */
function partsOf(purchase: Purchase): { discount: number; giftCard: number } {
  const order = purchase.order as { discount?: number; payments?: Array<{ kind: string; amount: number }> } | undefined;
  return {
    discount: order?.discount ?? 0,
    giftCard: (order?.payments ?? []).filter((part) => part.kind === 'gift_card').reduce((sum, part) => sum + part.amount, 0),
  };
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
  const parts = paid.map(partsOf);
  const withoutPart =
    kind === 'promo'
      ? parts.filter((part) => part.discount <= 0).length
      : kind === 'gift card'
        ? parts.filter((part) => part.giftCard <= 0).length
        : parts.filter((part) => part.discount > 0 || part.giftCard > 0).length;
  const ok = paid.length === show.capacity && withoutPart === 0 && figures.serverErrors === 0;
  failed ||= !ok;
  print(
    `${label}: ${racing.length} buyers on a ${show.capacity}-seat show: ${paid.length} paid, ${purchases.length - paid.length} refused ` +
      `(${statusCounts(purchases.filter((p) => !isPaid(p)))}), ${figures.serverErrors} answers ≥ 500 or none, ${(elapsedMs / 1000).toFixed(2)} s`,
  );
  print(
    `  ${figures.checkoutsPerSecond.toFixed(1)} checkouts/s   hold + checkout p50 ${figures.p50.toFixed(0)} ms   p99 ${figures.p99.toFixed(0)} ms   ` +
      `${kind === 'plain' ? 'with a discount or gift card' : `without its ${kind === 'promo' ? 'discount' : 'gift-card part'}`}: ${withoutPart}: ${ok ? 'ok' : 'FAILED'}`,
  );
  return figures;
}

/** The admin's promo code: 20 % off every ticket, no limit. False when the platform has none (404: a build without promotions). */
async function createPromotion(base: string, adminToken: string): Promise<boolean> {
  const created = await api(base, 'POST', '/promotions', {
    token: adminToken,
    body: { code: PROMO_CODE, name: 'Benchmark 20 %', kind: 'percent', value: 20, appliesTo: {}, limits: {}, active: true },
  });
  if (created.status === 404) return false;
  if (created.status !== 201 && created.status !== 200)
    throw new Error(`promotion not created: ${created.status} ${JSON.stringify(created.json)}`);
  return true;
}

/** One gift card per buyer, issued by the admin to the buyer's address; the codes as their mails carry them. */
async function issueGiftCards(
  base: string,
  adminToken: string,
  outboxDir: string,
  buyers: readonly BenchBuyer[],
): Promise<Map<string, string> | undefined> {
  const started = performance.now();
  // A build without gift cards: the gateway routes no /gift-cards.
  if ((await api(base, 'GET', '/gift-cards?q=bench', { token: adminToken })).status === 404) return undefined;
  // The mails of earlier rounds' cards (spent) are left out: only this round's new ones.
  const before = new Set((await readOutbox(outboxDir)).map((mail) => mail.file));
  for (let start = 0; start < buyers.length; start += 8) {
    await Promise.all(
      buyers.slice(start, start + 8).map(async (buyer) => {
        const issued = await api(base, 'POST', '/gift-cards/issue', {
          token: adminToken,
          body: { amount: settings.giftCardCents, recipientEmail: buyer.email, reason: 'Benchmark de tarjetas regalo' },
        });
        if (issued.status !== 201) throw new Error(`gift card not issued: ${issued.status} ${JSON.stringify(issued.json)}`);
      }),
    );
  }
  const wanted = new Set(buyers.map((buyer) => buyer.email));
  const codes = new Map<string, string>();
  const deadline = performance.now() + 120_000;
  while (codes.size < wanted.size && performance.now() < deadline) {
    for (const mail of await readOutbox(outboxDir)) {
      if (before.has(mail.file) || !wanted.has(mail.to) || codes.has(mail.to)) continue;
      const typed = /Tu código: ([A-Z0-9-]{19})/.exec(mail.text)?.[1];
      const code = typed ? normalizeGiftCardCode(typed) : null;
      if (code) codes.set(mail.to, code);
    }
    if (codes.size < wanted.size) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (codes.size < wanted.size) throw new Error(`only ${codes.size} of ${wanted.size} gift card mails arrived`);
  print(`gift cards: ${codes.size} issued and their codes read from the mails in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return codes;
}

async function main(): Promise<void> {
  const platform = await startNpmStart({ AUTH_RATE_LIMIT: '100000', TRUST_PROXY: '127.0.0.1' });
  try {
    const base = platform.baseUrl;
    const shop = await BenchShop.open(base);
    const login = await api(base, 'POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    const adminToken = (login.json as { token: string }).token;
    const buyers = await registerBuyers(base, 100 + settings.extraBuyers);
    print(`checkouts plain, with a promo code and with a gift card through the gateway of npm start (${base}), ${buyers.length} buyers`);
    const withPromo = await createPromotion(base, adminToken);
    if (!withPromo) print('no promotions on this platform (POST /promotions answered 404): the promo bursts are left out');
    const promo: PurchaseExtra = {
      beforeCheckout: async (buyer) =>
        (await api(base, 'POST', '/cart/promo', { token: buyer.token, body: { code: PROMO_CODE }, forwardedFor: buyer.address })).status,
    };

    await burst(shop, buyers, 'plain', {}, 'warm-up (plain, not counted)');
    const runs: Figures[] = [];
    for (let round = 1; round <= settings.rounds; round++) {
      // Each round's cards are new (a card paid its part of one seat): issued before the round, outside its timing.
      const codes = await issueGiftCards(base, adminToken, platform.outboxDir, buyers);
      if (!codes && round === 1) print('no gift cards on this platform (/gift-cards answered 404): the gift-card bursts are left out');
      print(`\n== round ${round} of ${settings.rounds}`);
      runs.push(await burst(shop, buyers, 'plain', {}));
      if (withPromo) runs.push(await burst(shop, buyers, 'promo', promo, `promo code ${PROMO_CODE}`));
      if (codes) {
        const giftCard: PurchaseExtra = { checkout: (buyer) => ({ giftCardCode: codes.get(buyer.email) }) };
        const label = `gift card (${settings.giftCardCents} cents of each seat, the rest by bank card)`;
        runs.push(await burst(shop, buyers, 'gift card', giftCard, label));
      }
    }
    const best = (kind: Kind) =>
      runs
        .filter((run) => run.kind === kind)
        .reduce<Figures | undefined>((a, b) => (!a || b.checkoutsPerSecond > a.checkoutsPerSecond ? b : a), undefined);
    const plain = best('plain') as Figures;
    print('\nbest of each (checkouts/s, hold + checkout p50 / p99) and its ratio to plain checkouts:');
    for (const kind of ['plain', 'promo', 'gift card'] as const) {
      const run = best(kind);
      if (!run) continue;
      print(
        `  ${kind.padEnd(10)} ${run.checkoutsPerSecond.toFixed(1).padStart(7)}/s   p50 ${run.p50.toFixed(0).padStart(5)} ms   p99 ${run.p99.toFixed(0).padStart(5)} ms   ` +
          `× ${(run.checkoutsPerSecond / plain.checkoutsPerSecond).toFixed(2)} checkouts/s, × ${(run.p99 / plain.p99).toFixed(2)} p99`,
      );
    }
    print("target: plain checkouts ≥ 100/s (the rush's), p99 ≤ 3000 ms; no answer ≥ 500");
    if (failed) process.exitCode = 1;
  } finally {
    await stopNpmStart(platform.process);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
