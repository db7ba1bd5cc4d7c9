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
