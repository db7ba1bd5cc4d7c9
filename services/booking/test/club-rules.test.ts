import { DEFAULT_CLUB_TIERS, pointsEarned, pointsToReverse, type PaymentPart } from '@cine/contracts';
import { earningCents, recentVisits, reversalOf } from '../src/club/club';
import { tiersFrom } from '../src/club/club-settings';
import { clubSummary, expiredLots, expiringSoon, expiryOf, pageSeqs, pointLots, type LotEntry } from '../src/club/point-lots';
import { paymentsOf, pointsBack, refundPaymentsOf } from '../src/gift-cards/payment-parts';

const at = (iso: string) => new Date(iso);
let seq = 0;
const entry = (kind: LotEntry['kind'], points: number, iso: string, lot?: number): LotEntry => ({
  seq: ++seq,
  kind,
  points,
  at: at(iso),
  ...(lot === undefined ? {} : { lot }),
});

describe('earning (issue 41)', () => {
  it('earns on what the bank card and the gift card paid, not on points nor the pass', () => {
    const payments: PaymentPart[] = [
      { kind: 'gift_card', amount: 1000, last4: 'ABCD' },
      { kind: 'points', amount: 500, points: 500 },
      { kind: 'pass', amount: 900 },
      { kind: 'card', amount: 2590 },
    ];
    expect(earningCents(payments, 4990)).toBe(3590);
    expect(pointsEarned(earningCents(payments, 4990))).toBe(35);
    // An order paid before payment parts were told: all by bank card.
    expect(earningCents(undefined, 4390)).toBe(4390);
  });

  it('takes back in proportion of the refunded earning parts, all of it once refunded whole', () => {
    // Earned 35 on 3590 cents; half the earning parts refunded, then the rest.
    const first = pointsToReverse(35, 3590, 0, 1795, 0);
    expect(first).toBe(17);
    expect(pointsToReverse(35, 3590, 1795, 1795, first)).toBe(18);
  });
});

describe('reversals decided on the order’s refunds (issue 41)', () => {
  const refunds = [
    { id: 'r1', amount: 1000, payments: [{ kind: 'card' as const, amount: 1000 }] },
    { id: 'r2', amount: 2000, payments: [{ kind: 'card' as const, amount: 2000 }] },
    { id: 'r3', amount: 1390, payments: [{ kind: 'card' as const, amount: 1390 }] },
  ];

  it('each refund takes its share, whichever refund is heard first; together, all that was earned', () => {
    expect(reversalOf(43, 4390, refunds, 'r2')).toBe(20);
    expect(reversalOf(43, 4390, refunds, 'r1')).toBe(9);
    expect(reversalOf(43, 4390, refunds, 'r3')).toBe(14);
    expect(reversalOf(43, 4390, refunds, 'nope')).toBe(0);
  });

  it('a refund of points only takes back nothing earned', () => {
    expect(reversalOf(43, 4390, [{ id: 'p', amount: 500, payments: [{ kind: 'points', amount: 500, points: 500 }] }], 'p')).toBe(0);
  });
});

