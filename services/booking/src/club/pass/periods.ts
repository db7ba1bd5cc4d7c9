import { CINEMA_TIME_ZONE, PASS_GRACE_DAYS } from '@cine/contracts';
import { DateTime } from 'luxon';

/**
 * A Cine Pase's periods: calendar months counted from the instant it was subscribed, on the cinema chain's
 * calendar (CINEMA_TIME_ZONE; luxon does the calendar and its offsets). Period `index` runs from the anchor
 * plus `index` months to the anchor plus `index + 1` months, each counted from the anchor itself: a pass of
 * 31 January renews on 28 February (29 in a leap year), then on 31 March again, never drifting to the 28th.
 */
export interface PassPeriod {
  index: number;
  start: Date;
  end: Date;
  /** 'YYYY-MM-DD' of its start in the chain's zone: with the pass's id, the charge's idempotency key and the usage's id. */
  key: string;
}

function at(instant: Date, zone: string): DateTime {
  return DateTime.fromJSDate(instant, { zone });
}

export function passPeriod(anchor: Date, index: number, zone: string = CINEMA_TIME_ZONE): PassPeriod {
  if (!Number.isInteger(index) || index < 0) throw new Error(`no period ${index}`);
  const base = at(anchor, zone);
  const start = base.plus({ months: index });
  const end = base.plus({ months: index + 1 });
  return { index, start: start.toJSDate(), end: end.toJSDate(), key: start.toISODate() as string };
}

/** The index of the period `now` falls in (0 before the anchor). */
export function periodIndexAt(anchor: Date, now: Date, zone: string = CINEMA_TIME_ZONE): number {
  if (now <= anchor) return 0;
  const months = Math.floor(at(now, zone).diff(at(anchor, zone), 'months').months);
  let index = Math.max(0, months - 1);
  while (passPeriod(anchor, index + 1, zone).start <= now) index += 1;
  return index;
}

/** The end of the grace a declined renewal gives (PASS_GRACE_DAYS calendar days after the decline). */
export function graceUntil(declinedAt: Date, days: number = PASS_GRACE_DAYS, zone: string = CINEMA_TIME_ZONE): Date {
  return at(declinedAt, zone).plus({ days }).toJSDate();
}

/** The chain's calendar day of an instant ('YYYY-MM-DD'). */
export function dayOf(instant: Date, zone: string = CINEMA_TIME_ZONE): string {
  return at(instant, zone).toISODate() as string;
}
