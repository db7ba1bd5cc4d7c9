import { useState, type ReactNode } from 'react';
import { errorMessage } from '@cine/web-kit';
import { Button, Dialog, DialogActions, DialogBody } from '@cine/web-kit/ui';
import { ErrorMessage } from './FormMessage';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  /** The confirming button's text ('Borrar'). */
  confirmLabel: string;
  /** The confirming button's text while the action runs ('Borrando…'). */
  busyLabel?: string;
  /** Runs the action; a rejection shows the server's message and keeps the dialog open. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** A confirmation of a destructive action: 'Cancelar' or the action; the server's refusal is shown inside. */
export function ConfirmDialog({ title, children, confirmLabel, busyLabel = 'Borrando…', onConfirm, onClose }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };
  return (
    <Dialog title={title} onClose={onClose}>
      <DialogBody>
        {children}
        {error && <ErrorMessage>{error}</ErrorMessage>}
        <DialogActions>
          <Button type="button" $variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="button" $variant="danger" onClick={() => void confirm()} aria-disabled={busy || undefined}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </DialogActions>
      </DialogBody>
    </Dialog>
  );
}
