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

/** A cinema that shows the movie, as its shows name it (issue 38). */
export interface CinemaWithShows {
  id: string;
  slug: string;
  name: string;
  city: string;
  /** Its first day with shows of the movie. */
  firstDate: string;
}

/** The shows of one cinema (every show when none is chosen). */
export function showsOfCinema(shows: readonly ShowView[], cinemaId: string | null): ShowView[] {
  if (!cinemaId) return [...shows];
  return shows.filter((show) => show.cinemaId === cinemaId);
}

/** The cinemas that have shows among `shows` (each once, by name), with their first date. */
export function cinemasWithShows(shows: readonly ShowView[]): CinemaWithShows[] {
  const byId = new Map<string, CinemaWithShows>();
  for (const show of shows) {
    const known = byId.get(show.cinema.id);
    if (!known) byId.set(show.cinema.id, { ...show.cinema, firstDate: show.date });
    else if (compareText(show.date, known.firstDate) < 0) known.firstDate = show.date;
  }
  return [...byId.values()].sort((a, b) => compareText(a.name, b.name));
}
