/** The admin panel's sections (spec §2), chosen by local selection rather than by route. */
export const adminSections = [
  'Peliculas',
  'Funciones de peliculas',
  'Ventas de peliculas',
  'Candy',
  'Usuarios Registrados',
  'Administrar comentarios',
  'Feedback',
  // Beyond the spec: the platform's health during a presale (its metrics, read by the gateway).
  'Estado',
] as const;

export type AdminSection = (typeof adminSections)[number];
