import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Button, SectionTitle } from '@cine/web-kit/ui';
import { SkeletonBlock, VisuallyHidden } from '../../../components/Skeleton';
import { useAsyncData } from '@cine/web-kit';
import { searchMoviesByName } from '../../../movies/moviesApi';
import { MovieCard } from './MovieCard';
import { Section } from './MovieListings';

interface SearchResultsProps {
  title: string;
  /** Leaves the search and shows the full lists again. */
  onBack: () => void;
}

export function SearchResults({ title, onBack }: SearchResultsProps) {
  const results = useAsyncData(() => searchMoviesByName(title), title);
  const sectionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (results.status === 'ready') sectionRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [results.status]);

  return (
    <Section ref={sectionRef} aria-labelledby="search-results">
      <SectionTitle id="search-results">Resultados de la búsqueda</SectionTitle>
      {results.status === 'loading' && (
        <Grid role="status" aria-busy="true">
          <VisuallyHidden>Buscando películas...</VisuallyHidden>
          {Array.from({ length: 4 }, (_, i) => (
            <SkeletonBlock key={i} $height="auto" style={{ aspectRatio: '2 / 3' }} aria-hidden="true" />
          ))}
        </Grid>
      )}
      {results.status === 'ready' && results.data.length === 0 && (
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
      {results.status === 'ready' && results.data.length > 0 && (
        <>
          <Grid as="ul">
            {results.data.map((movie) => (
              <li key={movie.id}>
                <MovieCard movie={movie} />
              </li>
            ))}
          </Grid>
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
