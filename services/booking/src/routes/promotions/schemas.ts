import { Type } from '@sinclair/typebox';
import { PromoCode, PromotionFields, PromotionInput, PromotionView } from '@cine/contracts';
import { bearerAuth, BODY_ERRORS, errors } from '@cine/service-kit';

const tags = ['promotions'];

const CodeParams = Type.Object({ code: PromoCode }, { additionalProperties: false });

export const listPromotions = {
  tags,
  security: bearerAuth,
  summary: 'The promo codes, newest first, with their uses (admin: every one; a manager: those of their cinemas only)',
  response: { 200: Type.Array(PromotionView), ...errors(401, 403) },
};

export const createPromotion = {
  tags,
  security: bearerAuth,
  summary:
    'Add a promo code (admin; a manager only for their cinemas: `appliesTo.cinemaIds` set and all theirs, 403 otherwise). ' +
    'Codes are case-insensitive [A-Z0-9-]{4,32}; refused: a percent outside 1–100, dates or times reversed (400), a code taken (409)',
  body: PromotionInput,
  response: { 201: PromotionView, ...errors(...BODY_ERRORS, 401, 403, 409) },
};

export const updatePromotion = {
  tags,
  security: bearerAuth,
  summary:
    "Replace a promo code's fields (admin; a manager only one of their cinemas, with their cinemas); its uses stay. Unknown code 404",
  params: CodeParams,
  body: PromotionFields,
  response: { 200: PromotionView, ...errors(...BODY_ERRORS, 401, 403, 404) },
};
