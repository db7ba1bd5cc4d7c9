import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button, Dialog, EmptyState } from '@cine/web-kit/ui';
import { ErrorMessage } from '../../../components/FormMessage';
import { errorMessage } from '@cine/web-kit';
import { fetchAdminMovies } from '../../../api/admin-movies';
import { deleteMovie, type Movie } from '../api/movies';
import { useCreateAccess } from '../../../hooks/useCreateAccess';
import { CreateMovieGate } from './CreateMovieGate';
import { MovieForm } from './MovieForm';

type MoviesState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; movies: Movie[] };

/** Admin 'Peliculas': every movie (billboard and premieres) as a poster; create, edit and delete in dialogs. */
export function MoviesSection({ token }: { token: string }) {
  const [state, setState] = useState<MoviesState>({ status: 'loading' });
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<Movie | null>(null);
  const access = useCreateAccess(token);

  const load = useCallback(
    async (showLoading: boolean) => {
      if (showLoading) setState({ status: 'loading' });
      try {
        setState({ status: 'ready', movies: await fetchAdminMovies(token) });
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
      {state.status === 'ready' && state.movies.length > 0 && (
        <PosterGrid aria-label="Películas">
          {state.movies.map((movie) => (
            <li key={movie.id}>
              <PosterButton type="button" onClick={() => setSelected(movie)}>
                <img src={movie.Poster} alt="" loading="lazy" />
                <span>{movie.Title}</span>
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

function EditMovie({ token, movie, onDeleted, onUpdated, onBack }: EditMovieProps) {
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const onDelete = async () => {
    setDeleting(true);
    setDeleteError(null);
    try {
      await deleteMovie(token, movie.id);
      onDeleted(movie.id);
    } catch (error) {
      setDeleteError(errorMessage(error));
      setDeleting(false);
    }
  };

  return (
    <EditLayout>
      <Actions>
        <Button type="button" $variant="danger" onClick={() => void onDelete()} disabled={deleting}>
          {deleting ? 'Eliminando…' : 'Eliminar'}
        </Button>
      </Actions>
      {deleteError && <ErrorMessage>{deleteError}</ErrorMessage>}
      <MovieForm token={token} movie={movie} onSaved={onUpdated} />
      <Actions>
        <Button type="button" $variant="secondary" onClick={onBack}>
          Volver
        </Button>
      </Actions>
    </EditLayout>
  );
}

const Toolbar = styled.div`
  display: flex;
  justify-content: flex-end;
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
