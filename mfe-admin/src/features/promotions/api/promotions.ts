import type { PromotionFields, PromotionInput, PromotionView } from '@cine/contracts';
import { api } from '@cine/web-kit';

export type { PromotionFields, PromotionInput, PromotionView };

const promotionPath = (code: string) => `/promotions/${encodeURIComponent(code)}`;

/** Issue 39: every promotion the caller may see (an admin all of them, a manager their cinemas'), with its uses. */
export const fetchPromotions = (token: string) => api.get<PromotionView[]>('/promotions', { token });

/** A new promotion; a code already taken is a 409 (PROMO_MESSAGES.codeTaken). */
export const createPromotion = (token: string, promotion: PromotionInput) => api.post<PromotionView>('/promotions', promotion, { token });

/** Replaces every field of the promotion `code` (404 when there is none). */
export const updatePromotion = (token: string, code: string, fields: PromotionFields) =>
  api.put<PromotionView>(promotionPath(code), fields, { token });
