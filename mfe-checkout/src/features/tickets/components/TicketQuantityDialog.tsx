import type { ShowPrice, ShowView } from '@cine/contracts';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, Dialog, IconButton } from '@cine/web-kit/ui';
import { formatMoney, type Session } from '@cine/web-kit';
import { pricesOnSale, ticketTypesOf, totalOf, typesSummary, type TypeCounts } from '../ticketTypes';
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
  /** Shown above both steps: the presale turn's countdown (issue 40). */
  notice?: ReactNode;
}

const NO_SEATS: readonly string[] = [];

/**
 * Spec §4: the count starts at 0 and never goes below it; 'Elegir asientos' opens the room's seat map
 * with that many seats chosen (SeatPicker), whose 'Ir al Carrito' holds them. A show selling several
 * ticket types (issue 37) has one counter per type, with its price and description, and the total;
 * a show selling one type looks as it always did.
 */
export function TicketQuantityDialog({
  session,
  show,
  onClose,
  onHeld,
  initialCount = 0,
  ownSeats = NO_SEATS,
  notice,
}: TicketQuantityDialogProps) {
  const prices = useMemo(() => pricesOnSale(show), [show]);
  const [counts, setCounts] = useState<TypeCounts>(() => ({ [(prices[0] as ShowPrice).type]: initialCount }));
  const types = ticketTypesOf(prices, counts);
  const count = types.length;
  const [step, setStep] = useState<'quantity' | 'seats'>('quantity');
  // Back from the map (its Volver is gone): the focus returns to the button that opened it.
  const [cameBack, setCameBack] = useState(false);
  const chooseSeats = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (step === 'quantity' && cameBack) chooseSeats.current?.focus();
  }, [step, cameBack]);
  const change = (type: string, by: number) => setCounts((now) => ({ ...now, [type]: Math.max(0, (now[type] ?? 0) + by) }));

  if (step === 'seats')
    return (
      <Dialog title="Entradas" onClose={onClose} wide>
        {notice}
        <Summary>
          {`${show.cinema.name} · `}
          {show.day} {show.schedule} · Sala {show.roomId} · {show.type} ·{' '}
          {prices.length > 1 ? typesSummary(prices, counts) : count === 1 ? '1 entrada' : `${count} entradas`}
        </Summary>
        <SeatPicker
          session={session}
          show={show}
          types={types}
          ownSeats={ownSeats}
          onBack={() => {
            setCameBack(true);
            setStep('quantity');
          }}
          onHeld={onHeld}
        />
      </Dialog>
    );

  const single = prices.length === 1 ? (prices[0] as ShowPrice) : undefined;
  return (
    <Dialog title="Entradas" onClose={onClose}>
      {notice}
      {single ? (
        <>
          <Summary>
            {`${show.cinema.name} · `}
            {show.day} {show.schedule} · Sala {show.roomId} · {show.type} · {formatMoney(single.price)} c/u
          </Summary>
          <Counter>
            <IconButton type="button" aria-label="Quitar una entrada" aria-disabled={count === 0} onClick={() => change(single.type, -1)}>
              −
            </IconButton>
            <output aria-live="polite" aria-label="Cantidad de entradas">
              {count}
            </output>
            <IconButton type="button" aria-label="Agregar una entrada" onClick={() => change(single.type, 1)}>
              +
            </IconButton>
          </Counter>
        </>
      ) : (
        <>
          <Summary>
            {`${show.cinema.name} · `}
            {show.day} {show.schedule} · Sala {show.roomId} · {show.type}
          </Summary>
          <Types aria-label="Tipos de entrada">
            {prices.map((price) => {
              const typeCount = counts[price.type] ?? 0;
              return (
                <li key={price.type}>
                  <div>
                    <strong>{price.name}</strong> <span className="price">{formatMoney(price.price)}</span>
                    {price.description && <p>{price.description}</p>}
                  </div>
                  <TypeCounter>
                    <IconButton
                      type="button"
                      aria-label={`Quitar una entrada ${price.name}`}
                      aria-disabled={typeCount === 0}
                      onClick={() => change(price.type, -1)}
                    >
                      −
                    </IconButton>
                    <output aria-live="polite" aria-label={`Entradas ${price.name}`}>
                      {typeCount}
                    </output>
                    <IconButton type="button" aria-label={`Agregar una entrada ${price.name}`} onClick={() => change(price.type, 1)}>
                      +
                    </IconButton>
                  </TypeCounter>
                </li>
              );
            })}
          </Types>
          <Total aria-live="polite">
            {count === 1 ? '1 entrada' : `${count} entradas`} · Total: {formatMoney(totalOf(prices, counts))}
          </Total>
        </>
      )}
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

const Types = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  margin: 0 0 1rem;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 1rem;
    padding-bottom: 0.75rem;
    border-bottom: 1px solid var(--cine-border, #2e2e42);
  }

  .price {
    white-space: nowrap;
    color: var(--cine-gold, #f5c518);
    font-weight: 700;
  }

  p {
    margin: 0.2rem 0 0;
    font-size: 0.85rem;
    color: var(--cine-muted, #a6a6bb);
  }
`;

const TypeCounter = styled.div`
  display: flex;
  flex: none;
  align-items: center;
  gap: 0.75rem;

  output {
    min-width: 2ch;
    font-size: 1.4rem;
    font-weight: 700;
    text-align: center;
  }
`;

const Total = styled.p`
  margin: 0;
  font-size: 1.1rem;
  font-weight: 700;
  text-align: right;
`;
