/**
 * The back office's form messages for a missing field (spec §5, copied exactly),
 * in each form's order: the admin's forms show them as the user types, and the
 * services answer them when a field arrives missing or blank; `missingFieldMessages`
 * is the one rule both apply. (The movie form's rules are in movie-rules.ts.)
 * No TypeBox here: the web apps bundle this module.
 */

/** 'Crear Funciones' (booking's POST /show). */
export const SHOW_FORM_MESSAGES = {
  schedule: 'Por favor ingresa un horario inicial *',
  movieId: 'Por favor seleccione una pelicula *',
  roomId: 'Por favor seleccione una sala *',
  day: 'Por favor seleccione un dia *',
  type: 'Por favor seleccione un tipo *',
} as const;

/** Candy's 'Agregar nuevo' (candy's POST /candy). */
export const CANDY_FORM_MESSAGES = {
  name: 'Por favor ingresa un nombre *',
  quantity: 'Por favor ingresa la cantidad *',
  price: 'Por favor ingresa un precio *',
  picture: 'Por favor ingresa una imagen *',
} as const;

/** Absent, or text of blanks only: what counts as a field left empty. */
function isBlank(value: unknown): boolean {
  return value === undefined || (typeof value === 'string' && value.trim() === '');
}

/**
 * The message of each required field left empty, in the order of `fields` (every field of
 * `messages` unless given: the user edit form has no password). A form shows each beside its
 * field; a service answers the first.
 */
export function missingFieldMessages<Field extends string>(
  messages: Readonly<Record<Field, string>>,
  values: NoInfer<Partial<Record<Field, unknown>>>,
  fields: readonly NoInfer<Field>[] = Object.keys(messages) as Field[],
): Partial<Record<Field, string>> {
  const missing: Partial<Record<Field, string>> = {};
  for (const field of fields) if (isBlank(values[field])) missing[field] = messages[field];
  return missing;
}

/** '3 órdenes pagadas, 7 entradas' (the counts of a SoldTicketsConflict, as the back office names them too). */
export function soldTicketsText(orders: number, tickets: number): string {
  return `${orders === 1 ? '1 orden pagada' : `${orders} órdenes pagadas`}, ${tickets === 1 ? '1 entrada' : `${tickets} entradas`}`;
}

/** Most shows one bulk scheduling may plan (POST /show/bulk). */
export const MAX_BULK_SHOWS = 500;
