/** The admin panel's sections (spec §2), chosen by local selection rather than by route (an order's page has its URL: components/OrderLink). */
export const adminSections = [
  'Peliculas',
  'Funciones de peliculas',
  'Ventas de peliculas',
  // Beyond the spec: the order search and each order's page (issue 26), where refunds are made.
  'Órdenes',
  'Candy',
  'Usuarios Registrados',
  'Administrar comentarios',
  'Feedback',
  // Beyond the spec: the platform's health during a presale (its metrics, read by the gateway).
  'Estado',
] as const;

export type AdminSection = (typeof adminSections)[number];
