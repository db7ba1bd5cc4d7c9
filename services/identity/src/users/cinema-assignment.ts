import { FIRST_CINEMA_ID, type Role } from '@cine/contracts';

/** The roles bound to cinemas (issue 38): their tokens carry `cin`, and every service scopes them to it. */
function worksAtCinemas(role: Role): boolean {
  return role === 'manager' || role === 'staff';
}

/**
 * The cinemas a user works at: none for buyers and admins (an admin sees the whole chain); for managers and
 * staff the stored ones, and staff registered before the chain (nothing stored) work at the first cinema.
 */
export function cinemasOf(user: { role: Role; cinemaIds?: readonly string[] }): string[] | undefined {
  if (!worksAtCinemas(user.role)) return undefined;
  return user.cinemaIds && user.cinemaIds.length > 0 ? [...user.cinemaIds] : [FIRST_CINEMA_ID];
}

export type CinemaAssignment = { outcome: 'assigned'; cinemaIds: string[] | undefined } | { outcome: 'cinemas-required' };

/**
 * The cinemas to store for a user of `role`: those asked for (or, when none are sent, those the user has), each
 * once; none for a role not bound to cinemas. A manager or staff member with no cinema is refused.
 */
export function assignCinemas(role: Role, requested: readonly string[] | undefined, current?: readonly string[]): CinemaAssignment {
  if (!worksAtCinemas(role)) return { outcome: 'assigned', cinemaIds: undefined };
  const cinemaIds = [...new Set(requested ?? current ?? [])];
  return cinemaIds.length > 0 ? { outcome: 'assigned', cinemaIds } : { outcome: 'cinemas-required' };
}

/** True when the user's scope changes: the role, or the set of cinemas (in any order). */
export function scopeChanges(
  before: { role: Role; cinemaIds?: readonly string[] },
  after: { role: Role; cinemaIds?: readonly string[] },
): boolean {
  if (before.role !== after.role) return true;
  const was = new Set(cinemasOf(before) ?? []);
  const is = new Set(cinemasOf(after) ?? []);
  return was.size !== is.size || [...is].some((id) => !was.has(id));
}
