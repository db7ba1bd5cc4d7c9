import { buyerCancellableUntil } from '../src/orders/cancellation';
import { instantOf } from '../src/shows/cinema-time';
import { doorDecision, doorWindowOf, windowPosition, type DoorFacts } from '../src/tickets/door-rules';

// Tomorrow's 19:30 show of issue 35, in the cinema's time (UTC−3): 100 minutes long.
const startsAt = instantOf('2026-11-28', '19:30');
const endsAt = new Date(startsAt.getTime() + 100 * 60_000);
const window = doorWindowOf({ startsAt, endsAt }, { opensMinutesBefore: 45, closesMinutesAfterEnd: 15 });

describe("a show's door window", () => {
  it('opens the configured minutes before the start and closes the configured minutes after the end', () => {
    expect(window.opensAt.toISOString()).toBe('2026-11-28T21:45:00.000Z'); // 18:45 local
    expect(window.closesAt.toISOString()).toBe('2026-11-29T00:25:00.000Z'); // 21:10 + 15 local
  });

  it('is early the day before (13:39) and until it opens, open from then, over from its close', () => {
    expect(windowPosition(instantOf('2026-11-27', '13:39'), window)).toBe('early');
    expect(windowPosition(new Date(window.opensAt.getTime() - 1), window)).toBe('early');
    expect(windowPosition(window.opensAt, window)).toBe('open');
    expect(windowPosition(endsAt, window)).toBe('open');
    expect(windowPosition(window.closesAt, window)).toBe('over');
    expect(windowPosition(new Date('2001-01-01T00:00:00Z'), window)).toBe('early');
  });
});

describe("the door's verdict, most important first", () => {
  const valid: DoorFacts = { state: 'valid', showCancelled: false, otherShow: false, position: 'open' };

  it('admits a valid ticket of the show inside its window', () => {
    expect(doorDecision(valid)).toBe('admit');
  });

  it('says refunded or cancelled before another show (never sends a refunded ticket to another room)', () => {
    expect(doorDecision({ ...valid, state: 'refunded', otherShow: true })).toBe('refunded');
    expect(doorDecision({ ...valid, showCancelled: true, otherShow: true })).toBe('show_cancelled');
    expect(doorDecision({ ...valid, state: 'refunded', showCancelled: true, otherShow: true, position: 'early' })).toBe('refunded');
  });

  it('says another cinema after refunded or cancelled, and before another show, used or the window (issue 38)', () => {
    const elsewhere = { ...valid, otherShow: true, otherCinema: true };
    expect(doorDecision(elsewhere)).toBe('wrong_cinema');
    expect(doorDecision({ ...elsewhere, state: 'used', position: 'over' })).toBe('wrong_cinema');
    expect(doorDecision({ ...elsewhere, state: 'refunded' })).toBe('refunded');
    expect(doorDecision({ ...elsewhere, showCancelled: true })).toBe('show_cancelled');
  });

  it('says another show before used and before the window', () => {
    expect(doorDecision({ ...valid, otherShow: true, state: 'used', position: 'early' })).toBe('wrong_show');
  });

  it('says used before the window, then too early or show over', () => {
    expect(doorDecision({ ...valid, state: 'used', position: 'over' })).toBe('already_used');
    expect(doorDecision({ ...valid, position: 'early' })).toBe('too_early');
    expect(doorDecision({ ...valid, position: 'over' })).toBe('show_over');
  });
});

describe("the buyer's cancellation deadline", () => {
  it('is the start less the window, and the start itself once the show was moved after the sale', () => {
    const order = { date: '2026-11-28', schedule: '19:30' };
    expect(buyerCancellableUntil(order, 120).toISOString()).toBe('2026-11-28T20:30:00.000Z');
    expect(buyerCancellableUntil({ ...order, showMovedAt: new Date('2026-11-27T12:00:00Z') }, 120).toISOString()).toBe(
      '2026-11-28T22:30:00.000Z',
    );
  });
});
