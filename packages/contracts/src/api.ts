/**
 * The HTTP API's constants and the types that have no schema. Browser-safe: the web apps
 * import values from here; the TypeBox schemas of requests and answers are in views.ts.
 */
/** The platform's roles (views.ts builds the `Role` schema from them). */
export const ROLES = ['user', 'staff', 'manager', 'admin'] as const;
type Role = (typeof ROLES)[number];

/** Claims of the platform's bearer token. `sub` is the user id. */
export interface TokenClaims {
  sub: string;
  role: Role;
  /** Credentials version: a password change or deletion invalidates older tokens. */
  ver: number;
  /** Session id, one per sign-in: "Cerrar sesión" revokes that session's token alone (user.signed-out). */
  sid?: string;
  /**
   * The cinemas a manager or door staff member works at (cinemas.ts `cinemaScopeOf`); absent for buyers and
   * admins. Signed with the rest, so a client cannot widen it; identity raises the credentials version when
   * an admin changes it, so a token with the old cinemas stops working.
   */
  cin?: string[];
}

/** How the web apps name each role (Usuarios, the user menu). */
export const roleLabels: { readonly [R in Role]: string } = {
  user: 'Usuario',
  staff: 'Personal',
  manager: 'Gerente',
  admin: 'Administrador',
};

export const serviceNames = ['identity', 'notification', 'catalog', 'booking', 'candy', 'sales'] as const;
export type ServiceName = (typeof serviceNames)[number];

/** A password being set (register, change, recovery): the identity service refuses others, the shell's forms say so first. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The cinema's own calendar and clock: what "today" is, when a show starts. */
export const CINEMA_TIME_ZONE = 'America/Argentina/Buenos_Aires';

/** Spanish weekdays as the spec writes them (note 'Sabado' without accent). */
export const weekdays = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sabado'] as const;

/** Show formats (a movie's Type is one of them), as the spec's type selectors offer them; views.ts's ShowType is their schema. */
export const SHOW_TYPES = ['2D', '3D'] as const;

/** What the checkout UI compares against to show the success toast. */
export const PAYMENT_RECEIVED = 'Payment received';

/** Spanish month abbreviations, as the sales reports, charts and tables show them (spec §9: Ene to Ago). */
export const salesMonthNames = ['Ene', 'Feb', 'Mar', 'Abr', 'May', 'Jun', 'Jul', 'Ago', 'Sep', 'Oct', 'Nov', 'Dic'] as const;

/** Ticket codes: 8 characters without look-alikes (no 0/O, 1/I/L), so a code read aloud or typed is not mistaken. */
export const TICKET_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const TICKET_CODE_LENGTH = 8;

/**
 * Claims of a ticket's signed token (the QR's content): a compact JWS, alg EdDSA, header `kid`, verified
 * with GET /tickets/keys. Short on purpose, so the QR stays small.
 */
export interface TicketTokenClaims {
  /** The ticket code. */
  jti: string;
  /** The show id. */
  sid: string;
  /** The seat label. */
  seat: string;
  /** Seconds since the epoch: the show's end plus a margin. */
  exp: number;
}

/**
 * POST /checkin's results: 200 admitted, 400 invalid, 409 the others (`too_early`: the show's door is not open yet;
 * `wrong_cinema`: a ticket of another cinema of the chain, named in the message).
 */
export const CHECKIN_RESULTS = [
  'admitted',
  'already_used',
  'wrong_show',
  'wrong_cinema',
  'refunded',
  'show_over',
  'too_early',
  'invalid',
] as const;
