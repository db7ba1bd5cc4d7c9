import { GENERAL_TICKET_TYPE, type PricedLine } from '@cine/contracts';
import { cardPart, paymentsOf, refundPaymentsOf } from '../src/gift-cards/payment-parts';
import { passCoverOf } from '../src/gift-cards/payment-parts';

/** Issue 41: what the pass covers of an order (one seat's General base) and where a refund of it goes. */
const line = (seatLabel: string, base: number, surcharge = 0, discount?: number): PricedLine => ({
  seatLabel,
  type: GENERAL_TICKET_TYPE,
  typeName: 'General',
  category: 'standard',
  base,
  surcharges: surcharge > 0 ? [{ reason: '3D', amount: surcharge }] : [],
  total: base + surcharge,
  ...(discount === undefined ? {} : { discount }),
});

const cover = { passId: 'p1', period: '2026-03-11', day: '2026-03-12', generalBase: 900 };

describe('the pass’s part of an order', () => {
  it('covers one seat’s General base, not its surcharges', () => {
    expect(passCoverOf(cover, [line('A1', 900, 300), line('A2', 900, 300)])).toEqual({
      passId: 'p1',
      period: '2026-03-11',
      day: '2026-03-12',
      seatLabel: 'A1',
      amount: 900,
    });
  });

  it('never more than the seat costs after a code’s discount (a cheaper type: its own price)', () => {
    expect(passCoverOf(cover, [line('A1', 900, 0, 400)])?.amount).toBe(500);
    expect(passCoverOf(cover, [{ ...line('A1', 600), type: 'jubilado' }])?.amount).toBe(600);
  });

  it('leaves the rest to the bank card and shows it as a payment part', () => {
    const order = { total: 2400, pass: { ...cover, seatLabel: 'A1', amount: 900 } };
    expect(cardPart(order)).toBe(1500);
    expect(paymentsOf(order)).toEqual([
      { kind: 'pass', amount: 900 },
      { kind: 'card', amount: 1500 },
    ]);
    expect(paymentsOf({ total: 900, pass: { ...cover, seatLabel: 'A1', amount: 900 } })).toEqual([{ kind: 'pass', amount: 900 }]);
  });

  it('a refund of the pass’s seat gives the pass its part (no money), the rest to the card; another seat’s all to the card', () => {
    const order = { total: 2400, pass: { ...cover, seatLabel: 'A1', amount: 900 } };
    expect(refundPaymentsOf(order, 1200, true)).toEqual([
      { kind: 'pass', amount: 900 },
      { kind: 'card', amount: 300 },
    ]);
    expect(refundPaymentsOf(order, 1200, false)).toEqual([{ kind: 'card', amount: 1200 }]);
  });
});
