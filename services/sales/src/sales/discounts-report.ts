import type { DiscountsReport } from '@cine/contracts';
import { FIRST_CINEMA_ID } from '@cine/contracts';
import { sumOf } from './sale-figures';
import type { GiftCardMove, RefundRecord, SaleRecord } from './sales-store';

/** Cinema days ('YYYY-MM-DD'), both included; either end open when left out. */
interface Period {
  from?: string;
  to?: string;
}

/** What the report reads of a sale paid with a promo code or a gift card. */
export type DiscountedSale = Pick<SaleRecord, '_id' | 'day' | 'cinemaId' | 'seats' | 'candy' | 'promoCode' | 'discount' | 'giftCardPaid'>;
/** What it reads of a refund of such a sale. */
export type DiscountedRefund = Pick<RefundRecord, 'orderId' | 'seats' | 'candyQuantity' | 'discount' | 'giftCardRefunded' | 'refundDay'>;

interface DiscountFacts {
  sales: readonly DiscountedSale[];
  refunds: readonly DiscountedRefund[];
  giftCards: ReadonlyArray<Pick<GiftCardMove, 'kind' | 'amount' | 'day'>>;
}

const inPeriod = (day: string | undefined, { from, to }: Period) => day !== undefined && (!from || day >= from) && (!to || day <= to);
const until = (day: string | undefined, to: string | undefined) => day !== undefined && (!to || day <= to);

/**
 * GET /sales/discounts (issue 39), from the sales ledger's facts:
 * - promotions: each code of the orders paid in the period (by cinema day, as every report): `uses` the
 *   orders not refunded whole (all their seats and candy), `amount` what it took off less what their
 *   refunds took back (a refunded ticket's discount is no longer given); most taken off first.
 * - giftCards.sold: the cards sold and issued in the period; redeemed: the gift-card parts of the orders
 *   paid in it less the gift-card parts of the refunds made in it; outstanding: what every card still held
 *   at the period's end (sold and issued less voided and redeemed, all time up to `to`), never below 0.
 * `cinemas` (a manager's): only the orders of those cinemas count, and the chain's figures (sold, outstanding)
 * are an admin's: 0 for them. A refund whose sale is not in yet waits for it (as in every report).
 */
export function discountsReportOf(facts: DiscountFacts, period: Period, cinemas?: readonly string[]): DiscountsReport {
  const ofSelection = (sale: DiscountedSale) => cinemas === undefined || cinemas.includes(sale.cinemaId ?? FIRST_CINEMA_ID);
  const sales = new Map(facts.sales.filter(ofSelection).map((sale) => [sale._id, sale]));
  const refundsOf = new Map<string, DiscountedRefund[]>();
  for (const refund of facts.refunds) {
    if (!sales.has(refund.orderId)) continue;
    const list = refundsOf.get(refund.orderId) ?? [];
    list.push(refund);
    refundsOf.set(refund.orderId, list);
  }

  const promotions = new Map<string, { code: string; uses: number; amount: number }>();
  for (const sale of sales.values()) {
    if (!sale.promoCode || !inPeriod(sale.day, period)) continue;
    const refunds = refundsOf.get(sale._id) ?? [];
    const refundedWhole =
      sumOf(refunds, (refund) => refund.seats) >= sale.seats &&
      sumOf(refunds, (refund) => refund.candyQuantity ?? 0) >= sumOf(sale.candy, (line) => line.quantity);
    const row = promotions.get(sale.promoCode) ?? { code: sale.promoCode, uses: 0, amount: 0 };
    row.uses += refundedWhole ? 0 : 1;
    row.amount += Math.max(0, (sale.discount ?? 0) - sumOf(refunds, (refund) => refund.discount ?? 0));
    promotions.set(sale.promoCode, row);
  }

  const spent = (inWindow: (day: string | undefined) => boolean) =>
    sumOf([...sales.values()], (sale) => (inWindow(sale.day) ? (sale.giftCardPaid ?? 0) : 0)) -
    sumOf([...refundsOf.values()].flat(), (refund) => (inWindow(refund.refundDay) ? (refund.giftCardRefunded ?? 0) : 0));
  const chain = cinemas === undefined;
  const moved = (kind: GiftCardMove['kind'], inWindow: (day: string) => boolean) =>
    sumOf(facts.giftCards, (move) => (move.kind === kind && inWindow(move.day) ? move.amount : 0));

  return {
    promotions: [...promotions.values()]
      .filter((row) => row.uses > 0 || row.amount > 0)
      .sort((a, b) => b.amount - a.amount || b.uses - a.uses || a.code.localeCompare(b.code)),
    giftCards: {
      sold: chain ? moved('issued', (day) => inPeriod(day, period)) : 0,
      redeemed: Math.max(
        0,
        spent((day) => inPeriod(day, period)),
      ),
      outstanding: chain
        ? Math.max(
            0,
            moved('issued', (day) => until(day, period.to)) -
              moved('voided', (day) => until(day, period.to)) -
              spent((day) => until(day, period.to)),
          )
        : 0,
    },
  };
}
