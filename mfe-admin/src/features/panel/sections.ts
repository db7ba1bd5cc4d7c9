/** The admin panel's sections (spec §2), chosen by local selection rather than by route. */
export const adminSections = [
  'Peliculas',
  'Funciones de peliculas',
  'Ventas de peliculas',
  'Candy',
  'Usuarios Registrados',
  'Administrar comentarios',
  'Feedback',
] as const;

export type AdminSection = (typeof adminSections)[number];
