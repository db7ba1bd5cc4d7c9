import { refundAmount, refundPreview, type RefundableOrder } from '../src/orders/refund-rules';

/** Two seats at $ 9,00 and a combo of $ 25,90: $ 43,90 in all. */
const order: RefundableOrder = {
  seatLabels: ['F7', 'F8'],
  unitPrice: 900,
  candy: [{ candyId: 'c-1', name: 'COMBO NACHOS', picture: '/x.png', quantity: 1, unitPrice: 2590, totalPrice: 2590 }],
};

describe('the refund rule', () => {
  it('gives back every seat and candy line of an order nobody used: its whole total', () => {
    const preview = refundPreview(order, []);
    expect(preview.amount).toBe(4390);
    expect(preview.seats).toEqual([
      { seatLabel: 'F7', amount: 900, refundable: true },
      { seatLabel: 'F8', amount: 900, refundable: true },
    ]);
    expect(preview.candy).toEqual([{ id: 'c-1', amount: 2590, refundable: true }]);
  });

  it('leaves out a seat whose ticket was used at the door, saying so, and does not count it', () => {
    const preview = refundPreview(order, ['F7']);
    expect(preview.amount).toBe(3490);
    expect(preview.seats[0]).toEqual({ seatLabel: 'F7', amount: 900, refundable: false, reason: 'checked_in' });
    expect(preview.lines.seatLabels).toEqual(['F8']);
    expect(preview.amount).toBe(refundAmount(order, preview.lines));
  });

  it('leaves out what was refunded before', () => {
    const refunded: RefundableOrder = {
      ...order,
      refunds: [
        {
          id: 'r-1',
          seatLabels: ['F8'],
          candy: [order.candy[0]!],
          amount: 3490,
          reason: 'x',
          by: 'admin',
          requestedAt: new Date(),
        },
      ],
    };
    const preview = refundPreview(refunded, ['F7']);
    expect(preview.amount).toBe(0);
    expect(preview.seats.map((seat) => seat.reason)).toEqual(['checked_in', 'refunded']);
    expect(preview.candy).toEqual([{ id: 'c-1', amount: 2590, refundable: false, reason: 'refunded' }]);
  });
});