describe('points lots: FIFO expiry (issue 41)', () => {
  it('expires 12 calendar months after the credit (the 31st: the month’s last day)', () => {
    expect(expiryOf(at('2026-03-11T15:00:00Z')).toISOString()).toBe('2027-03-11T15:00:00.000Z');
    expect(expiryOf(at('2027-01-31T10:00:00Z'), 1).toISOString()).toBe('2027-02-28T10:00:00.000Z');
  });

  it('debits take from the oldest lots first; what is left of each expires with it', () => {
    const entries = [
      entry('earn', 100, '2025-01-10T00:00:00Z'),
      entry('earn', 50, '2025-06-10T00:00:00Z'),
      entry('spend', -120, '2025-07-01T00:00:00Z'),
      entry('adjust', 30, '2025-08-01T00:00:00Z'),
    ];
    const { lots, debt } = pointLots(entries);
    expect(debt).toBe(0);
    expect(lots.map((lot) => lot.remaining)).toEqual([0, 30, 30]);
    // On 2026-06-11 the June lot has expired (the January one had nothing left); August's has not.
    const expired = expiredLots(lots, at('2026-06-11T00:00:00Z'));
    expect(expired.map((lot) => [lot.seq, lot.remaining])).toEqual([[entries[1]!.seq, 30]]);
    // Written off (an `expiry` of that lot): nothing of it expires again.
    const after = pointLots([...entries, entry('expiry', -30, '2026-06-11T00:00:00Z', entries[1]!.seq)]);
    expect(expiredLots(after.lots, at('2026-06-11T00:00:00Z'))).toEqual([]);
    expect(after.lots.map((lot) => lot.remaining)).toEqual([0, 0, 30]);
  });

  it('a reversal beyond every lot is a debt the next credit pays first', () => {
    const entries = [
      entry('earn', 40, '2025-01-10T00:00:00Z'),
      entry('spend', -40, '2025-01-11T00:00:00Z'),
      entry('reversal', -40, '2025-01-12T00:00:00Z'),
    ];
    expect(pointLots(entries).debt).toBe(40);
    const paid = pointLots([...entries, entry('earn', 55, '2025-02-01T00:00:00Z')]);
    expect(paid.debt).toBe(0);
    expect(paid.lots.at(-1)?.remaining).toBe(15);
  });

  it('counts the points expiring within 30 days and the soonest expiry', () => {
    const { lots } = pointLots([entry('earn', 10, '2025-01-20T00:00:00Z'), entry('earn', 20, '2025-03-01T00:00:00Z')]);
    const soon = expiringSoon(lots, at('2026-01-05T00:00:00Z'));
    expect(soon.points).toBe(10);
    expect(soon.nextExpiry?.toISOString()).toBe('2026-01-20T00:00:00.000Z');
  });

  it('the head’s summary, one entry at a time, keeps the lots with points left as pointLots has them, the debt and the entries of no points', () => {
    const entries = [
      entry('earn', 40, '2025-01-10T00:00:00Z'),
      entry('earn', 0, '2025-01-11T00:00:00Z'),
      entry('spend', -50, '2025-01-12T00:00:00Z'),
      entry('earn', 25, '2025-02-01T00:00:00Z'),
      entry('reversal', -40, '2025-02-02T00:00:00Z'),
      entry('adjust', 60, '2025-03-01T00:00:00Z'),
      entry('expiry', -20, '2026-03-01T00:00:00Z', seq - 1),
      entry('spend', 0, '2026-03-02T00:00:00Z'),
      entry('earn', 9, '2026-03-03T00:00:00Z'),
    ];
    let summary = clubSummary.empty;
    for (let upTo = 1; upTo <= entries.length; upTo++) {
      const previous = summary;
      const copy = structuredClone(previous);
      summary = clubSummary.add(previous, entries[upTo - 1]!);
      // Pure: the head's copy is left as it was.
      expect(previous).toEqual(copy);
      const whole = pointLots(entries.slice(0, upTo));
      expect(summary.lots).toEqual(whole.lots.filter((lot) => lot.remaining > 0));
      expect(summary.debt).toBe(whole.debt);
      expect(expiringSoon(summary.lots, at('2026-02-20T00:00:00Z'))).toEqual(expiringSoon(whole.lots, at('2026-02-20T00:00:00Z')));
    }
    expect(summary.zeros).toEqual([entries[1]!.seq, entries[7]!.seq]);
    expect(clubSummary.empty).toEqual({ lots: [], debt: 0, zeros: [] });
  });

  it('a ledger page’s seqs, newest first, leave the entries of no points out', () => {
    // Seqs 1–9, of which 2, 3 and 8 moved no points: the moves 9 7 6 5 4 1.
    const moves = [9, 7, 6, 5, 4, 1];
    for (const pageSize of [1, 2, 4, 6, 100])
      for (let page = 1; page <= 8; page++)
        expect(pageSeqs(9, [8, 2, 3], page, pageSize)).toEqual({ seqs: moves.slice((page - 1) * pageSize, page * pageSize), total: 6 });
    expect(pageSeqs(0, [], 1, 20)).toEqual({ seqs: [], total: 0 });
    expect(pageSeqs(3, [1, 2, 3], 1, 20)).toEqual({ seqs: [], total: 0 });
    // A far page answers at once (nothing walked before it).
    expect(pageSeqs(5, [], 100_000, 100)).toEqual({ seqs: [], total: 5 });
  });
});

describe('tiers (issue 41)', () => {
  it('counts the visits of shows of the last 12 months only', () => {
    const now = at('2026-03-11T15:00:00Z');
    const visits = [
      { orderId: 'a', day: '2025-03-10' },
      { orderId: 'b', day: '2025-03-11' },
      { orderId: 'c', day: '2026-03-20' },
    ];
    expect(recentVisits(visits, now)).toBe(2);
  });

  it('CLUB_TIERS replaces the seeded tiers; bad JSON stops the start', () => {
    expect(tiersFrom(undefined)).toBe(DEFAULT_CLUB_TIERS);
    const tiers = tiersFrom('[{"id":"a","name":"A","minVisits":0,"candyDiscountPercent":0,"presalePriority":false}]');
    expect(tiers.map((tier) => tier.id)).toEqual(['a']);
    expect(() => tiersFrom('nope')).toThrow('CLUB_TIERS');
    expect(() => tiersFrom('[{"id":"a"}]')).toThrow('CLUB_TIERS');
  });
});

describe('payment parts with points (issue 41)', () => {
  const order = {
    total: 3000,
    giftCard: { cardId: 'c', last4: 'WXYZ', amount: 1000 },
    points: { points: 500, amount: 500, pointValueCents: 1 },
  };

  it('the bank card pays the total less the gift card and the points', () => {
    expect(paymentsOf(order)).toEqual([
      { kind: 'gift_card', amount: 1000, last4: 'WXYZ' },
      { kind: 'points', amount: 500, points: 500 },
      { kind: 'card', amount: 1500 },
    ]);
  });

  it('a refund splits over the three parts; the points part goes back as points, all of them once whole', () => {
    const first = refundPaymentsOf(order, 1000);
    expect(first).toEqual([
      { kind: 'gift_card', amount: 333, last4: 'WXYZ' },
      { kind: 'points', amount: 166, points: 166 },
      { kind: 'card', amount: 501 },
    ]);
    const rest = refundPaymentsOf({ ...order, refunds: [{ amount: 1000, payments: first }] }, 2000);
    expect(rest.find((part) => part.kind === 'points')).toEqual({ kind: 'points', amount: 334, points: 334 });
  });

  it('points worth more than a cent: rounded down, the rest when the whole part is back', () => {
    const spent = { points: 333, amount: 999, pointValueCents: 3 };
    expect(pointsBack(spent, 0, 0, 500)).toBe(166);
    expect(pointsBack(spent, 500, 166, 499)).toBe(167);
  });
});
