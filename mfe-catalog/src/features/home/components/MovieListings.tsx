import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { EmptyState, LoadError, SectionTitle } from '@cine/web-kit/ui';
import { cinemaKey, compareText, useAsyncData, useChosenCinema } from '@cine/web-kit';
import { fetchBillboard, fetchPremieres } from '../../../movies/moviesApi';
import type { MovieView } from '@cine/contracts';
import { ALL, filterMovies, type MovieFilter } from '../movieFilters';
import { MovieCarousel, MovieCarouselSkeleton } from './MovieCarousel';
import { MovieFilters } from './MovieFilters';

/** Anchor the shell's 'Próximos estrenos' entry scrolls to. */
export const PREMIERES_ANCHOR_ID = 'proximos-estrenos';

// Arrow names must not contain the navbar's 'Próximos estrenos' button name, or lookups by name find both.
const BILLBOARD_ARROWS = { previous: 'Película anterior en cartelera', next: 'Película siguiente en cartelera' };
const PREMIERE_ARROWS = { previous: 'Estreno anterior', next: 'Estreno siguiente' };

const byReleaseAscending = (a: MovieView, b: MovieView) => compareText(a.Release, b.Release);

/** The two home carousels: the billboard (with the genre and type filters) and the premieres, of the chosen cinema. */
export function MovieListings({ cardsPerView }: { cardsPerView: number }) {
  const cinema = useChosenCinema();
  const billboard = useAsyncData(() => fetchBillboard(cinema.cinemaId), cinemaKey(cinema, 'billboard'), { transition: true });
  const premieres = useAsyncData(
    () => fetchPremieres(cinema.cinemaId).then((movies) => [...movies].sort(byReleaseAscending)),
    cinemaKey(cinema, 'premieres'),
    { transition: true },
  );
  const at = cinema.cinema ? ` en ${cinema.cinema.name}` : '';
  const [filter, setFilter] = useState<MovieFilter>({ genre: ALL, type: ALL });
  const filtered = useMemo(() => (billboard.status === 'ready' ? filterMovies(billboard.data, filter) : []), [billboard, filter]);

  return (
    <>
      <Section aria-labelledby="en-cartelera">
        <SectionTitle id="en-cartelera">EN CARTELERA</SectionTitle>
        {cinema.cinema && <Where>{`${cinema.cinema.name} · ${cinema.cinema.city}`}</Where>}
        <MovieFilters value={filter} onChange={setFilter} />
        {(billboard.status === 'loading' || billboard.status === 'idle') && <MovieCarouselSkeleton cardsPerView={cardsPerView} />}
        {billboard.status === 'error' && <LoadError message={billboard.message} onRetry={billboard.reload} />}
        {billboard.status === 'ready' &&
          (billboard.data.length === 0 ? (
            <EmptyState>{`Todavía no hay películas en cartelera${at}.`}</EmptyState>
          ) : filtered.length === 0 ? (
            <EmptyState>{`No hay películas en cartelera${at} con esos filtros.`}</EmptyState>
          ) : (
            <MovieCarousel
              key={`${cinema.cinemaId ?? 'all'}|${filter.genre}|${filter.type}`}
              arrowLabels={BILLBOARD_ARROWS}
              movies={filtered}
              cardsPerView={cardsPerView}
              priority
            />
          ))}
      </Section>
      <Section id={PREMIERES_ANCHOR_ID} aria-labelledby="proximos-estrenos-titulo">
        <SectionTitle id="proximos-estrenos-titulo">PRÓXIMOS ESTRENOS</SectionTitle>
        {(premieres.status === 'loading' || premieres.status === 'idle') && <MovieCarouselSkeleton cardsPerView={cardsPerView} />}
        {premieres.status === 'error' && <LoadError message={premieres.message} onRetry={premieres.reload} />}
        {premieres.status === 'ready' &&
          (premieres.data.length === 0 ? (
            <EmptyState>{`Todavía no hay estrenos anunciados${at}.`}</EmptyState>
          ) : (
            <MovieCarousel arrowLabels={PREMIERE_ARROWS} movies={premieres.data} cardsPerView={cardsPerView} showRelease />
          ))}
      </Section>
    </>
  );
}

const Where = styled.p`
  margin: -0.5rem 0 1rem;
  color: var(--cine-muted, #a6a6bb);
`;

export const Section = styled.section`
  margin-bottom: 2.5rem;
  scroll-margin-top: 5rem;
`;
