import type { CheckoutRequest, CheckoutResponse } from '@cine/contracts';
import { admissionOf, api } from '@cine/web-kit';
import type { Caller } from '../../../types';

/**
 * Pays the cart: the server computes the amount from the cart; `ticket` and `show` say what the
 * client believes it pays. A declined card answers 402 with the provider's reason.
 */
export const payCart = (session: Caller, order: Omit<CheckoutRequest, 'idUser'>) =>
  api.post<CheckoutResponse>(
    '/movies/checkout',
    { ...order, idUser: session.userId, ...admissionOf(order.show) },
    { token: session.token },
  );
