import { Value } from '@sinclair/typebox/value';
import { OrderHistoryEntry, OrderSearchRow } from './orders';
import { Cents, isObjectIdText, ObjectIdText, OrderRefundState, REFUND_ORIGINS, REFUND_STATES, RefundOrigin } from './primitives';
import { SalesSummaryRow } from './sales';
import { CartView, OrderRefundView, OrderView, SeatState, TakenSeatState } from './views';

describe('the shared primitives', () => {
  it('takes an amount in cents as a whole number, never negative', () => {
    expect(Value.Check(Cents('Paid'), 1250)).toBe(true);
    expect(Value.Check(Cents('Paid'), 0)).toBe(true);
    expect(Value.Check(Cents('Paid'), -1)).toBe(false);
    expect(Value.Check(Cents('Paid'), 12.5)).toBe(false);
    expect(Cents('Paid').description).toBe('Paid, in cents');
    expect(Cents().description).toBe('Cents');
  });

  it('gives every amount of the views, the order search and the sales reports the same Cents (the views had no minimum)', () => {
    for (const schema of [
      OrderView.properties.total,
      OrderView.properties.refundedAmount,
      OrderRefundView.properties.amount,
      CartView.properties.orderPrice,
      OrderSearchRow.properties.total,
      SalesSummaryRow.properties.totalPrice,
    ]) {
      expect(schema).toMatchObject({ type: 'integer', minimum: 0 });
    }
  });

  it('knows an ObjectId as text in either case, and nothing else', () => {
    expect(isObjectIdText('65f1c0ffee65f1c0ffee0001')).toBe(true);
    expect(isObjectIdText('65F1C0FFEE65F1C0FFEE0001')).toBe(true);
    expect(isObjectIdText('65f1c0ffee65f1c0ffee000')).toBe(false);
    expect(isObjectIdText('65f1c0ffee65f1c0ffee00011')).toBe(false);
    expect(isObjectIdText('65f1c0ffee65f1c0ffee000g')).toBe(false);
    expect(isObjectIdText(' 65f1c0ffee65f1c0ffee0001')).toBe(false);
    expect(Value.Check(ObjectIdText, '65f1c0ffee65f1c0ffee0001')).toBe(true);
    expect(Value.Check(ObjectIdText, 'nope')).toBe(false);
  });

  it("types a refund's origin and a paid order's refund state once, for the views, the history and the search", () => {
    expect(REFUND_ORIGINS).toEqual(['buyer', 'admin', 'show-cancelled']);
    expect(REFUND_STATES).toEqual(['paid', 'partially_refunded', 'refunded']);
    expect(OrderRefundView.properties.by).toBe(RefundOrigin);
    expect(OrderHistoryEntry.properties.by.anyOf).toEqual(RefundOrigin.anyOf);
    expect(OrderView.properties.state).toBe(OrderRefundState);
    expect(OrderSearchRow.properties.state).toBe(OrderRefundState);
  });

  it("names a taken seat's state apart from the map's, which adds free", () => {
    expect(Value.Check(TakenSeatState, 'held')).toBe(true);
    expect(Value.Check(TakenSeatState, 'free')).toBe(false);
    expect(['free', 'held', 'sold'].map((state) => Value.Check(SeatState, state))).toEqual([true, true, true]);
  });
});
