import { discountsReportOf, type DiscountedRefund, type DiscountedSale } from './discounts-report';

const NORTE = 'c1e000000000000000000002';
const SUR = 'c1e000000000000000000003';

function sale(id: string, overrides: Partial<DiscountedSale> = {}): DiscountedSale {
  return { _id: id, day: '2026-11-10', cinemaId: NORTE, seats: 2, candy: [], ...overrides };
}
function refund(orderId: string, overrides: Partial<DiscountedRefund> = {}): DiscountedRefund {
  return { orderId, seats: 1, candyQuantity: 0, refundDay: '2026-11-12', ...overrides };
}

describe('the discounts report (issue 39)', () => {
  it('adds up each code: uses less the orders refunded whole, amount less what refunds took back, most taken off first', () => {
    const report = discountsReportOf(
      {
        sales: [
          sale('a', { promoCode: 'VERANO', discount: 600 }),
          sale('b', { promoCode: 'VERANO', discount: 600 }),
          sale('c', { promoCode: 'VERANO', discount: 600, candy: [{ itemId: 'x', name: 'COMBO', quantity: 1, totalPrice: 1000 }] }),
          sale('d', { promoCode: 'JUBILADOS', discount: 2000 }),
          sale('e'),
        ],
        refunds: [
          // b: one of two seats (a partial refund keeps the use), giving back that seat's 300 of discount.
          refund('b', { discount: 300 }),
          // c: both seats but not its candy: still a use.
          refund('c', { seats: 2, discount: 600 }),
          // d: refunded whole in two refunds: no use, nothing taken off.
          refund('d', { discount: 1000 }),
          refund('d', { discount: 1000 }),
        ],
        giftCards: [],
      },
      {},
    );
    expect(report.promotions).toEqual([{ code: 'VERANO', uses: 3, amount: 600 + 300 + 0 }]);
  });

  it('counts only the orders paid in the period (the sale day, as every report), refunds whenever they came', () => {
    const facts = {
      sales: [
        sale('a', { promoCode: 'VERANO', discount: 500, day: '2026-10-31' }),
        sale('b', { promoCode: 'VERANO', discount: 400, day: '2026-11-01' }),
        sale('c', { promoCode: 'VERANO', discount: 300, day: '2026-11-30' }),
        sale('d', { promoCode: 'VERANO', discount: 200, day: '2026-12-01' }),
      ],
      refunds: [refund('c', { seats: 1, discount: 150, refundDay: '2026-12-05' })],
      giftCards: [],
    };
    expect(discountsReportOf(facts, { from: '2026-11-01', to: '2026-11-30' }).promotions).toEqual([
      { code: 'VERANO', uses: 2, amount: 550 },
    ]);
  });

  it('gift cards: sold in the period, redeemed in it (spent less returned), outstanding at its end over all time', () => {
    const report = discountsReportOf(
      {
        sales: [
          sale('old', { giftCardPaid: 1000, day: '2026-10-20' }),
          sale('a', { giftCardPaid: 2500, day: '2026-11-05' }),
          sale('later', { giftCardPaid: 700, day: '2026-12-02' }),
        ],
        refunds: [
          refund('a', { giftCardRefunded: 500, refundDay: '2026-11-06' }),
          // Returned after the period: not in its redeemed nor in what was owed at its end.
          refund('a', { giftCardRefunded: 400, refundDay: '2026-12-03' }),
        ],
        giftCards: [
          { kind: 'issued', amount: 5000, day: '2026-10-01' },
          { kind: 'issued', amount: 3000, day: '2026-11-15' },
          { kind: 'issued', amount: 2000, day: '2026-11-16' },
          { kind: 'voided', amount: 2000, day: '2026-11-20' },
          { kind: 'issued', amount: 9000, day: '2026-12-01' },
        ],
      },
      { from: '2026-11-01', to: '2026-11-30' },
    );
    expect(report.giftCards).toEqual({
      sold: 5000,
      redeemed: 2500 - 500,
      // 5000 + 3000 + 2000 issued − 2000 voided − (1000 + 2500 − 500) spent.
      outstanding: 10_000 - 2000 - 3000,
    });
  });

  it("a manager's: the codes and gift-card spending of their cinemas' orders; the chain's gift-card figures are 0", () => {
    const report = discountsReportOf(
      {
        sales: [
          sale('n', { promoCode: 'VERANO', discount: 300, giftCardPaid: 800 }),
          sale('s', { promoCode: 'VERANO', discount: 300, giftCardPaid: 900, cinemaId: SUR }),
          sale('s2', { promoCode: 'SOLOSUR', discount: 100, cinemaId: SUR }),
          // Recorded before the chain: the first cinema's.
          sale('old', { promoCode: 'VIEJO', discount: 50, cinemaId: undefined }),
        ],
        refunds: [refund('s', { giftCardRefunded: 900, seats: 2, discount: 300 })],
        giftCards: [{ kind: 'issued', amount: 5000, day: '2026-11-01' }],
      },
      {},
      [NORTE],
    );
    expect(report).toEqual({
      promotions: [{ code: 'VERANO', uses: 1, amount: 300 }],
      giftCards: { sold: 0, redeemed: 800, outstanding: 0 },
    });
  });

  it('never answers below zero: a period whose refunds returned more to cards than was spent in it redeems 0', () => {
    const report = discountsReportOf(
      {
        sales: [sale('a', { giftCardPaid: 1000, day: '2026-10-30' })],
        refunds: [refund('a', { giftCardRefunded: 1000, refundDay: '2026-11-02' })],
        giftCards: [],
      },
      { from: '2026-11-01', to: '2026-11-30' },
    );
    expect(report.giftCards).toEqual({ sold: 0, redeemed: 0, outstanding: 0 });
  });
});
