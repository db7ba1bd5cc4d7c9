/** The admin panel's sections (spec §2), each with the slug the URL keeps it by (`/admin?seccion=usuarios`). */
export const sectionSlugs = {
  Peliculas: 'peliculas',
  'Funciones de peliculas': 'funciones',
  'Ventas de peliculas': 'ventas',
  // Beyond the spec: the order search and each order's page (issue 26), where refunds are made.
  Órdenes: 'ordenes',
  // Beyond the spec (issue 37): ticket types, price cards and surcharges.
  Tarifas: 'tarifas',
  Candy: 'candy',
  'Usuarios Registrados': 'usuarios',
  'Administrar comentarios': 'comentarios',
  Feedback: 'feedback',
  // Beyond the spec: the platform's health during a presale (its metrics, read by the gateway).
  Estado: 'estado',
} as const;

export type AdminSection = keyof typeof sectionSlugs;

export const adminSections = Object.keys(sectionSlugs) as AdminSection[];

/** The section a URL's `seccion` names; Peliculas when it names none. */
export function sectionOf(slug: string | null): AdminSection {
  return adminSections.find((section) => sectionSlugs[section] === slug) ?? 'Peliculas';
}
