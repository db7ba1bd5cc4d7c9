import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { EmptyState, LoadError, Page } from '@cine/web-kit/ui';
import { SkeletonBlock, VisuallyHidden } from '../../../components/Skeleton';
import { ApiError } from '@cine/web-kit';
import { longDate, useAsyncData, useDocumentTitle } from '@cine/web-kit';
import type { RemotePageProps } from '@cine/web-kit';
import { fetchMovieDetail } from '../../../movies/moviesApi';
import { POSTER_SIZE } from '../../../movies/posterSize';
import type { MovieDetail } from '@cine/contracts';
import { isUpcoming } from '../releaseStatus';
import { CommentSection } from './CommentSection';
import { TrailerFrame } from './TrailerFrame';

export default function MovieDetailPage({ session, widgets }: RemotePageProps) {
  const { id = '' } = useParams();
  const detail = useAsyncData(() => fetchMovieDetail(id), id, { transition: true });
  // 'Cine — Oppenheimer' once the movie is known; the shell's 'Cine — Película' until then.
  useDocumentTitle(
    detail.status === 'ready' ? detail.data.Title : detail.status === 'error' && isNotFound(detail.error) ? 'Película no encontrada' : null,
  );

  return (
    <Page>
      {detail.status === 'loading' && <DetailSkeleton />}
      {detail.status === 'error' &&
        (isNotFound(detail.error) ? (
          <EmptyState>
            Esta película no existe o ya no está en cartelera. <Link to="/home">Ver la cartelera</Link>
          </EmptyState>
        ) : (
          <LoadError message={detail.message} onRetry={detail.reload} />
        ))}
      {detail.status === 'ready' && <MovieDetailView movie={detail.data} session={session} widgets={widgets} />}
    </Page>
  );
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

function MovieDetailView({ movie, session, widgets }: { movie: MovieDetail } & RemotePageProps) {
  const [posterFailed, setPosterFailed] = useState(false);
  return (
    <>
      <Summary>
        <Poster>
          {posterFailed || !movie.Poster ? (
            <div className="fallback" aria-hidden="true">
              {movie.Title}
            </div>
          ) : (
            <img
              src={movie.Poster}
              alt={`Póster de ${movie.Title}`}
              {...POSTER_SIZE}
              fetchPriority="high"
              onError={() => setPosterFailed(true)}
            />
          )}
        </Poster>
        <Info>
          <Rated aria-label={`Clasificación ${movie.Rated}`}>{movie.Rated}</Rated>
          <h1>{movie.Title}</h1>
          <p className="plot">{movie.Plot}</p>
          <Facts>
            <dt>Género</dt>
            <dd>{movie.Genre}</dd>
            <dt>Actores</dt>
            <dd>{movie.Actors}</dd>
            <dt>Director</dt>
            <dd>{movie.Director}</dd>
            <dt>Duración</dt>
            <dd>{movie.Runtime} minutos</dd>
            <dt>Idioma</dt>
            <dd>{movie.Language}</dd>
            <dt>Formato</dt>
            <dd>{movie.Type.trim()}</dd>
          </Facts>
          {isUpcoming(movie) ? (
            <Upcoming>Entradas disponibles a partir del {longDate(movie.ReleaseDate)}</Upcoming>
          ) : (
            // The checkout remote's purchase controls (day → time → format, Comprar), lent by the shell.
            <div data-slot="purchase-controls" data-movie-id={movie.id}>
              {widgets && (
                <widgets.PurchasePanel movie={{ id: movie.id, Title: movie.Title, Trailer: movie.Trailer, Language: movie.Language }} />
              )}
            </div>
          )}
        </Info>
      </Summary>
      <Columns>
        <section aria-labelledby="trailer-title">
          <h2 id="trailer-title">Tráiler</h2>
          <TrailerFrame title={movie.Title} src={movie.Trailer} />
        </section>
        <CommentSection key={movie.id} movieId={movie.id} initialComments={movie.comments ?? []} session={session} />
      </Columns>
    </>
  );
}

function DetailSkeleton() {
  return (
    <Summary role="status" aria-busy="true">
      <VisuallyHidden>Cargando película...</VisuallyHidden>
      <SkeletonBlock $height="auto" style={{ aspectRatio: '2 / 3' }} aria-hidden="true" />
      <Info aria-hidden="true">
        <SkeletonBlock $height="2.25rem" style={{ width: '60%' }} />
        <SkeletonBlock $height="5rem" />
        <SkeletonBlock $height="8rem" />
      </Info>
    </Summary>
  );
}

const Summary = styled.div`
  display: grid;
  grid-template-columns: minmax(12rem, 18rem) 1fr;
  gap: 2rem;
  margin-bottom: 2.5rem;

  @media (max-width: 640px) {
    grid-template-columns: 1fr;
  }
`;

const Poster = styled.div`
  aspect-ratio: 2 / 3;
  overflow: hidden;
  border-radius: 14px;
  background: var(--cine-surface-2, #20202f);
  box-shadow: 0 18px 40px rgb(0 0 0 / 0.45);

  @media (max-width: 640px) {
    max-width: 16rem;
    margin: 0 auto;
    width: 100%;
  }

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }

  .fallback {
    display: grid;
    place-items: center;
    height: 100%;
    padding: 1rem;
    font-size: 1.3rem;
    font-weight: 700;
    text-align: center;
    overflow-wrap: anywhere;
    hyphens: auto;
    background: linear-gradient(160deg, #2a1030, #101028);
  }
`;

const Info = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;

  h1 {
    margin: 0;
    font-size: clamp(1.6rem, 4vw, 2.4rem);
  }

  .plot {
    margin: 0;
    color: var(--cine-muted, #a6a6bb);
  }
`;

const Rated = styled.span`
  align-self: flex-start;
  padding: 0.15rem 0.6rem;
  border: 1px solid var(--cine-gold, #f5c518);
  border-radius: 6px;
  color: var(--cine-gold, #f5c518);
  font-weight: 700;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.4rem 1rem;
  margin: 0;

  dt {
    font-weight: 600;
    color: var(--cine-muted, #a6a6bb);
  }

  dd {
    margin: 0;
  }
`;

const Upcoming = styled.p`
  margin: 0;
  padding: 1rem 1.25rem;
  font-weight: 700;
  border-left: 4px solid var(--cine-gold, #f5c518);
  border-radius: 8px;
  background: var(--cine-surface, #161622);
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 22rem), 1fr));
  gap: 2rem;

  h2 {
    margin: 0 0 1rem;
    font-size: 1.3rem;
  }
`;
