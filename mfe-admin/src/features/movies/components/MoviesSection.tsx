import type { ShowView } from '@cine/contracts';
import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { useSearchParams } from 'react-router-dom';
import { Button, Dialog, EmptyState, Select, TextInput } from '@cine/web-kit/ui';
import { FilterFields } from '../../../components/DataTable';
import { ErrorMessage } from '../../../components/FormMessage';
import { errorMessage, useAsyncData } from '@cine/web-kit';
import { fetchAdminMovies, fetchShowsOfMovie } from '../../../api/admin-movies';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { deleteMovie, fetchArchivedMovies, fetchMovieFacts, setMovieArchived, type Movie } from '../api/movies';
import { isMovieStatus, matchesMovie, movieStatuses, type MovieStatus } from '../movieStatus';
import { useCreateAccess } from '../../../hooks/useCreateAccess';
import { CreateMovieGate } from './CreateMovieGate';
import { MovieForm } from './MovieForm';

type MoviesState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; movies: Movie[] };

/** Admin 'Peliculas': every movie (billboard, premieres, then the archived ones) as a poster; create, edit, archive and delete in dialogs. */
export function MoviesSection({ token }: { token: string }) {
  const [state, setState] = useState<MoviesState>({ status: 'loading' });
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<Movie | null>(null);
  const access = useCreateAccess(token);
  // ~70 movies, all loaded for the grid: searched and filtered here; the URL keeps both (q, estado).
  const [params, setParams] = useSearchParams();
  const text = params.get('q') ?? '';
  const statusText = params.get('estado') ?? '';
  const status = isMovieStatus(statusText) ? statusText : null;
  const facts = useAsyncData(() => fetchMovieFacts(token), status ? token : null);
  const setFilter = (name: 'q' | 'estado', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const shown =
    state.status !== 'ready'
      ? []
      : status === null
        ? state.movies.filter((movie) => matchesMovie(movie, text, null, NO_FACTS))
        : facts.status === 'ready'
          ? state.movies.filter((movie) => matchesMovie(movie, text, status, facts.data))
          : [];

  const load = useCallback(
    async (showLoading: boolean) => {
      if (showLoading) setState({ status: 'loading' });
      try {
        const [listed, archived] = await Promise.all([fetchAdminMovies(token), fetchArchivedMovies(token)]);
        setState({ status: 'ready', movies: [...listed, ...archived] });
      } catch (error) {
        setState({ status: 'error', message: errorMessage(error) });
      }
    },
    [token],
  );

  useEffect(() => {
    void load(true);
  }, [load]);

  const onDeleted = (id: string) => {
    setSelected(null);
    setState((current) =>
      current.status === 'ready' ? { ...current, movies: current.movies.filter((movie) => movie.id !== id) } : current,
    );
  };

  return (
    <div>
      <Toolbar>
        <FilterFields as="form" role="search" aria-label="Buscar películas" onSubmit={(event) => event.preventDefault()}>
          <label>
            Buscar
            <TextInput
              type="search"
              placeholder="Buscar pelicula..."
              value={text}
              onChange={(event) => setFilter('q', event.target.value)}
            />
          </label>
          <label>
            Estado
            <Select value={status ?? ''} onChange={(event) => setFilter('estado', event.target.value)}>
              <option value="">Todas</option>
              {(Object.keys(movieStatuses) as MovieStatus[]).map((value) => (
                <option key={value} value={value}>
                  {movieStatuses[value]}
                </option>
              ))}
            </Select>
          </label>
        </FilterFields>
        <Button type="button" onClick={() => setCreating(true)}>
          Agregar Pelicula
        </Button>
      </Toolbar>

      {state.status === 'loading' && <EmptyState role="status">Cargando películas…</EmptyState>}
      {state.status === 'error' && (
        <ErrorBox>
          <ErrorMessage>No se pudieron cargar las películas. {state.message}</ErrorMessage>
          <Button type="button" $variant="secondary" onClick={() => void load(true)}>
            Reintentar
          </Button>
        </ErrorBox>
      )}
      {state.status === 'ready' && state.movies.length === 0 && <EmptyState>No hay películas cargadas.</EmptyState>}
      {state.status === 'ready' && state.movies.length > 0 && status !== null && facts.status === 'loading' && (
        <EmptyState role="status">Cargando funciones…</EmptyState>
      )}
      {state.status === 'ready' && state.movies.length > 0 && status !== null && facts.status === 'error' && (
        <ErrorBox>
          <ErrorMessage>No se pudo saber qué películas tienen funciones. {facts.message}</ErrorMessage>
          <Button type="button" $variant="secondary" onClick={facts.reload}>
            Reintentar
          </Button>
        </ErrorBox>
      )}
      {state.status === 'ready' && state.movies.length > 0 && shown.length === 0 && (status === null || facts.status === 'ready') && (
        <EmptyState>Ninguna película coincide con la búsqueda.</EmptyState>
      )}
      {shown.length > 0 && (
        <PosterGrid aria-label="Películas">
          {shown.map((movie) => (
            <li key={movie.id}>
              <PosterButton type="button" onClick={() => setSelected(movie)}>
                <img src={movie.Poster} alt="" loading="lazy" />
                <span>{movie.Title}</span>
                {movie.Archived && <ArchivedBadge>Archivada</ArchivedBadge>}
              </PosterButton>
            </li>
          ))}
        </PosterGrid>
      )}

      {creating && (
        <Dialog title="Crear Pelicula" onClose={() => setCreating(false)}>
          <CreateMovieGate token={token} access={access} onCreated={() => void load(false)} />
        </Dialog>
      )}
      {selected && (
        <Dialog title={selected.Title} onClose={() => setSelected(null)}>
          <EditMovie
            token={token}
            movie={selected}
            onDeleted={onDeleted}
            onUpdated={(movie) => {
              setSelected(movie);
              void load(false);
            }}
            onBack={() => setSelected(null)}
          />
        </Dialog>
      )}
    </div>
  );
}

interface EditMovieProps {
  token: string;
  movie: Movie;
  onDeleted: (id: string) => void;
  onUpdated: (movie: Movie) => void;
  onBack: () => void;
}

/** The movie's upcoming shows and their seats sold or held, or a dash while they load ('2 funciones por venir, 7 entradas vendidas o reservadas'). */
function upcomingText(shows: ShowView[] | undefined): string {
  if (!shows) return 'Cargando sus funciones…';
  if (shows.length === 0) return 'No tiene funciones por venir.';
  const taken = shows.reduce((sum, show) => sum + show.capacity - show.seats, 0);
  const count = shows.length === 1 ? '1 función por venir' : `${shows.length} funciones por venir`;
  return `Tiene ${count}, con ${taken === 1 ? '1 entrada vendida o reservada' : `${taken} entradas vendidas o reservadas`}.`;
}

/** The edit form first; archiving and deleting at the end, each confirmed with what it affects. */
function EditMovie({ token, movie, onDeleted, onUpdated, onBack }: EditMovieProps) {
  const [confirming, setConfirming] = useState<'delete' | 'archive' | null>(null);
  const [shows, setShows] = useState<ShowView[] | undefined>(undefined);
  const [archiveError, setArchiveError] = useState<string | null>(null);

  const ask = (action: 'delete' | 'archive') => {
    setConfirming(action);
    setShows(undefined);
    fetchShowsOfMovie(token, movie.id).then(setShows, () => setShows([]));
  };

  const unarchive = async () => {
    setArchiveError(null);
    try {
      onUpdated(await setMovieArchived(token, movie.id, false));
    } catch (error) {
      setArchiveError(errorMessage(error));
    }
  };

  return (
    <EditLayout>
      <MovieForm token={token} movie={movie} onSaved={onUpdated} />
      <Actions>
        <Button type="button" $variant="secondary" onClick={onBack}>
          Volver
        </Button>
      </Actions>
      <DangerZone aria-label="Archivar o eliminar">
        {movie.Archived ? (
          <>
            <p>Archivada: no aparece en el sitio; sus ventas siguen en los reportes.</p>
            <Button type="button" $variant="secondary" onClick={() => void unarchive()}>
              Desarchivar
            </Button>
          </>
        ) : (
          <>
            <p>Archivar la oculta del sitio (cartelera, estrenos, búsqueda y su página) y la conserva para los reportes.</p>
            <Button type="button" $variant="secondary" onClick={() => ask('archive')}>
              Archivar
            </Button>
          </>
        )}
        {archiveError && <ErrorMessage>{archiveError}</ErrorMessage>}
        <Button type="button" $variant="danger" onClick={() => ask('delete')}>
          Eliminar película
        </Button>
      </DangerZone>
      {confirming === 'delete' && (
        <ConfirmDialog
          title="Eliminar película"
          confirmLabel="Eliminar"
          busyLabel="Eliminando…"
          onClose={() => setConfirming(null)}
          onConfirm={async () => {
            await deleteMovie(token, movie.id);
            onDeleted(movie.id);
          }}
        >
          <p>
            ¿ Eliminar <strong>{movie.Title}</strong> y sus comentarios ? No se puede deshacer.
          </p>
          <p>{upcomingText(shows)}</p>
          <p>Si tiene entradas pagadas de funciones por venir no se elimina: cancela esas funciones primero (se reembolsan).</p>
        </ConfirmDialog>
      )}
      {confirming === 'archive' && (
        <ConfirmDialog
          title="Archivar película"
          confirmLabel="Archivar"
          busyLabel="Archivando…"
          onClose={() => setConfirming(null)}
          onConfirm={async () => {
            const archived = await setMovieArchived(token, movie.id, true);
            setConfirming(null);
            onUpdated(archived);
          }}
        >
          <p>
            ¿ Archivar <strong>{movie.Title}</strong> ? Deja de verse en el sitio y sus funciones por venir dejan de vender entradas; se
            puede desarchivar.
          </p>
          <p>{upcomingText(shows)}</p>
        </ConfirmDialog>
      )}
    </EditLayout>
  );
}

const NO_FACTS = { nowShowing: new Set<string>(), withShows: new Set<string>() };

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  justify-content: space-between;
  gap: 0.75rem;
  margin-bottom: 1rem;
`;

const ErrorBox = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 0.75rem;
`;

const PosterGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr));
  gap: 1rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const PosterButton = styled.button`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  width: 100%;
  padding: 0;
  border: 1px solid var(--cine-border, #2e2e42);
  border-radius: 10px;
  overflow: hidden;
  background: var(--cine-surface, #161622);
  color: inherit;
  font: inherit;
  text-align: left;
  cursor: pointer;
  transition:
    transform 0.15s ease,
    border-color 0.15s ease;

  &:hover {
    transform: translateY(-2px);
    border-color: var(--cine-accent, #e50914);
  }

  img {
    display: block;
    width: 100%;
    aspect-ratio: 2 / 3;
    object-fit: cover;
    background: var(--cine-surface-2, #20202f);
  }

  span {
    padding: 0 0.6rem 0.6rem;
    font-size: 0.9rem;
    font-weight: 600;
  }
`;

const ArchivedBadge = styled.small`
  align-self: flex-start;
  margin: 0 0.6rem 0.6rem;
  padding: 0.1rem 0.45rem;
  border-radius: 999px;
  background: var(--cine-surface-2, #20202f);
  color: var(--cine-muted, #b3b3c6);
  font-weight: 600;
`;

const DangerZone = styled.section`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 0.6rem;
  padding-top: 1rem;
  border-top: 1px solid var(--cine-border, #2e2e42);

  p {
    margin: 0;
  }
`;

const EditLayout = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
`;
