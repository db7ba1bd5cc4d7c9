import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { MovieView } from '@cine/contracts';
import { longDate } from '@cine/web-kit';
import { POSTER_SIZE } from '../../../movies/posterSize';

interface MovieCardProps {
  movie: MovieView;
  /** Premieres show when they open. */
  showRelease?: boolean;
  /** A poster of the first row on screen: a candidate for the largest paint, fetched first rather than lazily. */
  priority?: boolean;
}

export function MovieCard({ movie, showRelease = false, priority = false }: MovieCardProps) {
  const [posterFailed, setPosterFailed] = useState(false);
  return (
    // Named by its visible text (title, and release date for premieres): WCAG 2.5.3, label in name.
    <Card to={`/movies/${movie.id}`}>
      <Poster>
        {posterFailed || !movie.Poster ? (
          <PosterFallback aria-hidden="true">{movie.Title}</PosterFallback>
        ) : (
          <img
            src={movie.Poster}
            alt=""
            {...POSTER_SIZE}
            {...(priority ? { fetchPriority: 'high' } : { loading: 'lazy' })}
            onError={() => setPosterFailed(true)}
          />
        )}
        <Badge aria-hidden="true">{movie.Type.trim()}</Badge>
      </Poster>
      <Title>{movie.Title}</Title>
      {showRelease && <Release>Estreno: {longDate(movie.ReleaseDate)}</Release>}
    </Card>
  );
}

const Card = styled(Link)`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  min-width: 0;
  color: var(--cine-text, #f3f3f7);
  text-decoration: none;
  border-radius: 12px;

  &:hover img,
  &:focus-visible img {
    transform: scale(1.03);
  }
`;

const Poster = styled.div`
  position: relative;
  aspect-ratio: 2 / 3;
  overflow: hidden;
  border-radius: 12px;
  background: var(--cine-surface-2, #20202f);
  box-shadow: 0 10px 24px rgb(0 0 0 / 0.4);

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    transition: transform 0.2s ease;
  }
`;

const PosterFallback = styled.div`
  display: grid;
  place-items: center;
  height: 100%;
  padding: 1rem;
  text-align: center;
  font-weight: 700;
  /* A long title wraps inside the card rather than being cut. */
  overflow-wrap: anywhere;
  hyphens: auto;
  background: linear-gradient(160deg, #2a1030, #101028);
`;

const Badge = styled.span`
  position: absolute;
  top: 0.5rem;
  right: 0.5rem;
  padding: 0.15rem 0.5rem;
  border-radius: 6px;
  background: rgb(0 0 0 / 0.7);
  color: var(--cine-gold, #f5c518);
  font-size: 0.8rem;
  font-weight: 700;
`;

const Title = styled.span`
  font-weight: 600;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Release = styled.span`
  font-size: 0.9rem;
  color: var(--cine-gold, #f5c518);
`;
