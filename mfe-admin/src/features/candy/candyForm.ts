import { CANDY_FORM_MESSAGES, missingFieldMessages } from '@cine/contracts';
import type { CandyInput, CandyItem } from './api/candy';

type CandyFormField = keyof typeof CANDY_FORM_MESSAGES;
/** As typed: the price in the cinema's currency with two decimals ('12.50'). */
export type CandyFormValues = Record<CandyFormField, string>;
export type CandyFormErrors = Partial<Record<CandyFormField, string>>;

export const emptyCandyForm: CandyFormValues = { name: '', quantity: '', price: '', picture: '' };

export function candyFormFromItem(item: CandyItem): CandyFormValues {
  return { name: item.name, quantity: String(item.quantity), price: (item.price / 100).toFixed(2), picture: item.picture };
}

export function validateCandyForm(values: CandyFormValues): CandyFormErrors {
  return missingFieldMessages(CANDY_FORM_MESSAGES, values);
}

/** The body the service takes: the price in cents (12.50 → 1250); the service checks the numbers. */
export function toCandyInput(values: CandyFormValues): CandyInput {
  const dollars = Number(values.price.trim().replace(',', '.'));
  return {
    name: values.name.trim(),
    quantity: values.quantity.trim(),
    price: Number.isFinite(dollars) ? Math.round(dollars * 100) : values.price.trim(),
    picture: values.picture,
  };
}
