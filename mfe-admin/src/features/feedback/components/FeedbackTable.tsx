import { POST_SORTS } from '@cine/contracts';
import { instantLabel, useAsyncData } from '@cine/web-kit';
import { PagedTable, type Column } from '../../../components/PagedTable';
import { useListParams } from '../../../hooks/useListParams';
import { fetchFeedback } from '../api/feedback';

const columns: Column[] = [{ label: 'Feedback' }, { label: 'Usuario' }, { label: 'Id de usuario' }, { label: 'Fecha', sort: 'createdAt' }];

/** The users' feedback page by page, newest first: text, username and user id (the panel's 'Feedback' section and the /feedback page). */
export function FeedbackTable({ token }: { token: string }) {
  const list = useListParams(POST_SORTS, '-createdAt', [] as const);
  const feedback = useAsyncData(() => fetchFeedback(token, list.apiQuery), `${token} ${list.apiQuery}`);
  return (
    <PagedTable
      label="Feedback de los usuarios"
      columns={columns}
      state={feedback}
      list={list}
      loading="Cargando feedback…"
      failed="No se pudo cargar el feedback."
      empty="Todavía no hay feedback de los usuarios."
    >
      {(item) => (
        <tr key={item.id}>
          <td>{item.Text}</td>
          <td>{item.user.username}</td>
          <td>
            <code>{item.userId}</code>
          </td>
          <td>{instantLabel(item.createdAt)}</td>
        </tr>
      )}
    </PagedTable>
  );
}
