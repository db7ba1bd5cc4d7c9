import { useAsyncData } from '@cine/web-kit';
import { AsyncList } from '../../../components/AsyncList';
import { Table, TableCard } from '../../../components/DataTable';
import { fetchFeedback } from '../api/feedback';

/** The users' feedback: text, username and user id (the panel's 'Feedback' section and the /feedback page). */
export function FeedbackTable({ token }: { token: string }) {
  const feedback = useAsyncData(() => fetchFeedback(token), token);
  return (
    <AsyncList
      state={feedback}
      loading="Cargando feedback…"
      failed="No se pudo cargar el feedback."
      empty="Todavía no hay feedback de los usuarios."
    >
      {(items) => (
        <TableCard>
          <Table aria-label="Feedback de los usuarios">
            <thead>
              <tr>
                <th scope="col">Feedback</th>
                <th scope="col">Usuario</th>
                <th scope="col">Id de usuario</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id}>
                  <td>{item.Text}</td>
                  <td>{item.user.username}</td>
                  <td>
                    <code>{item.userId}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableCard>
      )}
    </AsyncList>
  );
}
