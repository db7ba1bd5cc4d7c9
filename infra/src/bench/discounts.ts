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
  giftCardCents: Number(process.env.BENCH_GIFT_CARD_CENTS ?? 100),
};
const ROOM = 1;
const PROMO_CODE = `BENCH-${Date.now().toString(36).toUpperCase()}`;

type Kind = 'plain' | 'promo' | 'gift card';

/** The part of a paid order a check looks at: its discount, and what its gift card paid. */
function partsOf(purchase: Purchase): { discount: number; giftCard: number } {
  const order = purchase.order as { discount?: number; payments?: Array<{ kind: string; amount: number }> } | undefined;
  return {
    discount: order?.discount ?? 0,
    giftCard: (order?.payments ?? []).filter((part) => part.kind === 'gift_card').reduce((sum, part) => sum + part.amount, 0),
  };
}

/** What a burst's paid orders must show: a promo order its discount, a gift-card one its part, a plain one neither. */
function check(kind: Kind, paid: readonly Purchase[]): { text: string; wrong: number } {
  const parts = paid.map(partsOf);
  return kind === 'promo'
    ? { text: 'without its discount', wrong: parts.filter((part) => part.discount <= 0).length }
    : kind === 'gift card'
      ? { text: 'without its gift-card part', wrong: parts.filter((part) => part.giftCard <= 0).length }
      : { text: 'with a discount or gift card', wrong: parts.filter((part) => part.discount > 0 || part.giftCard > 0).length };
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
  await onBenchPlatform(100 + settings.extraBuyers, async ({ platform, base, shop, buyers }) => {
    const { adminToken } = shop;
    print(`checkouts plain, with a promo code and with a gift card through the gateway of npm start (${base}), ${buyers.length} buyers`);
    const withPromo = await createPromotion(base, adminToken);
    if (!withPromo) print('no promotions on this platform (POST /promotions answered 404): the promo bursts are left out');
    const promo: PurchaseExtra = {
      beforeCheckout: async (buyer) =>
        (await api(base, 'POST', '/cart/promo', { token: buyer.token, body: { code: PROMO_CODE }, forwardedFor: buyer.address })).status,
    };

    // A refusal of POST /cart/promo (between the hold and the checkout) is counted as `promo <status>`.
    const bursts = new KindBursts<Kind>(shop, buyers, { room: ROOM, extraBuyers: settings.extraBuyers, stepName: 'promo', check });
    await bursts.burst('plain', {}, 'warm-up (plain, not counted)');
    const runs: KindFigures<Kind>[] = [];
    for (let round = 1; round <= settings.rounds; round++) {
      // Each round's cards are new (a card paid its part of one seat): issued before the round, outside its timing.
      const codes = await issueGiftCards(base, adminToken, platform.outboxDir, buyers);
      if (!codes && round === 1) print('no gift cards on this platform (/gift-cards answered 404): the gift-card bursts are left out');
      print(`\n== round ${round} of ${settings.rounds}`);
      runs.push(await bursts.burst('plain', {}));
      if (withPromo) runs.push(await bursts.burst('promo', promo, `promo code ${PROMO_CODE}`));
      if (codes) {
        const giftCard: PurchaseExtra = { checkout: (buyer) => ({ giftCardCode: codes.get(buyer.email) }) };
        const label = `gift card (${settings.giftCardCents} cents of each seat, the rest by bank card)`;
        runs.push(await bursts.burst('gift card', giftCard, label));
      }
    }
    printBestOfEach(runs, ['plain', 'promo', 'gift card']);
    print("target: plain checkouts ≥ 100/s (the rush's), p99 ≤ 3000 ms; no answer ≥ 500");
    if (bursts.failed) process.exitCode = 1;
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
