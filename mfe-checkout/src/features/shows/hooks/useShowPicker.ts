import type { ShowView } from '@cine/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAsyncData } from '@cine/web-kit';
import { fetchShowsOfDay, fetchUpcomingShows } from '../api/showsApi';
import { showDays, showsAt, showTimes } from '../showOptions';

/** How often the free seats of the chosen day are read again while the page is on screen (others buy meanwhile). */
const SEATS_REFRESH_MS = 20_000;

/**
 * Spec §4, detail page: choosing a day loads that day's shows and reveals the time selector;
 * choosing a time reveals the format selector with that show's type and picks the show.
 * `initialShowId` (a link from the 'Cartelera por día', or the place a guest signed in from)
 * chooses that show's day, time and format as soon as the movie's shows are known.
 */
export function useShowPicker(movieId: string, initialShowId?: string) {
  const upcoming = useAsyncData(() => fetchUpcomingShows(movieId), movieId);
  const [date, setDate] = useState('');
  const [schedule, setSchedule] = useState('');
  const [showId, setShowId] = useState('');
  const dayKey = date ? `${movieId}/${date}` : null;
  const dayShows = useAsyncData(() => fetchShowsOfDay(date, movieId), dayKey);
  // The day's shows read again quietly (no loading state): their free seats after a hold, a payment, or others' purchases.
  const [fresh, setFresh] = useState<{ key: string; shows: ShowView[] } | null>(null);

  useEffect(() => {
    if (!initialShowId || upcoming.status !== 'ready') return;
    const wanted = upcoming.data.find((show) => show.id === initialShowId);
    if (!wanted) return;
    setDate(wanted.date);
    setSchedule(wanted.schedule);
    setShowId(wanted.id);
  }, [initialShowId, upcoming]);

  const refreshSeats = useCallback(async () => {
    if (!dayKey) return;
    try {
      const shows = await fetchShowsOfDay(date, movieId);
      setFresh({ key: dayKey, shows });
    } catch {
      // The seats shown stay as they were; the next refresh tries again.
    }
  }, [dayKey, date, movieId]);

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

  const days = useMemo(() => (upcoming.status === 'ready' ? showDays(upcoming.data) : []), [upcoming]);
  const loaded: ShowView[] = dayShows.status === 'ready' ? dayShows.data : [];
  const shows = fresh && fresh.key === dayKey && dayShows.status === 'ready' ? fresh.shows : loaded;
  const times = showTimes(shows);
  const formats = schedule ? showsAt(shows, schedule) : [];
  const show = formats.find((candidate) => candidate.id === showId) ?? null;

  return {
    upcoming,
    dayShows,
    days,
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
