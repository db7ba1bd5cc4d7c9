import type { ShowView } from '@cine/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { chooseCinema, useAsyncData, useChosenCinema } from '@cine/web-kit';
import { fetchShowsOfDay, fetchUpcomingShows } from '../api/showsApi';
import { cinemasWithShows, showDays, showsAt, showsOfCinema, showTimes } from '../showOptions';

/** How often the free seats of the chosen day are read again while the page is on screen (others buy meanwhile). */
const SEATS_REFRESH_MS = 20_000;

/**
 * Spec §4, detail page: choosing a day loads that day's shows and reveals the time selector;
 * choosing a time reveals the format selector with that show's type and picks the show.
 * `initialShowId` (a link from the 'Cartelera por día', or the place a guest signed in from)
 * chooses that show's day, time and format (and its cinema) as soon as the movie's shows are known.
 * Issue 38: the days and times are the chosen cinema's (every cinema's while none is chosen); switching
 * cinema keeps the day chosen; a movie with no shows there knows the cinemas where it plays.
 */
export function useShowPicker(movieId: string, initialShowId?: string) {
  const cinema = useChosenCinema();
  const cinemaId = cinema.cinemaId;
  const upcoming = useAsyncData(() => fetchUpcomingShows(movieId), movieId);
  const [date, setDate] = useState('');
  const [schedule, setSchedule] = useState('');
  const [showId, setShowId] = useState('');
  const dayKey = date && cinema.status !== 'pending' ? `${movieId}/${date}/${cinemaId ?? 'all'}` : null;
  const dayShows = useAsyncData(() => fetchShowsOfDay(date, movieId, cinemaId).then((shows) => showsOfCinema(shows, cinemaId)), dayKey);
  // The day's shows read again quietly (no loading state): their free seats after a hold, a payment, or others' purchases.
  const [fresh, setFresh] = useState<{ key: string; shows: ShowView[] } | null>(null);

  useEffect(() => {
    if (!initialShowId || upcoming.status !== 'ready') return;
    const wanted = upcoming.data.find((show) => show.id === initialShowId);
    if (!wanted) return;
    // A link to a show of another cinema than the chosen one (a shared link): its cinema becomes the buyer's.
    // With none chosen, every cinema's shows are offered and the show is among them.
    if (cinema.slug && wanted.cinema.slug !== cinema.slug) chooseCinema(wanted.cinema.slug);
    setDate(wanted.date);
    setSchedule(wanted.schedule);
    setShowId(wanted.id);
    // Only when the movie's shows arrive: a later change of cinema is the buyer's own.
  }, [initialShowId, upcoming]);

  // Another cinema chosen: the day stays, a time or format of the other cinema's show goes.
  const allShows = useMemo(() => (upcoming.status === 'ready' ? upcoming.data : []), [upcoming]);
  useEffect(() => {
    if (!showId) return;
    const current = allShows.find((show) => show.id === showId);
    if (current && showsOfCinema([current], cinemaId).length === 0) {
      setSchedule('');
      setShowId('');
    }
  }, [cinemaId, allShows, showId]);

  const refreshSeats = useCallback(async () => {
    if (!dayKey) return;
    try {
      const shows = showsOfCinema(await fetchShowsOfDay(date, movieId, cinemaId), cinemaId);
      setFresh({ key: dayKey, shows });
    } catch {
      // The seats shown stay as they were; the next refresh tries again.
    }
  }, [dayKey, date, movieId, cinemaId]);

  useEffect(() => {
    if (!dayKey) return undefined;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void refreshSeats();
    }, SEATS_REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshSeats();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [dayKey, refreshSeats]);

  const here = useMemo(() => showsOfCinema(allShows, cinemaId), [allShows, cinemaId]);
  const days = useMemo(() => showDays(here), [here]);
  // The day chosen at another cinema, kept when this one has no show of the movie that day.
  const keptDay = date && !days.some((day) => day.date === date) ? (showDays(allShows).find((day) => day.date === date) ?? null) : null;
  const cinemas = useMemo(() => cinemasWithShows(allShows), [allShows]);
  const loaded: ShowView[] = dayShows.status === 'ready' ? dayShows.data : [];
  const shows = fresh && fresh.key === dayKey && dayShows.status === 'ready' ? fresh.shows : loaded;
  const times = showTimes(shows);
  const formats = schedule ? showsAt(shows, schedule) : [];
  const show = formats.find((candidate) => candidate.id === showId) ?? null;

  return {
    upcoming,
    dayShows,
    days,
    /** The day chosen with no show here (after switching cinema): still offered, with no times. */
    keptDay,
    /** The buyer's cinema (web-kit's chosen cinema). */
    cinema,
    /** The cinemas that show the movie, each once: where it plays, and what the cinema switch offers. */
    cinemas,
    times,
    formats,
    date,
    schedule,
    show,
    /** Reads the chosen day's free seats again (after a hold, a payment or a lapsed hold). */
    refreshSeats,
    selectDay(next: string) {
      setDate(next);
      setSchedule('');
      setShowId('');
    },
    selectTime(next: string) {
      setSchedule(next);
      // The format selector starts on the first show at that time: usually the only one.
      setShowId(showsAt(shows, next)[0]?.id ?? '');
    },
    selectShow: setShowId,
  };
}

export type ShowPicker = ReturnType<typeof useShowPicker>;
