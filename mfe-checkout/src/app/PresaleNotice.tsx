import { PRESALE_MESSAGES } from '@cine/contracts';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { presaleLinePath, signInUrl } from '@cine/web-kit';
import { Dialog } from '@cine/web-kit/ui';
import { formatRemaining } from '../features/cart/hooks/useHoldCountdown';
import { presaleLabel } from '../features/presale/presaleText';
import type { ShowPresale } from '../features/presale/hooks/useShowPresale';

/**
 * The chosen show is behind a presale's line (issue 40): "Preventa" with its opening, the buyer's place when
 * they have one, and during their turn what is left of it.
 */
export function PresaleNotice({ gate, remaining }: { gate: ShowPresale; remaining: number | null }) {
  const { presale, me } = gate;
  if (!presale) return null;
  return (
    <Box aria-label="Preventa">
      <strong>{presaleLabel(me?.state ?? presale.state, me?.opensAt ?? presale.opensAt)}</strong>
      {gate.admitted && remaining !== null ? (
        <SessionCountdown remaining={remaining} />
      ) : me?.expired ? (
        <p role="status">{PRESALE_MESSAGES.sessionOver}</p>
      ) : me?.joined ? (
        <p>Ya estás en la fila{me.position !== null ? ` (lugar ${me.position})` : ''}. Las entradas se compran cuando llega tu turno.</p>
      ) : (me?.state ?? presale.state) === 'sold_out' ? (
        <p>{PRESALE_MESSAGES.lineClosed}</p>
      ) : (
        <p>Esta función se vende con fila: únete y te avisamos cuando sea tu turno de elegir butacas.</p>
      )}
      {gate.joinError && <Problem role="alert">{gate.joinError}</Problem>}
    </Box>
  );
}

/** What is left of the buyer's turn: choosing seats and paying must fit in it. */
export function SessionCountdown({ remaining }: { remaining: number }) {
  return (
    <Timer role="timer" aria-live="off">
      Es tu turno: te quedan <strong>{formatRemaining(remaining)}</strong> minutos para elegir butacas y pagar.
    </Timer>
  );
}

/** A guest's "Unirme a la fila": sign in (or register) first, then back to the line's page. */
export function PresaleGuestDialog({ presaleId, onClose }: { presaleId: string; onClose: () => void }) {
  const line = presaleLinePath(presaleId);
  return (
    <Dialog title="Inicia sesión para unirte a la fila" onClose={onClose}>
      <Text>
        Cada cuenta tiene un lugar en la fila. <Link to={signInUrl('login', line)}>Inicia sesión</Link> o{' '}
        <Link to={signInUrl('register', line)}>regístrate</Link> y vuelves a la fila de la preventa.
      </Text>
    </Dialog>
  );
}

const Box = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.4rem;
  padding: 0.75rem;
  border-radius: 8px;
  border: 1px solid var(--cine-gold, #f5c518);
  background: rgb(245 197 24 / 0.08);

  strong {
    color: var(--cine-gold, #f5c518);
  }

  p {
    margin: 0;
  }
`;

const Timer = styled.p`
  margin: 0;
  font-weight: 600;
`;

const Problem = styled.p`
  margin: 0;
  color: var(--cine-error, #ff4d4f);
  font-weight: 600;
`;

const Text = styled.p`
  margin: 0;

  a {
    color: var(--cine-gold, #f5c518);
    font-weight: 700;
  }
`;
