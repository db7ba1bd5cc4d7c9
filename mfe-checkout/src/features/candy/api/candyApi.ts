import type { CandyView, CartView } from '@cine/contracts';
import { api } from '@cine/web-kit';
import type { Caller } from '../../../types';

export const fetchCandy = () => api.get<CandyView[]>('/candy');

/** Sets the candy line to `quantity` (1 to 100); the answer is the whole updated cart. */
export const addCandyToCart = (session: Caller, candyId: string, quantity: number) =>
  api.post<CartView>('/candy/add', { index: candyId, quantity, userId: session.userId }, { token: session.token });

/** Removes the candy line; the answer is the whole updated cart. */
export const removeCandyFromCart = (session: Caller, candyId: string) =>
  api.post<CartView>('/candy/delete', { index: candyId, userId: session.userId }, { token: session.token });
