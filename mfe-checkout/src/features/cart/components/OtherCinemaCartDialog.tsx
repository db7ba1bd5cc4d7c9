import { cartOfOtherCinemaMessage, type CartView } from '@cine/contracts';
import { useState } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@cine/web-kit';
import { Button, Dialog, DialogActions, ErrorText } from '@cine/web-kit/ui';

/** The cart's seats are of another cinema than the show chosen: the cinema whose seats the cart holds. */
export function cartCinemaOtherThan(cart: CartView | null, showCinemaId: string | undefined): CartView['cinema'] | null {
  if (!cart || cart.tickets.length === 0 || !cart.cinema || !showCinemaId) return null;
  return cart.cinema.id === showCinemaId ? null : cart.cinema;
}

/**
 * A cart holds one cinema's seats at a time (issue 38): choosing seats at another cinema asks first, in
 * booking's words, whether to empty the cart (its seats go back on sale) and go on, or keep it.
 */
export function OtherCinemaCartDialog({
  cinemaName,
  emptyCart,
  onEmptied,
  onKeep,
}: {
  cinemaName: string;
  /** Gives every seat of the cart back. */
  emptyCart: () => Promise<void>;
  onEmptied: () => void;
  onKeep: () => void;
}) {
  const [state, setState] = useState<{ status: 'asking' | 'emptying' } | { status: 'error'; message: string }>({ status: 'asking' });

  const empty = async () => {
    setState({ status: 'emptying' });
    try {
      await emptyCart();
      onEmptied();
    } catch (error) {
      setState({ status: 'error', message: errorMessage(error) });
    }
  };

  return (
    <Dialog title="Tu carrito es de otro cine" onClose={onKeep}>
      <Text>{cartOfOtherCinemaMessage(cinemaName)}</Text>
      {state.status === 'error' && <ErrorText role="alert">{state.message}</ErrorText>}
      <DialogActions>
        <Button type="button" $variant="secondary" onClick={onKeep}>
          Conservar mi carrito
        </Button>
        <Button type="button" aria-disabled={state.status === 'emptying'} onClick={() => state.status !== 'emptying' && void empty()}>
          {state.status === 'emptying' ? 'Vaciando el carrito...' : 'Vaciar el carrito y seguir'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const Text = styled.p`
  margin: 0 0 1rem;
`;
