import type { ShowView } from '@cine/contracts';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, Dialog, IconButton } from '@cine/web-kit/ui';
import { formatMoney, type Session } from '@cine/web-kit';
import { SeatPicker } from './SeatPicker';

interface TicketQuantityDialogProps {
  session: Session;
  show: ShowView;
  onClose: () => void;
  /** The seats are held and in the cart. */
  onHeld: () => void;
  /** The count the dialog opens with: 0 (spec §4), or the buyer's choice before signing in. */
  initialCount?: number;
  /** Seats of this show the buyer holds already. */
  ownSeats?: readonly string[];
}

const NO_SEATS: readonly string[] = [];

/**
 * Spec §4: the count starts at 0 and never goes below it; 'Elegir asientos' opens the room's seat map
 * with that many seats chosen (SeatPicker), whose 'Ir al Carrito' holds them.
 */
export function TicketQuantityDialog({ session, show, onClose, onHeld, initialCount = 0, ownSeats = NO_SEATS }: TicketQuantityDialogProps) {
  const [count, setCount] = useState(initialCount);
  const [step, setStep] = useState<'quantity' | 'seats'>('quantity');
  // Back from the map (its Volver is gone): the focus returns to the button that opened it.
  const [cameBack, setCameBack] = useState(false);
  const chooseSeats = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (step === 'quantity' && cameBack) chooseSeats.current?.focus();
  }, [step, cameBack]);

  if (step === 'seats')
    return (
      <Dialog title="Entradas" onClose={onClose} wide>
        <Summary>
          {show.day} {show.schedule} · Sala {show.roomId} · {show.type} · {count === 1 ? '1 entrada' : `${count} entradas`}
        </Summary>
        <SeatPicker
          session={session}
          show={show}
          count={count}
          ownSeats={ownSeats}
          onBack={() => {
            setCameBack(true);
            setStep('quantity');
          }}
          onHeld={onHeld}
        />
      </Dialog>
    );

  return (
    <Dialog title="Entradas" onClose={onClose}>
      <Summary>
        {show.day} {show.schedule} · Sala {show.roomId} · {show.type} · {formatMoney(show.price)} c/u
      </Summary>
      <Counter>
        <IconButton
          type="button"
          aria-label="Quitar una entrada"
          aria-disabled={count === 0}
          onClick={() => setCount((n) => Math.max(0, n - 1))}
        >
          −
        </IconButton>
        <output aria-live="polite" aria-label="Cantidad de entradas">
          {count}
        </output>
        <IconButton type="button" aria-label="Agregar una entrada" onClick={() => setCount((n) => n + 1)}>
          +
        </IconButton>
      </Counter>
      <Footer>
        <Button ref={chooseSeats} type="button" aria-disabled={count === 0} onClick={() => count > 0 && setStep('seats')}>
          Elegir asientos
        </Button>
      </Footer>
    </Dialog>
  );
}

const Summary = styled.p`
  margin: 0 0 1rem;
  color: var(--cine-muted, #a6a6bb);
`;

const Counter = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 1.5rem;
  margin: 1rem 0 1.5rem;

  output {
    min-width: 3ch;
    font-size: 2rem;
    font-weight: 700;
    text-align: center;
  }
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: 1rem;
`;
