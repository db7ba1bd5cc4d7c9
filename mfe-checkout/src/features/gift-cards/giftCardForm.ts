import type { GiftCardPurchaseRequest } from '@cine/contracts';

/** The gift card form as typed: the amount in the cinema's currency ('5000' or '2500,50'). */
export interface GiftCardFormValues {
  amount: string;
  recipientEmail: string;
  recipientName: string;
  message: string;
}

export type GiftCardFormErrors = Partial<Record<keyof GiftCardFormValues, string>>;

export const emptyGiftCardForm: GiftCardFormValues = { amount: '', recipientEmail: '', recipientName: '', message: '' };

export const GIFT_CARD_FORM_MESSAGES = {
  amountMissing: 'Escribe el monto de la tarjeta regalo.',
  amountInvalid: 'Escribe un monto válido, por ejemplo 5000 o 2500,50.',
  emailMissing: 'Escribe el correo de quien la recibe.',
  emailInvalid: 'Escribe un correo válido, por ejemplo nombre@correo.com.',
  messageTooLong: 'El mensaje puede tener hasta 300 caracteres.',
  nameTooLong: 'El nombre puede tener hasta 80 caracteres.',
} as const;

const AMOUNT = /^\d{1,7}([.,]\d{1,2})?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The amount typed in cents ('2500,50' → 250050), or null when it is not an amount. */
function amountInCents(typed: string): number | null {
  const text = typed.trim();
  if (!AMOUNT.test(text)) return null;
  return Math.round(Number(text.replace(',', '.')) * 100);
}

/** What the form refuses before asking the server (which checks the bounds: GIFT_CARD_MIN_CENTS / MAX). */
export function validateGiftCardForm(values: GiftCardFormValues): GiftCardFormErrors {
  const errors: GiftCardFormErrors = {};
  if (!values.amount.trim()) errors.amount = GIFT_CARD_FORM_MESSAGES.amountMissing;
  else if (!amountInCents(values.amount)) errors.amount = GIFT_CARD_FORM_MESSAGES.amountInvalid;
  if (!values.recipientEmail.trim()) errors.recipientEmail = GIFT_CARD_FORM_MESSAGES.emailMissing;
  else if (!EMAIL.test(values.recipientEmail.trim())) errors.recipientEmail = GIFT_CARD_FORM_MESSAGES.emailInvalid;
  if (values.recipientName.trim().length > 80) errors.recipientName = GIFT_CARD_FORM_MESSAGES.nameTooLong;
  if (values.message.trim().length > 300) errors.message = GIFT_CARD_FORM_MESSAGES.messageTooLong;
  return errors;
}

/** The body of POST /gift-cards: the optional fields only when written. */
export function toPurchaseRequest(values: GiftCardFormValues, paymentMethodId: string): GiftCardPurchaseRequest {
  const name = values.recipientName.trim();
  const message = values.message.trim();
  return {
    amount: amountInCents(values.amount) ?? 0,
    recipientEmail: values.recipientEmail.trim(),
    ...(name ? { recipientName: name } : {}),
    ...(message ? { message } : {}),
    paymentMethodId,
  };
}
