import styled from 'styled-components';
import { SkeletonBlock, VisuallyHidden } from '../../../components/Skeleton';
import type { MovieView } from '@cine/contracts';
import { useCarouselPaging } from '../hooks/carouselPaging';
import { MovieCard } from './MovieCard';

interface MovieCarouselProps {
  /** Accessible names of the arrows, e.g. 'Película anterior en cartelera'. */
  arrowLabels: { previous: string; next: string };
  movies: MovieView[];
  cardsPerView: number;
  showRelease?: boolean;
  /** The first carousel on the page: its posters are fetched first. */
  priority?: boolean;
}

/** Shows `cardsPerView` movies; the arrows move one movie at a time. */
export function MovieCarousel({ arrowLabels, movies, cardsPerView, showRelease, priority }: MovieCarouselProps) {
  const { offset, canGoBack, canGoForward, next, previous } = useCarouselPaging(movies.length, cardsPerView);
  const visible = movies.slice(offset, offset + cardsPerView);

  return (
    <Frame>
      <ArrowSlot>
        {canGoBack && (
          <Arrow type="button" onClick={previous} aria-label={arrowLabels.previous}>
            ‹
          </Arrow>
        )}
      </ArrowSlot>
      <Track $columns={cardsPerView}>
        {visible.map((movie) => (
          <li key={movie.id}>
            <MovieCard movie={movie} showRelease={showRelease} priority={priority} />
          </li>
        ))}
      </Track>
      <ArrowSlot>
        {canGoForward && (
          <Arrow type="button" onClick={next} aria-label={arrowLabels.next}>
            ›
          </Arrow>
        )}
      </ArrowSlot>
    </Frame>
  );
}

export function MovieCarouselSkeleton({ cardsPerView }: { cardsPerView: number }) {
  return (
    <Frame role="status" aria-busy="true">
      <VisuallyHidden>Cargando películas...</VisuallyHidden>
      <ArrowSlot />
      <Track $columns={cardsPerView} aria-hidden="true">
        {Array.from({ length: cardsPerView }, (_, i) => (
          <li key={i}>
            <SkeletonBlock $height="auto" style={{ aspectRatio: '2 / 3' }} />
            <SkeletonBlock $height="1rem" style={{ marginTop: '0.5rem', width: '70%' }} />
          </li>
        ))}
      </Track>
      <ArrowSlot />
    </Frame>
  );
}

const Frame = styled.div`
  display: grid;
  grid-template-columns: 2.5rem 1fr 2.5rem;
  align-items: center;
  gap: 0.5rem;
`;

const Track = styled.ul<{ $columns: number }>`
  display: grid;
  grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(0, 1fr));
  gap: 1rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const ArrowSlot = styled.div`
  display: flex;
  justify-content: center;
`;

const Arrow = styled.button`
  display: grid;
  place-items: center;
  width: 2.5rem;
  height: 2.5rem;
  border: 1px solid var(--cine-border, #2e2e42);
  border-radius: 50%;
  background: var(--cine-surface-2, #20202f);
  color: var(--cine-text, #f3f3f7);
  font-size: 1.6rem;
  line-height: 1;
  cursor: pointer;

  &:hover {
    border-color: var(--cine-gold, #f5c518);
    color: var(--cine-gold, #f5c518);
  }
`;
