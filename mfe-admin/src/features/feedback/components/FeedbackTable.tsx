import { useAsyncData } from '@cine/web-kit';
import { EmptyState, LoadError } from '@cine/web-kit/ui';
import { Table, TableCard } from '../../../components/DataTable';
import { fetchFeedback } from '../api/feedback';

/** The users' feedback: text, username and user id (the panel's 'Feedback' section and the /feedback page). */
export function FeedbackTable({ token }: { token: string }) {
  const feedback = useAsyncData(() => fetchFeedback(token), token);
  if (feedback.status === 'loading' || feedback.status === 'idle') return <EmptyState role="status">Cargando feedback…</EmptyState>;
  if (feedback.status === 'error')
    return <LoadError message={`No se pudo cargar el feedback. ${feedback.message}`} onRetry={feedback.reload} />;
  if (feedback.data.length === 0) return <EmptyState>Todavía no hay feedback de los usuarios.</EmptyState>;
  return (
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
          {feedback.data.map((item) => (
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
  );
}
