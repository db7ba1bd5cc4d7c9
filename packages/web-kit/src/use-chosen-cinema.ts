/** The React side of the buyer's chosen cinema (chosen-cinema.ts): the cinemas list and the choice, kept current. */
import { useCallback, useEffect, useState } from 'react';
import type { CinemaView } from '@cine/contracts';
import { CINEMA_CHOSEN, CINEMA_STORAGE_KEY, chooseCinema, chosenCinemaSlug, fetchCinemas, rememberedCinemas } from './chosen-cinema';

export type CinemasState =
  | { status: 'loading'; cinemas: CinemaView[] | null }
  | { status: 'ready'; cinemas: CinemaView[] }
  | { status: 'error'; cinemas: CinemaView[] | null; message: string };

/** The chain's cinemas: the remembered list at once (if any), then the server's. */
export function useCinemas(): CinemasState & { reload: () => void } {
  const [state, setState] = useState<CinemasState>(() => ({ status: 'loading', cinemas: rememberedCinemas() }));
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    fetchCinemas().then(
      (cinemas) => current && setState({ status: 'ready', cinemas }),
      (error: unknown) =>
        current &&
        setState((previous) => ({
          status: 'error',
          cinemas: previous.cinemas,
          message: error instanceof Error ? error.message : 'No se pudieron cargar los cines.',
        })),
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  const reload = useCallback(() => {
    setState((previous) => ({ status: 'loading', cinemas: previous.cinemas }));
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, reload };
}

/** The chosen slug, kept current: a choice in this tab (any app), in another tab, or by going back. */
export function useChosenCinemaSlug(): string | null {
  const [slug, setSlug] = useState(() => chosenCinemaSlug());
  useEffect(() => {
    const read = () => setSlug(chosenCinemaSlug());
    const fromOtherTab = (event: StorageEvent) => event.key === CINEMA_STORAGE_KEY && read();
    window.addEventListener(CINEMA_CHOSEN, read);
    window.addEventListener('popstate', read);
    window.addEventListener('storage', fromOtherTab);
    read();
    return () => {
      window.removeEventListener(CINEMA_CHOSEN, read);
      window.removeEventListener('popstate', read);
      window.removeEventListener('storage', fromOtherTab);
    };
  }, []);
  return slug;
}

/**
 * The buyer's cinema for a page. `status`: 'none' (nothing chosen: every cinema), 'pending' (a slug whose
 * cinema the list has yet to name: wait before asking for listings) or 'chosen' (`cinema` set). A slug the
 * chain does not have counts as none. `cinemaId` is what listings pass as `?cinemaId=`.
 */
export function useChosenCinema() {
  const slug = useChosenCinemaSlug();
  const cinemas = useCinemas();
  const cinema = slug ? (cinemas.cinemas?.find((candidate) => candidate.slug === slug) ?? null) : null;
  const status: 'none' | 'pending' | 'chosen' = cinema ? 'chosen' : slug && cinemas.status === 'loading' ? 'pending' : 'none';
  return { status, slug: cinema ? slug : null, cinema, cinemaId: cinema?.id ?? null, cinemas, choose: chooseCinema };
}

export type ChosenCinema = ReturnType<typeof useChosenCinema>;
