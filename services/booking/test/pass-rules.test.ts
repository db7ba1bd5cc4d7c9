import { chargeKey, periodId, renewalDecision, statusAfterCharge } from '../src/club/pass/pass-rules';
import { dayOf, graceUntil, passPeriod, periodIndexAt } from '../src/club/pass/periods';

/** Issue 41: the Cine Pase's periods (calendar months from the subscription) and the renewal job's decisions. */
describe('pass periods', () => {
  const BA = 'America/Argentina/Buenos_Aires';

  it('runs one calendar month from the subscription instant, each period counted from it (31 Jan → 28 Feb → 31 Mar)', () => {
    const anchor = new Date('2026-01-31T15:00:00.000Z'); // noon in Buenos Aires
    expect(passPeriod(anchor, 0, BA)).toEqual({
      index: 0,
      start: anchor,
      end: new Date('2026-02-28T15:00:00.000Z'),
      key: '2026-01-31',
    });
    expect(passPeriod(anchor, 1, BA)).toMatchObject({
      start: new Date('2026-02-28T15:00:00.000Z'),
      end: new Date('2026-03-31T15:00:00.000Z'),
    });
    expect(passPeriod(anchor, 2, BA)).toMatchObject({ key: '2026-03-31', end: new Date('2026-04-30T15:00:00.000Z') });
    // A leap year's February.
    expect(passPeriod(new Date('2028-01-31T15:00:00.000Z'), 1, BA).key).toBe('2028-02-29');
  });

  it('keeps the wall-clock time across a change of offset (Madrid, summer time from 29 March)', () => {
    const anchor = new Date('2026-03-10T10:00:00.000Z'); // 11:00 in Madrid (UTC+1)
    expect(passPeriod(anchor, 1, 'Europe/Madrid').start).toEqual(new Date('2026-04-10T09:00:00.000Z')); // 11:00 (UTC+2)
  });

  it('names a period by its first day in the chain’s zone, not in UTC', () => {
    // 23:30 on 10 March in Buenos Aires is already 11 March in UTC.
    const anchor = new Date('2026-03-11T02:30:00.000Z');
    expect(passPeriod(anchor, 0, BA).key).toBe('2026-03-10');
    expect(dayOf(anchor, BA)).toBe('2026-03-10');
  });

  it('finds the period an instant falls in', () => {
    const anchor = new Date('2026-01-31T15:00:00.000Z');
    expect(periodIndexAt(anchor, new Date('2026-01-01T00:00:00.000Z'), BA)).toBe(0);
    expect(periodIndexAt(anchor, new Date('2026-02-28T14:59:59.999Z'), BA)).toBe(0);
    expect(periodIndexAt(anchor, new Date('2026-02-28T15:00:00.000Z'), BA)).toBe(1);
    expect(periodIndexAt(anchor, new Date('2026-12-31T15:00:00.000Z'), BA)).toBe(11);
  });

  it('gives a declined renewal three days of grace', () => {
    expect(graceUntil(new Date('2026-03-11T15:00:00.000Z'), 3, BA)).toEqual(new Date('2026-03-14T15:00:00.000Z'));
  });
});

describe('renewal decisions', () => {
  const now = new Date('2026-04-11T15:00:00.000Z');
  const before = new Date(now.getTime() - 1);
  const after = new Date(now.getTime() + 1);

  it('charges an active pass whose period is over, and waits before', () => {
    expect(renewalDecision({ status: 'active', renewsAt: now }, now)).toBe('charge');
    expect(renewalDecision({ status: 'active', renewsAt: after }, now)).toBe('wait');
  });

  it('ends a cancelled pass at its period’s end, never charging it', () => {
    expect(renewalDecision({ status: 'cancelling', renewsAt: before }, now)).toBe('end');
    expect(renewalDecision({ status: 'cancelling', renewsAt: after }, now)).toBe('wait');
  });

  it('lapses a pass in grace once the grace is over (not before: the member may change the card)', () => {
    expect(renewalDecision({ status: 'grace', renewsAt: after, graceUntil: before }, now)).toBe('lapse');
    expect(renewalDecision({ status: 'grace', renewsAt: before, graceUntil: after }, now)).toBe('wait');
  });

  it('does nothing to a pass that lapsed or ended', () => {
    expect(renewalDecision({ status: 'lapsed', renewsAt: before }, now)).toBe('wait');
    expect(renewalDecision({ status: 'ended', renewsAt: before }, now)).toBe('wait');
  });

  it('moves a charged renewal to active and a declined one to grace', () => {
    expect(statusAfterCharge('charged')).toBe('active');
    expect(statusAfterCharge('declined')).toBe('grace');
  });

  it('keys the charge by pass and period (a new card’s attempt apart)', () => {
    expect(chargeKey('p1', '2026-04-11')).toBe('pass:p1:2026-04-11');
    expect(chargeKey('p1', '2026-04-11', 2)).toBe('pass:p1:2026-04-11:2');
    expect(periodId('p1', '2026-04-11')).toBe('p1:2026-04-11');
  });
});
