import { CANDY_FORM_MESSAGES, hasControlCharacters, IMAGE_URL_INVALID, isAllowedImageUrl, missingFieldMessages } from '@cine/contracts';

/** The candy form's messages: the spec §5 ones for missing fields (copied exactly), then the value rules. */
export const CandyMessages = {
  ...CANDY_FORM_MESSAGES,
  nameTooLong: 'El nombre no puede tener más de 60 caracteres.',
  nameControlCharacters: 'El nombre no puede tener saltos de línea ni caracteres de control.',
  quantityNotInteger: 'La cantidad debe ser un número entero.',
  quantityNegative: 'La cantidad no puede ser negativa.',
  quantityTooLarge: 'La cantidad no puede ser mayor que 100000.',
  priceNotInteger: 'El precio debe ser un número entero de centavos (1250 son US$ 12.50).',
  priceNotPositive: 'El precio debe ser mayor que 0.',
  priceTooLarge: 'El precio no puede ser mayor que 1000000 (US$ 10000.00).',
  pictureInvalid: IMAGE_URL_INVALID,
} as const;

const MAX_NAME_LENGTH = 60;
const MAX_QUANTITY = 100_000;
/** In cents: US$ 10000.00. */
const MAX_PRICE = 1_000_000;

/** The candy form as sent by the admin panel: text fields, numbers as numbers or digits. */
export interface CandyForm {
  name?: string;
  quantity?: string | number;
  price?: string | number;
  picture?: string;
}

/** A candy item's facts once the form passed every rule; `price` in cents, `quantity` the stock. */
export interface CandyFields {
  name: string;
  price: number;
  picture: string;
  quantity: number;
}

export type CandyRuleResult = { ok: true; candy: CandyFields } | { ok: false; message: string };

/** A whole number from a number or a text of digits (a form's input sends text); undefined otherwise. */
function wholeNumber(value: string | number): number | undefined {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!/^-?\d+$/.test(text)) return undefined;
  const number = Number(text);
  return Number.isSafeInteger(number) ? number : undefined;
}

/** Checks the form field by field in the form's order and answers the first broken rule's message. */
export function checkCandyForm(form: CandyForm): CandyRuleResult {
  const [missing] = Object.values(missingFieldMessages(CANDY_FORM_MESSAGES, form));
  if (missing) return { ok: false, message: missing };

  // One line of text: a line break or a NUL would have been kept, or folded into a space, unseen.
  if (hasControlCharacters(form.name as string)) return { ok: false, message: CandyMessages.nameControlCharacters };
  const name = (form.name as string).trim().replace(/\s+/g, ' ');
  if (name.length > MAX_NAME_LENGTH) return { ok: false, message: CandyMessages.nameTooLong };

  const quantity = wholeNumber(form.quantity as string | number);
  if (quantity === undefined) return { ok: false, message: CandyMessages.quantityNotInteger };
  if (quantity < 0) return { ok: false, message: CandyMessages.quantityNegative };
  if (quantity > MAX_QUANTITY) return { ok: false, message: CandyMessages.quantityTooLarge };

  const price = wholeNumber(form.price as string | number);
  if (price === undefined) return { ok: false, message: CandyMessages.priceNotInteger };
  if (price <= 0) return { ok: false, message: CandyMessages.priceNotPositive };
  if (price > MAX_PRICE) return { ok: false, message: CandyMessages.priceTooLarge };

  const picture = (form.picture as string).trim();
  if (!isAllowedImageUrl(picture)) return { ok: false, message: CandyMessages.pictureInvalid };

  return { ok: true, candy: { name, price, picture, quantity } };
}
