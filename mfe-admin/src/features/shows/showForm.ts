import { missingFieldMessages, SHOW_FORM_MESSAGES, weekdays } from '@cine/contracts';

export type ShowFormField = keyof typeof SHOW_FORM_MESSAGES;
export type ShowFormValues = Record<ShowFormField, string>;
export type ShowFormErrors = Partial<Record<ShowFormField, string>>;

export const emptyShowForm: ShowFormValues = { schedule: '', movieId: '', roomId: '', day: '', type: '' };

/** Spec §9: Lunes to Domingo; booking takes a weekday name as the next such date. */
export const DAYS = [...weekdays.slice(1), weekdays[0]];
export const ROOMS = [1, 2, 3, 4, 5] as const;

export function validateShowForm(values: ShowFormValues, fields?: readonly ShowFormField[]): ShowFormErrors {
  return missingFieldMessages(SHOW_FORM_MESSAGES, values, fields);
}
