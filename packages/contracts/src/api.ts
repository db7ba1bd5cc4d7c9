/** Types of the HTTP API shared by the services and the web apps. */

export type Role = 'user' | 'admin';

/** What every service answers for a 4xx/5xx: `error` is a message a person can read (Spanish). */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
}

export interface UserView {
  id: string;
  username: string;
  email: string;
  role: Role;
}

export interface LoginResponse {
  token: string;
  user: UserView;
}

export interface VerifyRoleResponse {
  role: Role;
  id: string;
}

export interface AccessResponse {
  permitir: boolean;
}

export interface MessageResponse {
  message: string;
}

/** Claims of the platform's bearer token. `sub` is the user id. */
export interface TokenClaims {
  sub: string;
  role: Role;
  /** Credentials version: a password change or deletion invalidates older tokens. */
  ver: number;
}

export const serviceNames = ['identity', 'notification', 'catalog', 'booking', 'candy', 'sales'] as const;
export type ServiceName = (typeof serviceNames)[number];

/** A movie as the catalog API shows it: the spec's field names, plus the release as text and as a date. */
export interface MovieView {
  id: string;
  Title: string;
  /** Image URL. */
  Poster: string;
  Rated: string;
  Plot: string;
  /** Comma-separated genres, e.g. 'Animación, Aventura'. */
  Genre: string;
  Actors: string;
  Director: string;
  /** Minutes. */
  Runtime: number;
  Language: string;
  /** ISO date-time of 00:00 UTC of the release day. */
  Release: string;
  /** '12 Mar 2026' */
  ReleaseText: string;
  /** '2026-03-12', what the editing form's date input takes. */
  ReleaseDate: string;
  /** YouTube embed URL. */
  Trailer: string;
  /** '2D' or '3D'; clients compare it trimmed, as the spec's filter does. */
  Type: string;
}
