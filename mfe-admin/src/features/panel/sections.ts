import type { Role } from '@cine/contracts';

/** The admin panel's sections (spec §2), each with the slug the URL keeps it by (`/admin?seccion=usuarios`). */
export const sectionSlugs = {
  Peliculas: 'peliculas',
  'Funciones de peliculas': 'funciones',
  'Ventas de peliculas': 'ventas',
  // Beyond the spec: the order search and each order's page (issue 26), where refunds are made.
  Órdenes: 'ordenes',
  // Beyond the spec (issue 37): ticket types, price cards and surcharges.
  Tarifas: 'tarifas',
  // Issue 38: the chain's cinemas and their rooms.
  Cines: 'cines',
  Candy: 'candy',
  // Issue 39: promo codes (a manager, their cinemas'), and the chain's gift cards.
  Promociones: 'promociones',
  // Issue 40: a premiere's sale behind a fair waiting room (a manager, their cinemas' shows).
  Preventas: 'preventas',
  'Tarjetas regalo': 'tarjetas-regalo',
  // Issue 41: the chain's loyalty programme (its admin's: a manager sees none of it).
  'Cine Club': 'cine-club',
  'Usuarios Registrados': 'usuarios',
  'Administrar comentarios': 'comentarios',
  Feedback: 'feedback',
  // Beyond the spec: the platform's health during a presale (its metrics, read by the gateway).
  Estado: 'estado',
} as const;

export type AdminSection = keyof typeof sectionSlugs;

export const adminSections = Object.keys(sectionSlugs) as AdminSection[];

/**
 * What a cinema's manager sees (issue 38): their cinemas' shows, orders and refunds, sales and rooms. Movies,
 * candy, price cards, users, comments, feedback and the platform's health are the chain's, its admin's.
 */
const managerSections: readonly AdminSection[] = [
  'Funciones de peliculas',
  'Ventas de peliculas',
  'Órdenes',
  'Cines',
  'Promociones',
  'Preventas',
];

/** The sections a cinema selector scopes (each passes the chosen cinema to its API). Price cards are the chain's. */
export const cinemaScopedSections: readonly AdminSection[] = ['Funciones de peliculas', 'Ventas de peliculas', 'Órdenes', 'Cines'];

/** The sections a role sees: all of them an admin, a manager theirs, anyone else none. */
export function sectionsFor(role: Role): readonly AdminSection[] {
  if (role === 'admin') return adminSections;
  if (role === 'manager') return managerSections;
  return [];
}

/** The section a URL's `seccion` names when the role sees it; otherwise the role's first (Peliculas for an admin). */
export function sectionOf(slug: string | null, role: Role = 'admin'): AdminSection {
  const visible = sectionsFor(role);
  return visible.find((section) => sectionSlugs[section] === slug) ?? visible[0] ?? 'Peliculas';
}
