import { POST_SORTS } from '@cine/contracts';
import { useState } from 'react';
import styled from 'styled-components';
import { instantLabel, useAsyncData } from '@cine/web-kit';
import { Select } from '@cine/web-kit/ui';
import { fetchAdminMovies } from '../../../api/admin-movies';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RowButton, Toolbar } from '../../../components/DataTable';
import { TrashIcon } from '../../../components/icons';
import { PagedTable, type Column } from '../../../components/PagedTable';
import { useListParams } from '../../../hooks/useListParams';
import { deleteComment, fetchComments, type AdminComment } from '../api/comments';

/** 'Administrar comentarios': the comments page by page, newest first, of one movie when chosen; the trash icon asks before deleting. */
export function CommentsSection({ token }: { token: string }) {
  const list = useListParams(POST_SORTS, '-createdAt', ['movieId'] as const);
  const comments = useAsyncData(() => fetchComments(token, list.apiQuery), `${token} ${list.apiQuery}`);
  const movies = useAsyncData(() => fetchAdminMovies(token), token);
  const [deleting, setDeleting] = useState<AdminComment | null>(null);
  const { movieId } = list.filters;
  const columns: Column<AdminComment>[] = [
    { label: 'Pelicula', cell: (comment) => comment.movie.Title },
    { label: 'Usuario', cell: (comment) => comment.user.username },
    { label: 'Comentario', cell: (comment) => <Text>{comment.Text}</Text> },
    { label: 'Fecha', sort: 'createdAt', cell: (comment) => instantLabel(comment.createdAt) },
    {
      label: 'Borrar',
      cell: (comment) => (
        <RowButton
          type="button"
          $danger
          aria-label={`Borrar el comentario de ${comment.user.username}`}
          onClick={() => setDeleting(comment)}
        >
          <TrashIcon />
        </RowButton>
      ),
    },
  ];

  return (
    <div>
      <Toolbar>
        <MovieFilter>
          Pelicula
          <Select value={movieId} onChange={(event) => list.update({ movieId: event.target.value })}>
            <option value="">Todas</option>
            {(movies.status === 'ready' ? movies.data : []).map((movie) => (
              <option key={movie.id} value={movie.id}>
                {movie.Title}
              </option>
            ))}
          </Select>
        </MovieFilter>
      </Toolbar>

      <PagedTable
        label="Comentarios"
        columns={columns}
        rowKey={(comment) => comment.id}
        state={comments}
        list={list}
        loading="Cargando comentarios…"
        failed="No se pudieron cargar los comentarios."
        empty={movieId ? 'Esta película no tiene comentarios.' : 'Todavía no hay comentarios.'}
      />

      {deleting && (
        <ConfirmDialog
          title="Borrar Comentario"
          confirmLabel="Borrar"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await deleteComment(token, deleting.id);
            setDeleting(null);
            comments.reload();
          }}
        >
          <p>¿ Estás seguro que deseas borrar el comentario ?</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

const MovieFilter = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  font-weight: 600;

  select {
    width: auto;
    max-width: 16rem;
  }
`;

const Text = styled.span`
  display: block;
  min-width: 12rem;
  overflow-wrap: anywhere;
`;
