import { DEFAULT_CLUB_TIERS, pointsEarned, pointsFor, pointsToReverse, pointsValue, tierOf } from './club-rules';

describe('Cine Club rules', () => {
  it('earns 1 point per whole dollar of an order, rounded down', () => {
    expect(pointsEarned(4390)).toBe(43);
    expect(pointsEarned(99)).toBe(0);
    expect(pointsEarned(0)).toBe(0);
    expect(pointsEarned(1000, 2.5)).toBe(25);
  });

  it('values points and the points an amount takes, never paying more than it', () => {
    expect(pointsValue(250)).toBe(250);
    expect(pointsValue(250, 2)).toBe(500);
    expect(pointsFor(4390)).toBe(4390);
    expect(pointsFor(4391, 2)).toBe(2195);
    expect(pointsFor(-5)).toBe(0);
  });

  it('takes back points in proportion of each refund, exactly what was earned once refunded whole', () => {
    // $ 43,90 earned 43; a first refund of $ 10,00 takes back floor(43 × 1000 / 4390) = 9.
    expect(pointsToReverse(43, 4390, 0, 1000, 0)).toBe(9);
    // A second of $ 20,00: floor(43 × 3000 / 4390) = 29 in all, 20 more.
    expect(pointsToReverse(43, 4390, 1000, 2000, 9)).toBe(20);
    // The rest: all 43, 14 more.
    expect(pointsToReverse(43, 4390, 3000, 1390, 29)).toBe(14);
    expect(pointsToReverse(0, 4390, 0, 4390, 0)).toBe(0);
    // Never more than is left to take back, never negative.
    expect(pointsToReverse(43, 4390, 4390, 100, 43)).toBe(0);
  });

  it('reaches the tier of the most visits not above them', () => {
    expect(tierOf(0).name).toBe('Clásico');
    expect(tierOf(11).name).toBe('Clásico');
    expect(tierOf(12).name).toBe('Oro');
    expect(tierOf(40, [...DEFAULT_CLUB_TIERS].reverse()).id).toBe('oro');
    expect(() => tierOf(3, [])).toThrow('no club tiers');
  });
});
