import type { PromotionInput, PromotionView } from '@cine/contracts';
import { adminHeaders, type BookingUnderTest } from './checkout-helpers';

let codes = 0;
/** A new code each call, so the tests of one run never share one. */
export function newCode(prefix = 'PROMO'): string {
  codes += 1;
  return `${prefix}-${codes}-${Date.now().toString(36)}`.toUpperCase();
}

/** A promotion's fields: 20 % off everything, no limits, active, under a new code (`fields` change any of them). */
export function promotionInput(fields: Partial<PromotionInput> = {}): PromotionInput {
  return { code: newCode(), name: 'Martes 2x1', kind: 'percent', value: 20, appliesTo: {}, limits: {}, active: true, ...fields };
}

/** `POST /promotions` of `promotionInput(fields)`, as the admin unless `headers` say otherwise. */
export function createPromotion(booking: BookingUnderTest, fields: Partial<PromotionInput> = {}, headers = adminHeaders(booking.app)) {
  return booking.app.inject({ method: 'POST', url: '/promotions', headers, payload: promotionInput(fields) });
}

/** The promotion created by the admin (201). */
export async function createdPromotion(booking: BookingUnderTest, fields: Partial<PromotionInput> = {}): Promise<PromotionView> {
  const response = await createPromotion(booking, fields);
  expect(response.statusCode).toBe(201);
  return response.json<PromotionView>();
}

/** `POST /cart/promo`: the buyer types the code in the cart. */
export function applyCode(booking: BookingUnderTest, user: { headers: Record<string, string> }, code: string) {
  return booking.app.inject({ method: 'POST', url: '/cart/promo', headers: user.headers, payload: { code } });
}
