/**
 * What the buyer reads when a card is declined, by the provider's error code.
 * The provider's own message (English, and for an unknown payment method an
 * echo of the input) stays in the order for the records; the API answers this
 * Spanish text and the code apart, in `code`.
 */
const MESSAGES: Readonly<Record<string, string>> = {
  card_declined: 'Tu tarjeta fue rechazada. Prueba con otra tarjeta.',
  expired_card: 'Tu tarjeta está vencida. Prueba con otra tarjeta.',
  incorrect_cvc: 'El código de seguridad de la tarjeta es incorrecto.',
  processing_error: 'Hubo un error al procesar tu tarjeta. Intenta de nuevo en unos minutos.',
  resource_missing: 'No reconocemos ese medio de pago. Prueba con otra tarjeta.',
  requires_action: 'Tu tarjeta requiere una autenticación que este pago no admite. Prueba con otra tarjeta.',
};

const OTHERWISE = 'No se pudo completar el pago con esta tarjeta. Prueba con otra tarjeta.';

export function declineMessage(code: string): string {
  return Object.hasOwn(MESSAGES, code) ? (MESSAGES[code] as string) : OTHERWISE;
}

/** Provider codes are short identifiers; anything else is not passed on. */
export function publicDeclineCode(code: string): string {
  return /^[a-z_]{1,40}$/.test(code) ? code : 'card_declined';
}
