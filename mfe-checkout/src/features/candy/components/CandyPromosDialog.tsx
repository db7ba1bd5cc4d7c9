import type { CandyView, CartView } from '@cine/contracts';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button, Dialog, ErrorText, LoadError, NumberInput } from '@cine/web-kit/ui';
import { formatMoney, useAsyncData } from '@cine/web-kit';
import { errorMessage } from '@cine/web-kit';
import type { Caller } from '../../../types';
import { addCandyToCart, fetchCandy, removeCandyFromCart } from '../api/candyApi';
import { CandyPicture } from './CandyPicture';

/** Spec §9: a candy line holds 1 to 100 units. */
const MIN_CANDY_QUANTITY = 1;
const MAX_CANDY_QUANTITY = 100;

interface CandyPromosDialogProps {
  caller: Caller;
  cart: CartView;
  /** Every add and delete answers the whole cart; the panel shows it as it is. */
  onCartChange: (cart: CartView) => void;
  onClose: () => void;
}

/** The 'Dulceria' modal: each candy can be added to the order (or taken out of it). */
export function CandyPromosDialog({ caller, cart, onCartChange, onClose }: CandyPromosDialogProps) {
  const candy = useAsyncData(fetchCandy, 'candy');

  return (
    <Dialog title="¡Disfruta de tu funcion con estas promos!" onClose={onClose} wide>
      {candy.status === 'loading' && <Muted role="status">Cargando promos...</Muted>}
      {candy.status === 'error' && <LoadError message={candy.message} onRetry={candy.reload} />}
      {candy.status === 'ready' && candy.data.length === 0 && <Muted>No hay promos disponibles ahora.</Muted>}
      {candy.status === 'ready' && candy.data.length > 0 && (
        <List>
          {candy.data.map((item) => (
            <CandyPromo
              key={item.id}
              item={item}
              caller={caller}
              inCart={cart.candy.find((line) => line.id === item.id)?.quantity ?? 0}
              onCartChange={onCartChange}
            />
          ))}
        </List>
      )}
      <OrderTotal role="status">Total del pedido: {formatMoney(cart.orderPrice)}</OrderTotal>
    </Dialog>
  );
}

interface CandyPromoProps {
  item: CandyView;
  caller: Caller;
  inCart: number;
  onCartChange: (cart: CartView) => void;
}

function CandyPromo({ item, caller, inCart, onCartChange }: CandyPromoProps) {
  const inputId = useId();
  const [quantity, setQuantity] = useState(String(inCart || MIN_CANDY_QUANTITY));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async (change: () => Promise<CartView>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      onCartChange(await change());
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const add = () => {
    const units = Number(quantity);
    if (!Number.isInteger(units) || units < MIN_CANDY_QUANTITY || units > MAX_CANDY_QUANTITY) {
      setError(`La cantidad debe estar entre ${MIN_CANDY_QUANTITY} y ${MAX_CANDY_QUANTITY}.`);
      return;
    }
    void send(() => addCandyToCart(caller, item.id, units));
  };

  return (
    <Item aria-label={item.name}>
      <CandyPicture name={item.name} src={item.picture} />
      <div className="facts">
        <h3>{item.name}</h3>
        <p>Price: {formatMoney(item.price)}</p>
        {inCart > 0 && <p className="in-cart">En tu pedido: {inCart}</p>}
      </div>
      <div className="controls">
        <label htmlFor={inputId}>Cantidad</label>
        <NumberInput
          id={inputId}
          min={MIN_CANDY_QUANTITY}
          max={MAX_CANDY_QUANTITY}
          step={1}
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
        />
        <Button type="button" aria-disabled={busy} onClick={add}>
          Agregar
        </Button>
        <Button
          type="button"
          $variant="danger"
          aria-disabled={busy || inCart === 0}
          onClick={() => inCart > 0 && void send(() => removeCandyFromCart(caller, item.id))}
        >
          Eliminar
        </Button>
      </div>
      {error && (
        <ErrorText role="alert" className="error">
          {error}
        </ErrorText>
      )}
    </Item>
  );
}

const Muted = styled.p`
  color: var(--cine-muted, #a6a6bb);
`;

const List = styled.ul`
  display: grid;
  gap: 1rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: grid;
  grid-template-columns: 7rem 1fr auto;
  align-items: center;
  gap: 0.5rem 1rem;
  padding: 0.75rem;
  border-radius: 12px;
  border: 1px solid var(--cine-border, #2e2e42);
  background: var(--cine-surface-2, #20202f);

  h3 {
    margin: 0;
    font-size: 1rem;
  }

  p {
    margin: 0.2rem 0 0;
  }

  .in-cart {
    color: var(--cine-gold, #f5c518);
    font-weight: 600;
  }

  .controls {
    display: grid;
    grid-template-columns: 5.5rem auto auto;
    align-items: center;
    gap: 0.5rem;

    label {
      grid-column: 1 / -1;
      font-size: 0.85rem;
      color: var(--cine-muted, #a6a6bb);
    }
  }

  .error {
    grid-column: 1 / -1;
  }

  @media (max-width: 600px) {
    grid-template-columns: 5rem 1fr;

    .controls {
      grid-column: 1 / -1;
      grid-template-columns: 1fr auto auto;
    }
  }
`;

const OrderTotal = styled.p`
  margin: 1.25rem 0 0;
  font-size: 1.1rem;
  font-weight: 700;
  text-align: right;
`;
