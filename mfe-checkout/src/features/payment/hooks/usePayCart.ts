import { PAYMENT_RECEIVED, type CartTicketLine, type OrderView } from '@cine/contracts';
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
  onPaid: (order: OrderView) => void;
}

/** Why the last payment did not go through: a declined card (what to do next is the dialog's) or anything else. */
export interface PaymentFailure {
  declined: boolean;
  /** The server's Spanish reason (for a decline, the provider's reason in Spanish). */
  message: string;
}

/** What pays beside the bank card: a gift card's code (issue 39), Cine Club points and the Cine Pase (issue 41). */
export interface PaymentExtras {
  giftCardCode?: string;
  points?: number;
  usePass?: boolean;
}

/** Pays the cart: a bank card's payment method, the extras, or both (split payment). */
export type PayCart = (paymentMethodId: string | undefined, extras?: PaymentExtras) => Promise<void>;

/**
 * Sends the payment method to POST /movies/checkout. 'Payment received' is a success toast and a
 * decline (402) the rejection toast (spec §4), and the decline is also returned for the dialog to
 * explain next to the card form; any other failure (hold lapsed, server down) is not about the
 * card: its own message is returned.
 */
export function usePayCart({ caller, ticket, notify, onPaid }: PayCartOptions) {
  const [error, setError] = useState<PaymentFailure | null>(null);

  const pay = useCallback<PayCart>(
    async (paymentMethodId, { giftCardCode, points, usePass } = {}) => {
      setError(null);
      try {
        const answer = await payCart(caller, {
          ticket: ticket.seats,
          show: ticket.showId,
          ...(paymentMethodId ? { paymentMethodId } : {}),
          ...(giftCardCode ? { giftCardCode } : {}),
          ...(points ? { points } : {}),
          ...(usePass ? { usePass: true } : {}),
        });
        if (answer?.message === PAYMENT_RECEIVED) {
          notify('success', PAYMENT_SUCCESS_TEXT);
          onPaid(answer.order);
        } else {
          notify('error', CARD_REJECTED_TEXT);
          setError({ declined: true, message: '' });
        }
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 402) {
          notify('error', CARD_REJECTED_TEXT);
          setError({ declined: true, message: failure.message });
        } else setError({ declined: false, message: errorMessage(failure) });
      }
    },
    [caller, ticket.seats, ticket.showId, notify, onPaid],
  );

  return { pay, error };
}
