import { generalLines, refundedLinesOf, soldLinesOf, typeFiguresOf } from './sale-lines';

describe('sold lines of order.paid versions 1 and 2', () => {
  it('reads version 1 as every seat General at ticketTotal / seats, the cents left over on the first seats', () => {
    expect(soldLinesOf({ seats: 3, seatLabels: ['A1', 'A2', 'A3'], ticketTotal: 1000 })).toEqual([
      { seatLabel: 'A1', type: 'general', typeName: 'General', total: 334 },
      { seatLabel: 'A2', type: 'general', typeName: 'General', total: 333 },
      { seatLabel: 'A3', type: 'general', typeName: 'General', total: 333 },
    ]);
    expect(generalLines([], 0)).toEqual([]);
  });

  it('reads version 2 from its lines', () => {
    const lines = [
      {
        seatLabel: 'L1',
        type: 'menor',
        typeName: 'Menor',
        category: 'premium' as const,
        base: 900,
        surcharges: [{ reason: 'Butaca premium', amount: 300 }],
        total: 1200,
      },
    ];
    expect(soldLinesOf({ seats: 1, seatLabels: ['L1'], ticketTotal: 1200, lines })).toEqual([
      { seatLabel: 'L1', type: 'menor', typeName: 'Menor', total: 1200 },
    ]);
  });

  it("prices a version 1 refund's seats by their sale's lines, else at the sale's per-seat price as General", () => {
    const sale = { seats: 2, totalPrice: 1500, lines: [{ seatLabel: 'F1', type: 'menor', typeName: 'Menor', total: 600 }] };
    expect(refundedLinesOf({ seatLabels: ['F1', 'F9'] }, sale)).toEqual([
      { seatLabel: 'F1', type: 'menor', typeName: 'Menor', total: 600 },
      { seatLabel: 'F9', type: 'general', typeName: 'General', total: 750 },
    ]);
    const own = [{ seatLabel: 'F1', type: 'menor', typeName: 'Menor', total: 500 }];
    expect(refundedLinesOf({ seatLabels: ['F1'], lines: own }, sale)).toBe(own);
  });

  it('adds lines up per type, net at 60 %', () => {
    const sold = [
      { seatLabel: 'F1', type: 'general', typeName: 'General', total: 900 },
      { seatLabel: 'F2', type: 'general', typeName: 'General', total: 900 },
    ];
    expect(typeFiguresOf(sold, [sold[0]!])).toEqual({
      general: { tickets: 2, totalPrice: 1800, netPrice: 1080, refundedTickets: 1, refundedPrice: 900, refundedNet: 540 },
    });
  });
});
