import type { CartPromoRequest, CartView } from '@cine/contracts';
import { api } from '@cine/web-kit';
import type { Caller } from '../../../types';

/** The user's cart as the server computes it (lines and orderPrice in cents). */
export const fetchCart = (session: Caller) => api.post<CartView>('/cart/userCart', { idUser: session.userId }, { token: session.token });

/**
 * Issue 39: applies a promo code to the caller's cart (one code a cart: a new one replaces it). The answer is the
 * cart with `promo` and each discounted line's `discount`; a refusal is a 400 (format), 404 (unknown) or 409
 * (expired, not for this show, used up…) with the Spanish reason.
 */
export const applyPromoCode = (session: Caller, code: string) =>
  api.post<CartView>('/cart/promo', { code } satisfies CartPromoRequest, { token: session.token });

/** Issue 39: takes the cart's promo code off; the answer is the cart without it. */
export const removePromoCode = (session: Caller) => api.delete<CartView>('/cart/promo', undefined, { token: session.token });
