/**
 * The back office's form messages for a missing field (spec §5, copied exactly),
 * in each form's order: the admin's forms show them as the user types, and the
 * services answer them when a field arrives missing or blank. (The movie form's
 * rules are in movie-rules.ts.) No TypeBox here: the web apps bundle this module.
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
