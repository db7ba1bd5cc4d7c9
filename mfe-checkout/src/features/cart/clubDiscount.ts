import type { CartView } from '@cine/contracts';

/** Issue 41: what a Cine Club tier (Oro) takes off the cart's candy lines, in cents (0: nothing). */
export const clubCandyDiscount = (cart: Pick<CartView, 'candy'>): number => cart.candy.reduce((sum, line) => sum + (line.discount ?? 0), 0);
