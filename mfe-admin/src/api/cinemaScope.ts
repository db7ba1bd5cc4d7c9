import { cinemaScopeOf, type CinemaScope, type CinemaView, type Role } from '@cine/contracts';
import { decodeJwt } from 'jose';

/**
 * The cinemas a stored token claims (`cin`), read without verifying it (the browser has no secret): only to
 * choose which cinemas the selector offers. Every call is checked by the services, which answer 403 for another's.
 */
function claimedCinemas(token: string): string[] {
  try {
    const { cin } = decodeJwt(token);
    return Array.isArray(cin) ? cin.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** What a session may look at: an admin every cinema, a manager or staff member the cinemas of their token. */
export function sessionScope(role: Role, token: string): CinemaScope {
  return cinemaScopeOf({ role, cin: role === 'admin' ? undefined : claimedCinemas(token) });
}

/** The cinemas the selector offers: all of them to an admin, their own to a manager or staff member. */
export function selectableCinemas(cinemas: readonly CinemaView[], scope: CinemaScope): CinemaView[] {
  return scope.all ? [...cinemas] : cinemas.filter((cinema) => scope.cinemaIds.includes(cinema.id));
}

/**
 * The cinema the sections are scoped to: the one the URL names (by slug) when the session may see it; otherwise
 * '' ("Todos los cines") for an admin, and a manager's or staff member's first cinema (they never see the chain's whole).
 */
export function chosenCinemaId(selectable: readonly CinemaView[], scope: CinemaScope, slug: string | null): string {
  const named = selectable.find((cinema) => cinema.slug === slug);
  if (named) return named.id;
  return scope.all ? '' : (selectable[0]?.id ?? '');
}

/** `cinemaId=<id>` to add to a query, or nothing when every cinema is chosen. */
export function cinemaParams(cinemaId: string): Record<string, string> {
  return cinemaId ? { cinemaId } : {};
}

/** A path with `?cinemaId=` (or `&cinemaId=`) added when one cinema is chosen. */
export function withCinema(path: string, cinemaId: string): string {
  if (!cinemaId) return path;
  return `${path}${path.includes('?') ? '&' : '?'}cinemaId=${encodeURIComponent(cinemaId)}`;
}
