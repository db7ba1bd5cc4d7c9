import { useState } from 'react';
import styled from 'styled-components';
import { useAsyncData } from '@cine/web-kit';
import { EmptyState, LoadError } from '@cine/web-kit/ui';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RowButton } from '../../../components/DataTable';
import { TrashIcon } from '../../../components/icons';
import { deleteComment, fetchComments, type AdminComment } from '../api/comments';

interface MovieComments {
  movieId: string;
  title: string;
  comments: AdminComment[];
}

/** Comments grouped by movie, movies by title. */
function byMovie(comments: AdminComment[]): MovieComments[] {
  const groups = new Map<string, MovieComments>();
  for (const comment of comments) {
    const group = groups.get(comment.movie.id) ?? { movieId: comment.movie.id, title: comment.movie.Title, comments: [] };
    group.comments.push(comment);
    groups.set(comment.movie.id, group);
  }
  return [...groups.values()].sort((a, b) => a.title.localeCompare(b.title, 'es'));
}

/** 'Administrar comentarios': movies each with their comments; the trash icon asks before deleting. */
export function CommentsSection({ token }: { token: string }) {
  const comments = useAsyncData(() => fetchComments(token), token);
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<AdminComment | null>(null);

  if (comments.status === 'loading' || comments.status === 'idle') return <EmptyState role="status">Cargando comentarios…</EmptyState>;
  if (comments.status === 'error')
    return <LoadError message={`No se pudieron cargar los comentarios. ${comments.message}`} onRetry={comments.reload} />;
  const movies = byMovie(comments.data.filter((comment) => !deleted.has(comment.id)));
  if (movies.length === 0) return <EmptyState>Todavía no hay comentarios.</EmptyState>;

  return (
    <div>
      <MovieList>
        {movies.map((movie) => (
          <Card key={movie.movieId} aria-labelledby={`comments-${movie.movieId}`}>
            <h3 id={`comments-${movie.movieId}`}>{movie.title}</h3>
            <ul aria-label={`Comentarios de ${movie.title}`}>
              {movie.comments.map((comment) => (
                <li key={comment.id}>
                  <div>
                    <strong>{comment.user.username}</strong>
                    <p>{comment.Text}</p>
                  </div>
                  <RowButton
                    type="button"
                    $danger
                    aria-label={`Borrar el comentario de ${comment.user.username}`}
                    onClick={() => setDeleting(comment)}
                  >
                    <TrashIcon />
                  </RowButton>
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </MovieList>
      {deleting && (
        <ConfirmDialog
          title="Borrar Comentario"
          confirmLabel="Borrar"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await deleteComment(token, deleting.id);
            setDeleted((current) => new Set([...current, deleting.id]));
            setDeleting(null);
          }}
        >
          <p>¿ Estás seguro que deseas borrar el comentario ?</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

const MovieList = styled.div`
  display: grid;
  gap: 1rem;
`;

const Card = styled.section`
  padding: 1rem;
  background: var(--cine-surface, #161622);
  border: 1px solid var(--cine-border, #2e2e42);
  border-radius: 12px;

  h3 {
    margin: 0 0 0.75rem;
    font-size: 1.1rem;
  }

  ul {
    display: grid;
    gap: 0.5rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }

  li {
    display: flex;
    align-items: flex-start;
    justify-content: space-between;
    gap: 1rem;
    padding: 0.6rem 0.75rem;
    background: var(--cine-surface-2, #20202f);
    border-radius: 8px;
  }

  li p {
    margin: 0.25rem 0 0;
    overflow-wrap: anywhere;
  }
`;
