import type { CartView } from '@cine/contracts';
import { api } from '@cine/web-kit';
import type { Caller } from '../../../types';

/** The user's cart as the server computes it (lines and orderPrice in cents). */
export const fetchCart = (session: Caller) => api.post<CartView>('/cart/userCart', { idUser: session.userId }, { token: session.token });
