import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Button, SectionTitle } from '@cine/web-kit/ui';
import { SkeletonBlock, VisuallyHidden } from '../../../components/Skeleton';
import type { MovieView } from '@cine/contracts';
import { cinemaKey, useAsyncData, useChosenCinema } from '@cine/web-kit';
import { fetchMovieIdsAt, searchMoviesByName } from '../../../movies/moviesApi';
import { MovieCard } from './MovieCard';
import { Section } from './MovieListings';

interface SearchResultsProps {
  title: string;
  /** Leaves the search and shows the full lists again. */
  onBack: () => void;
}

export function SearchResults({ title, onBack }: SearchResultsProps) {
  const cinema = useChosenCinema();
  // With a cinema chosen, the movies it shows come first; the others say they play elsewhere (issue 38).
  const results = useAsyncData(() => searchAt(title, cinema.cinemaId), cinemaKey(cinema, title));
  const sectionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (results.status === 'ready') sectionRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [results.status]);

  return (
    <Section ref={sectionRef} aria-labelledby="search-results">
      <SectionTitle id="search-results">Resultados de la búsqueda</SectionTitle>
      {(results.status === 'loading' || results.status === 'idle') && (
        <Grid role="status" aria-busy="true">
          <VisuallyHidden>Buscando películas...</VisuallyHidden>
          {Array.from({ length: 4 }, (_, i) => (
            <SkeletonBlock key={i} $height="auto" style={{ aspectRatio: '2 / 3' }} aria-hidden="true" />
          ))}
        </Grid>
      )}
      {results.status === 'ready' && results.data.here.length + results.data.elsewhere.length === 0 && (
        <NotFound>
          <p>
            La película «{title}» no está disponible en este momento. Revisa que el título esté bien escrito o vuelve a intentarlo más
            tarde.
          </p>
          <Button type="button" onClick={onBack}>
            Volver
          </Button>
        </NotFound>
      )}
      {results.status === 'ready' && results.data.here.length + results.data.elsewhere.length > 0 && (
        <>
          {cinema.cinema && results.data.here.length === 0 && (
            <Note>{`Ninguna película con ese título se proyecta en ${cinema.cinema.name}.`}</Note>
          )}
          {results.data.here.length > 0 && (
            <Grid as="ul">
              {results.data.here.map((movie) => (
                <li key={movie.id}>
                  <MovieCard movie={movie} />
                </li>
              ))}
            </Grid>
          )}
          {results.data.elsewhere.length > 0 && (
            <>
              {cinema.cinema && <Note as="h3">{`En otros cines (no en ${cinema.cinema.name})`}</Note>}
              <Grid as="ul">
                {results.data.elsewhere.map((movie) => (
                  <li key={movie.id}>
                    <MovieCard movie={movie} />
                  </li>
                ))}
              </Grid>
            </>
          )}
          <Back>
            <Button type="button" $variant="secondary" onClick={onBack}>
              Volver
            </Button>
          </Back>
        </>
      )}
    </Section>
  );
}

/** The search's movies: those of the chosen cinema (all of them without one) and those it does not show. */
async function searchAt(title: string, cinemaId: string | null): Promise<{ here: MovieView[]; elsewhere: MovieView[] }> {
  const movies = await searchMoviesByName(title);
  if (!cinemaId || movies.length === 0) return { here: movies, elsewhere: [] };
  // Not knowing what the cinema shows (a failed read) must not hide what the search found.
  const ids = await fetchMovieIdsAt(cinemaId).catch(() => null);
  if (!ids) return { here: movies, elsewhere: [] };
  return { here: movies.filter((movie) => ids.has(movie.id)), elsewhere: movies.filter((movie) => !ids.has(movie.id)) };
}

const Note = styled.p`
  margin: 1rem 0 0.75rem;
  font-size: 1rem;
  color: var(--cine-muted, #a6a6bb);
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 11rem), 1fr));
  gap: 1rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const NotFound = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 1rem;
  padding: 2rem 1rem;
  text-align: center;
  background: var(--cine-surface, #161622);
  border-radius: 12px;

  p {
    margin: 0;
    max-width: 36rem;
  }
`;

const Back = styled.div`
  margin-top: 1.25rem;
`;
