import { clubReportOf, type ClubFact } from './club-report';

const at = (day: string) => new Date(`${day}T15:00:00.000Z`);
let serial = 0;
const points = (day: string, kind: Extract<ClubFact, { fact: 'points' }>['kind'], value: number, pointValueCents = 1): ClubFact => ({
  _id: `points:${(serial += 1)}`,
  fact: 'points',
  kind,
  points: value,
  pointValueCents,
  at: at(day),
  day,
});
const changed = (passId: string, day: string, status: Extract<ClubFact, { fact: 'changed' }>['status']): ClubFact => ({
  _id: `changed:${passId}:${day}:${status}`,
  fact: 'changed',
  passId,
  status,
  at: at(day),
  day,
});

describe('clubReportOf (issue 41)', () => {
  it('values the liability at the point value each entry was written with, never below 0', () => {
    const facts = [points('2026-11-01', 'earn', 100, 2), points('2026-11-02', 'spend', -30, 1), points('2026-11-03', 'adjust', 10, 3)];
    expect(clubReportOf(facts, { to: '2026-11-30' }).pointsLiability).toBe(200 - 30 + 30);
    expect(clubReportOf([points('2026-11-01', 'reversal', -50)], {}).pointsLiability).toBe(0);
  });

  it('leaves expiries and adjustments out of earned and spent', () => {
    const facts = [points('2026-11-01', 'earn', 100), points('2026-11-02', 'expiry', -40), points('2026-11-03', 'adjust', 25)];
    const report = clubReportOf(facts, { from: '2026-11-01', to: '2026-11-30' });
    expect(report.pointsEarned).toBe(100);
    expect(report.pointsSpent).toBe(0);
    expect(report.pointsLiability).toBe(85);
  });

  it("takes each pass's last status by its instant, whatever order the facts came in", () => {
    const facts = [changed('p1', '2026-11-20', 'lapsed'), changed('p1', '2026-11-01', 'active'), changed('p1', '2026-11-10', 'grace')];
    expect(clubReportOf(facts, { to: '2026-11-15' }).activePasses).toBe(1);
    expect(clubReportOf(facts, { to: '2026-11-30' }).activePasses).toBe(0);
    expect(clubReportOf(facts, { to: '2026-10-31' }).activePasses).toBe(0);
  });

  it('counts renewals charged (not first months) and declined in the period, and every charge as revenue', () => {
    const facts: ClubFact[] = [
      { _id: 'charged:p1:1', fact: 'charged', passId: 'p1', kind: 'first', amount: 2000, at: at('2026-11-01'), day: '2026-11-01' },
      { _id: 'charged:p1:2', fact: 'charged', passId: 'p1', kind: 'renewal', amount: 2000, at: at('2026-12-01'), day: '2026-12-01' },
      { _id: 'declined:p2:2', fact: 'declined', passId: 'p2', at: at('2026-12-02'), day: '2026-12-02' },
    ];
    expect(clubReportOf(facts, { from: '2026-11-01', to: '2026-11-30' })).toMatchObject({
      renewals: { charged: 0, declined: 0 },
      passRevenue: 2000,
    });
    expect(clubReportOf(facts, { from: '2026-12-01', to: '2026-12-31' })).toMatchObject({
      renewals: { charged: 1, declined: 1 },
      passRevenue: 2000,
    });
    expect(clubReportOf(facts, {})).toMatchObject({ renewals: { charged: 1, declined: 1 }, passRevenue: 4000 });
  });
});
