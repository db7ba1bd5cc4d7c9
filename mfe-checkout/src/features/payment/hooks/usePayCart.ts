import { PAYMENT_RECEIVED, type CartTicketLine } from '@cine/contracts';
import { useCallback, useState } from 'react';
import { ApiError, errorMessage } from '@cine/web-kit';
import type { Caller } from '../../../types';
import { payCart } from '../api/paymentApi';
import { CARD_REJECTED_TEXT, PAYMENT_SUCCESS_TEXT } from '../paymentMessages';

interface PayCartOptions {
  caller: Caller;
  ticket: CartTicketLine;
  notify: (kind: 'success' | 'error', text: string) => void;
  /** The order is paid: the cart is empty on the server now. */
  onPaid: () => void;
}

/**
 * Sends the payment method to POST /movies/checkout. 'Payment received' is a success toast and a
 * decline (402) the rejection toast (spec §4); any other failure (hold lapsed, server down) is not
 * about the card, so its own message is returned for the form to show.
 */
export function usePayCart({ caller, ticket, notify, onPaid }: PayCartOptions) {
  const [error, setError] = useState<string | null>(null);

  const pay = useCallback(
    async (paymentMethodId: string) => {
      setError(null);
      try {
        const answer = await payCart(caller, { ticket: ticket.seats, show: ticket.showId, paymentMethodId });
        if (answer?.message === PAYMENT_RECEIVED) {
          notify('success', PAYMENT_SUCCESS_TEXT);
          onPaid();
        } else {
          notify('error', CARD_REJECTED_TEXT);
        }
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 402) notify('error', CARD_REJECTED_TEXT);
        else setError(errorMessage(failure));
      }
    },
    [caller, ticket.seats, ticket.showId, notify, onPaid],
  );

  return { pay, error };
}
