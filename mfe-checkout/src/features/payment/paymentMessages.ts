/** The spec's result toasts (§4 Payment result). */
export const PAYMENT_SUCCESS_TEXT = 'Pago realizado con éxito';
export const CARD_REJECTED_TEXT = 'Su tarjeta ha sido rechazada. Intente nuevamente';

/**
 * Stripe's test payment methods, which the offline provider honours (platform guide): one
 * approved and one declined card, shown with the card numbers Stripe documents for them.
 */
export const TEST_CARDS = [
  { paymentMethodId: 'pm_card_visa', number: '4242 4242 4242 4242', label: 'Visa de prueba aprobada' },
  { paymentMethodId: 'pm_card_chargeDeclined', number: '4000 0000 0000 0002', label: 'Tarjeta de prueba rechazada' },
] as const;
