import type { ShowCancellationView } from '@cine/contracts';
import { useEffect, useState } from 'react';
import { errorMessage } from '@cine/web-kit';
import { Button, Dialog, DialogActions, DialogBody } from '@cine/web-kit/ui';
import { ErrorMessage } from '../../../components/FormMessage';
import { fetchCancellation } from '../api/shows';

/** How often the dialog reads the job's progress. */
const POLL_MS = 1_000;

/** A show's cancellation under way: its refunds' progress, read from the job until it is done, then its outcome. */
export function CancellationProgress({
  token,
  title,
  started,
  onClose,
}: {
  token: string;
  /** The show, as the dialog names it. */
  title: string;
  /** The cancel request's answer (202). */
  started: ShowCancellationView;
  onClose: () => void;
}) {
  const [job, setJob] = useState(started);
  const [error, setError] = useState<string | null>(null);
  const done = job.state === 'done';

  useEffect(() => {
    if (done) return undefined;
    const timer = setTimeout(() => {
      fetchCancellation(token, job.showId)
        .then((next) => {
          setError(null);
          setJob(next);
        })
        // Read again at the next tick; the job goes on on the server.
        .catch((failure: unknown) => {
          setError(errorMessage(failure));
          setJob((current) => ({ ...current }));
        });
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [token, job, done]);

  return (
    <Dialog title="Cancelación de la función" onClose={onClose}>
      <DialogBody>
        <p>{title}</p>
        <progress max={Math.max(job.total, 1)} value={done && job.total === 0 ? 1 : job.refunded} aria-label="Compras reembolsadas" />
        <p role="status">
          {job.message} Reembolsadas {job.refunded} de {job.total} {job.total === 1 ? 'compra' : 'compras'}.
          {done && job.failed.length > 0 && ` Pendientes: ${job.failed.length}.`}
        </p>
        {error && <ErrorMessage>{error}</ErrorMessage>}
        <DialogActions>
          <Button type="button" $variant={done ? 'primary' : 'secondary'} onClick={onClose}>
            {done ? 'Aceptar' : 'Seguir en segundo plano'}
          </Button>
        </DialogActions>
      </DialogBody>
    </Dialog>
  );
}
