/**
 * The cinema's calendar and clock (CINEMA_TIME_ZONE): a show's date and
 * schedule are local wall time, its start an instant.
 */
import { addDays, CINEMA_TIME_ZONE, isCalendarDate, localDateTime, weekdays } from '@cine/contracts';

// The calendar arithmetic is the contracts' (one implementation with the browser's); booking's modules take it from here.
export { addDays, isCalendarDate, weekdayOf } from '@cine/contracts';

/** Today's date in the cinema, 'yyyy-mm-dd'. */
export function localToday(now: Date, timeZone: string = CINEMA_TIME_ZONE): string {
  return localDateTime(now, timeZone).date;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** True for 'HH:MM' from 00:00 to 23:59. */
export function isClockTime(text: string): boolean {
  return TIME.test(text);
}

/**
 * The instant when the local wall clock reads `time` on `date`. The zone's
 * offset is read at a first guess and once more at the result, which settles
 * it on either side of an offset change.
 */
export function instantOf(date: string, time: string, timeZone: string = CINEMA_TIME_ZONE): Date {
  // Two formatToParts per call, asked again for the same few shows by every order view and ticket: remembered,
  // by zone and by the very text the wall time is parsed from.
  const wallText = `${date}T${time}:00Z`;
  const inZone = instants.get(timeZone);
  let instant = inZone?.get(wallText);
  if (instant === undefined) {
    // A zone or wall time that is none throws here, and is not remembered.
    instant = instantAt(Date.parse(wallText), timeZone);
    if (!inZone) instants.set(timeZone, new Map([[wallText, instant]]));
    else {
      if (inZone.size >= REMEMBERED_INSTANTS) inZone.clear();
      inZone.set(wallText, instant);
    }
  }
  return new Date(instant);
}

/** Local wall times already turned into instants (ms), by zone, then by the wall time's text. */
const instants = new Map<string, Map<string, number>>();
/** Wall times remembered per zone (then forgotten all at once). */
const REMEMBERED_INSTANTS = 10_000;

function instantAt(wall: number, timeZone: string): number {
  const offsetAt = (instant: number) => {
    const local = localDateTime(new Date(instant), timeZone);
    return Date.parse(`${local.date}T${local.time}:00Z`) - instant;
  };
  const instant = wall - offsetAt(wall);
  return wall - offsetAt(instant);
}

function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
}

const weekdayIndex = new Map(weekdays.map((name, index) => [plain(name), index]));

/** The index (0 = Domingo) of a weekday name, ignoring case and accents ('miercoles', 'Sábado'); else undefined. */
function parseWeekday(text: string): number | undefined {
  return weekdayIndex.get(plain(text));
}

/** The next date that falls on the weekday, today included. */
function nextDateOnWeekday(weekday: number, today: string): string {
  const todayIndex = new Date(`${today}T00:00:00Z`).getUTCDay();
  return addDays(today, (weekday - todayIndex + 7) % 7);
}

/**
 * A day as the API takes it: 'yyyy-mm-dd', or a weekday name meaning the
 * next such date from today. Undefined when it is neither.
 */
export function resolveDay(text: string, today: string): string | undefined {
  const trimmed = text.trim();
  if (isCalendarDate(trimmed)) return trimmed;
  const weekday = parseWeekday(trimmed);
  return weekday === undefined ? undefined : nextDateOnWeekday(weekday, today);
}
