import { CINEMA_TIME_ZONE } from './api';

// Building a DateTimeFormat is costly and every listing and write asks for local time.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface LocalDateTime {
  /** 'yyyy-mm-dd' */
  date: string;
  /** 'HH:MM' */
  time: string;
}

/** The local date and time of an instant in the time zone (the cinema's by default, CINEMA_TIME_ZONE). */
export function localDateTime(instant: Date, timeZone: string = CINEMA_TIME_ZONE): LocalDateTime {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}
