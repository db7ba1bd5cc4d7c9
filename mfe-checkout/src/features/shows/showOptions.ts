import type { ShowView, Weekday } from '@cine/contracts';
import { compareText } from '@cine/web-kit';

export interface ShowDay {
  /** 'yyyy-mm-dd' in the cinema's calendar. */
  date: string;
  day: Weekday;
}

/** The dates that have shows, soonest first, each once. */
export function showDays(shows: readonly ShowView[]): ShowDay[] {
  const byDate = new Map<string, ShowDay>();
  for (const show of shows) if (!byDate.has(show.date)) byDate.set(show.date, { date: show.date, day: show.day });
  return [...byDate.values()].sort((a, b) => compareText(a.date, b.date));
}

/** The start times of a day's shows ('HH:MM'), earliest first, each once. */
export function showTimes(shows: readonly ShowView[]): string[] {
  return [...new Set(shows.map((show) => show.schedule))].sort();
}

/** The shows starting at `schedule`: usually one, two when both formats start together. */
export function showsAt(shows: readonly ShowView[], schedule: string): ShowView[] {
  return shows.filter((show) => show.schedule === schedule);
}
