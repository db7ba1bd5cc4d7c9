import type { CartView } from '@cine/contracts';
import { api } from '../../../lib/api';
import type { Caller } from '../../../types';

/** The user's cart as the server computes it (lines and orderPrice in cents). */
export const fetchCart = (session: Caller) => api.post<CartView>('/cart/userCart', { idUser: session.userId }, session.token);
