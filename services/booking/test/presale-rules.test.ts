import { PRESALE_MESSAGES } from '@cine/contracts';
import {
  admissionInstant,
  lineStateAt,
  lotteryOrder,
  meterAt,
  presaleInputProblem,
  priorityOrder,
  showLabel,
  type PresaleShowFacts,
} from '../src/presales/presale-rules';

/** Pearson's chi-square of observed counts against one expected count each. */
function chiSquare(observed: readonly number[], expected: number): number {
  return observed.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

describe('priorityOrder (issue 41: Oro members first)', () => {
  const drawn = ['p5', 'p2', 'p4', 'p1', 'p3'];

  it('puts the priority places first in lottery order among themselves, then everyone else in lottery order', () => {
    expect(priorityOrder(drawn, new Set(['p1', 'p2']))).toEqual(['p2', 'p1', 'p5', 'p4', 'p3']);
    expect(priorityOrder(drawn, new Set(['p3']))).toEqual(['p3', 'p5', 'p2', 'p4', 'p1']);
  });

  it('keeps the lottery when nobody (or everybody) has priority, and ignores ids not in the line', () => {
    expect(priorityOrder(drawn, new Set())).toEqual(drawn);
    expect(priorityOrder(drawn, new Set(drawn))).toEqual(drawn);
    expect(priorityOrder(drawn, new Set(['stranger']))).toEqual(drawn);
    expect(priorityOrder([], new Set(['p1']))).toEqual([]);
  });
});

describe('lotteryOrder', () => {
  const ids = [
    'aaaaaaaaaaaaaaaaaaaaaaa1',
    'aaaaaaaaaaaaaaaaaaaaaaa2',
    'aaaaaaaaaaaaaaaaaaaaaaa3',
    'aaaaaaaaaaaaaaaaaaaaaaa4',
    'aaaaaaaaaaaaaaaaaaaaaaa5',
  ];

  it('is a permutation of the places, the same for the same seed whatever order they are read in', () => {
    const order = lotteryOrder(ids, 'secreto');
    expect([...order].sort()).toEqual([...ids].sort());
    expect(lotteryOrder([...ids].reverse(), 'secreto')).toEqual(order);
    expect(lotteryOrder([], 'secreto')).toEqual([]);
  });

  it('puts each place at each position equally often over many seeds (chi-square, 16 degrees of freedom)', () => {
    const draws = 10_000;
    const counts = ids.map(() => ids.map(() => 0));
    for (let draw = 0; draw < draws; draw++) {
      lotteryOrder(ids, `seed-${draw}`).forEach((id, position) => {
        (counts[ids.indexOf(id)] as number[])[position] += 1;
      });
    }
    // (5 − 1)² = 16 degrees of freedom; 39.25 is the 0.999 quantile: an arrival-order bias or a stuck place is far above it.
    expect(chiSquare(counts.flat(), draws / ids.length)).toBeLessThan(39.25);
  });

  it('draws each of the orders of three places equally often (chi-square, 5 degrees of freedom)', () => {
    const three = ids.slice(0, 3);
    const draws = 6_000;
    const orders = new Map<string, number>();
    for (let draw = 0; draw < draws; draw++) {
      const key = lotteryOrder(three, `otra-${draw}`).join(',');
      orders.set(key, (orders.get(key) ?? 0) + 1);
    }
    expect(orders.size).toBe(6);
    // 20.52: the 0.999 quantile of chi-square with 5 degrees of freedom.
    expect(chiSquare([...orders.values()], draws / 6)).toBeLessThan(20.52);
  });

  it('does not keep the order of arrival (the places as joined come out shuffled)', () => {
    const many = Array.from({ length: 50 }, (_, index) => `place-${String(index).padStart(3, '0')}`);
    expect(lotteryOrder(many, 'semilla')).not.toEqual(many);
  });
});

describe('meterAt', () => {
  const reading = { admittedThrough: 0, lastPosition: 1_000, meteredAt: 0, admitPerMinute: 600 };

  it('admits floor(elapsed · rate) and advances its clock by the time those took', () => {
    expect(meterAt(reading, 1_000)).toEqual({ admittedThrough: 10, meteredAt: 1_000 });
    expect(meterAt(reading, 1_050)).toEqual({ admittedThrough: 10, meteredAt: 1_000 });
    expect(meterAt(reading, 99)).toEqual({ admittedThrough: 0, meteredAt: 0 });
  });

  it('carries the fraction of an admission to the next tick', () => {
    const slow = { ...reading, admitPerMinute: 7 };
    const first = meterAt(slow, 10_000);
    expect(first).toEqual({ admittedThrough: 1, meteredAt: 8_571 });
    // 17 142 ms: 2 admissions' worth since 0, one since the first's clock.
    expect(meterAt({ ...slow, ...first }, 17_143)).toEqual({ admittedThrough: 2, meteredAt: 17_142 });
    // Ticking every 100 ms for a minute admits exactly the rate.
    let state = { ...slow };
    for (let now = 100; now <= 60_000; now += 100) state = { ...state, ...meterAt(state, now) };
    expect(state.admittedThrough).toBe(7);
  });

  it('never admits past the last position given, and banks nothing while the line has caught up', () => {
    const short = { ...reading, lastPosition: 3 };
    const caughtUp = meterAt(short, 10_000);
    expect(caughtUp).toEqual({ admittedThrough: 3, meteredAt: 10_000 });
    // The ticks of a quiet minute keep the clock at now; then 500 arrive at the back: a tick 1 s later admits 1 s worth, not a minute's.
    const rested = meterAt({ ...short, ...caughtUp }, 70_000);
    expect(rested).toEqual({ admittedThrough: 3, meteredAt: 70_000 });
    expect(meterAt({ ...short, ...rested, lastPosition: 503 }, 71_000).admittedThrough).toBe(13);
  });

  it('stops while the line is sold out and banks nothing of the pause', () => {
    const paused = meterAt({ ...reading, admittedThrough: 40, meteredAt: 1_000 }, 61_000, true);
    expect(paused).toEqual({ admittedThrough: 40, meteredAt: 61_000 });
    // Seats come back: one second later one second's worth is admitted, not the minute of the pause.
    expect(meterAt({ ...reading, ...paused }, 62_000)).toEqual({ admittedThrough: 50, meteredAt: 62_000 });
  });
});

describe('lineStateAt', () => {
  const opensAt = new Date('2026-03-12T12:00:00Z');
  it('is scheduled until the lottery is drawn, then open or sold out by the seats, closed once every show started', () => {
    expect(lineStateAt({ state: 'scheduled', opensAt }, 10, false)).toBe('scheduled');
    expect(lineStateAt({ state: 'scheduled', opensAt, openedAt: opensAt }, 10, false)).toBe('open');
    expect(lineStateAt({ state: 'open', opensAt, openedAt: opensAt }, 0, false)).toBe('sold_out');
    expect(lineStateAt({ state: 'sold_out', opensAt, openedAt: opensAt }, 2, false)).toBe('open');
    expect(lineStateAt({ state: 'open', opensAt, openedAt: opensAt }, 2, true)).toBe('closed');
    expect(lineStateAt({ state: 'closed', opensAt, openedAt: opensAt }, 2, false)).toBe('closed');
  });
});

describe('presaleInputProblem', () => {
  const now = new Date('2026-03-11T15:00:00Z');
  const opensAt = new Date('2026-03-12T15:00:00Z');
  const show = (fields: Partial<PresaleShowFacts> = {}): PresaleShowFacts => ({
    id: 'show-1',
    cinemaId: 'cinema-1',
    startsAt: new Date('2026-03-20T23:00:00Z'),
    date: '2026-03-20',
    schedule: '20:00',
    taken: 0,
    inPresale: false,
    ...fields,
  });

  it('accepts future shows of one cinema without sales', () => {
    expect(presaleInputProblem({ showIds: ['a', 'b'], opensAt }, [show(), show({ id: 'b' })], now)).toBeNull();
  });

  it('refuses no shows and an opening not in the future (400)', () => {
    expect(presaleInputProblem({ showIds: [], opensAt }, [], now)).toEqual({ kind: 'invalid', message: PRESALE_MESSAGES.noShows });
    expect(presaleInputProblem({ showIds: ['a'], opensAt: now }, [show()], now)).toEqual({
      kind: 'invalid',
      message: PRESALE_MESSAGES.opensInPast,
    });
  });

  it('refuses a show that does not exist (404) and shows of two cinemas (400)', () => {
    expect(presaleInputProblem({ showIds: ['a', 'b'], opensAt }, [show(), null], now)?.kind).toBe('not-found');
    expect(presaleInputProblem({ showIds: ['a', 'b'], opensAt }, [show(), show({ cinemaId: 'cinema-2' })], now)).toEqual({
      kind: 'invalid',
      message: PRESALE_MESSAGES.twoCinemas,
    });
  });

  it('refuses a show started, with seats taken, or in another presale (409), naming it', () => {
    expect(presaleInputProblem({ showIds: ['a'], opensAt }, [show({ startsAt: now })], now)).toEqual({
      kind: 'conflict',
      message: PRESALE_MESSAGES.showStarted,
    });
    expect(presaleInputProblem({ showIds: ['a'], opensAt }, [show({ taken: 2 })], now)).toEqual({
      kind: 'conflict',
      message: 'La función del 20/03/2026 a las 20:00 ya tiene entradas vendidas o reservadas: no puede entrar en una preventa.',
    });
    expect(presaleInputProblem({ showIds: ['a'], opensAt }, [show({ inPresale: true })], now)?.message).toBe(
      PRESALE_MESSAGES.showInPresale(showLabel(show())),
    );
  });
});

describe('admissionInstant', () => {
  const movedAt = new Date('2026-12-01T20:00:05.000Z');
  const later = new Date('2026-12-01T20:00:05.400Z');

  it("a place of the meter's last move starts its session when the meter passed it, whoever writes it and when", () => {
    expect(admissionInstant({ movedAt, movedFrom: 10, admittedThrough: 15 }, 11, later)).toEqual(movedAt);
    expect(admissionInstant({ movedAt, movedFrom: 10, admittedThrough: 15 }, 15, later)).toEqual(movedAt);
  });

  it('a place an older move passed (a crash left it behind) starts now, as does any without a move recorded', () => {
    expect(admissionInstant({ movedAt, movedFrom: 10, admittedThrough: 15 }, 10, later)).toEqual(later);
    expect(admissionInstant({ admittedThrough: 15 }, 3, later)).toEqual(later);
  });
});
