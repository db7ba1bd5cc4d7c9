import type { ShowView } from '@cine/contracts';
import { useMemo, useState } from 'react';
import { useAsyncData } from '@cine/web-kit';
import { fetchShowsOfDay, fetchUpcomingShows } from '../api/showsApi';
import { showDays, showsAt, showTimes } from '../showOptions';

/**
 * Spec §4, detail page: choosing a day loads that day's shows and reveals the time selector;
 * choosing a time reveals the format selector with that show's type and picks the show.
 */
export function useShowPicker(movieId: string) {
  const upcoming = useAsyncData(() => fetchUpcomingShows(movieId), movieId);
  const [date, setDate] = useState('');
  const [schedule, setSchedule] = useState('');
  const [showId, setShowId] = useState('');
  const dayShows = useAsyncData(() => fetchShowsOfDay(date, movieId), date ? `${movieId}/${date}` : null);

  const days = useMemo(() => (upcoming.status === 'ready' ? showDays(upcoming.data) : []), [upcoming]);
  const shows: ShowView[] = dayShows.status === 'ready' ? dayShows.data : [];
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
