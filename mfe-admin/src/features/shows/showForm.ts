import { weekdays } from '@cine/contracts';

/** The 'Crear Funciones' messages (spec §5), in the form's order. */
const SHOW_FIELD_MESSAGES = {
  schedule: 'Por favor ingresa un horario inicial *',
  movieId: 'Por favor seleccione una pelicula *',
  roomId: 'Por favor seleccione una sala *',
  day: 'Por favor seleccione un dia *',
  type: 'Por favor seleccione un tipo *',
} as const;

export type ShowFormField = keyof typeof SHOW_FIELD_MESSAGES;
export type ShowFormValues = Record<ShowFormField, string>;
export type ShowFormErrors = Partial<Record<ShowFormField, string>>;

export const emptyShowForm: ShowFormValues = { schedule: '', movieId: '', roomId: '', day: '', type: '' };

/** Spec §9: Lunes to Domingo; booking takes a weekday name as the next such date. */
export const DAYS = [...weekdays.slice(1), weekdays[0]];
export const ROOMS = [1, 2, 3, 4, 5] as const;
export const SHOW_TYPES = ['2D', '3D'] as const;

export function validateShowForm(
  values: ShowFormValues,
  fields: readonly ShowFormField[] = Object.keys(SHOW_FIELD_MESSAGES) as ShowFormField[],
): ShowFormErrors {
  const errors: ShowFormErrors = {};
  for (const field of fields) if (values[field].trim() === '') errors[field] = SHOW_FIELD_MESSAGES[field];
  return errors;
}
