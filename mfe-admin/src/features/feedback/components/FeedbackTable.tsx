import { POST_SORTS } from '@cine/contracts';
import { instantLabel, useAsyncData } from '@cine/web-kit';
import { PagedTable, type Column } from '../../../components/PagedTable';
import { useListParams } from '../../../hooks/useListParams';
import { fetchFeedback, type Feedback } from '../api/feedback';

const columns: Column<Feedback>[] = [
  { label: 'Feedback', cell: (item) => item.Text },
  { label: 'Usuario', cell: (item) => item.user.username },
  { label: 'Id de usuario', cell: (item) => <code>{item.userId}</code> },
  { label: 'Fecha', sort: 'createdAt', cell: (item) => instantLabel(item.createdAt) },
];

/** The users' feedback page by page, newest first: text, username and user id (the panel's 'Feedback' section and the /feedback page). */
export function FeedbackTable({ token }: { token: string }) {
  const list = useListParams(POST_SORTS, '-createdAt', [] as const);
  const feedback = useAsyncData(() => fetchFeedback(token, list.apiQuery), `${token} ${list.apiQuery}`);
  return (
    <PagedTable
      label="Feedback de los usuarios"
      columns={columns}
      rowKey={(item) => item.id}
      state={feedback}
      list={list}
      loading="Cargando feedback…"
      failed="No se pudo cargar el feedback."
      empty="Todavía no hay feedback de los usuarios."
    />
  );
}
