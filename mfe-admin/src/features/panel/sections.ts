/** The admin panel's sections (spec §2), chosen by local selection rather than by route (an order's page has its URL: ORDER_PARAM). */
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

/** `/admin?orden=<id>` opens that order's page in 'Órdenes' (a link from Ventas, or shared). */
export const ORDER_PARAM = 'orden';
