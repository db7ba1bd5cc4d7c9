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

/** The cinema's own calendar and clock: what "today" is, when a show starts. */
export const CINEMA_TIME_ZONE = 'America/Argentina/Buenos_Aires';

/** Show formats, as the spec's type selector offers them. */
export type ShowType = '2D' | '3D';

/** Spanish weekdays as the spec writes them (note 'Sabado' without accent). */
export const weekdays = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sabado'] as const;
export type Weekday = (typeof weekdays)[number];

/** A show (función) as the booking API answers it: the spec's fields plus its concrete date and price. */
export interface ShowView {
  id: string;
  /** Start time 'HH:MM' (cinema's local time). */
  schedule: string;
  /** The Spanish weekday of `date`. */
  day: Weekday;
  /** 'yyyy-mm-dd' (cinema's local date). */
  date: string;
  /** Start as an ISO instant. */
  startsAt: string;
  movieId: string;
  /** 1 to 5. */
  roomId: number;
  type: ShowType;
  /** Ticket price in cents. */
  price: number;
  /** Seats still available (neither sold nor held). */
  seats: number;
  /** All seats of the room. */
  capacity: number;
  movie: { Title: string };
}

/** A candy item: `price` in cents (two implied decimals), `quantity` the stock. */
export interface CandyView {
  id: string;
  name: string;
  price: number;
  picture: string;
  quantity: number;
}

/** Seats a user holds for one show, as a cart line. Amounts in cents. */
export interface CartTicketLine {
  showId: string;
  /** Number of seats held. */
  seats: number;
  /** e.g. ['F7', 'F8']. */
  seatLabels: string[];
  unitPrice: number;
  totalPrice: number;
  movieId: string;
  title: string;
  date: string;
  day: Weekday;
  schedule: string;
  roomId: number;
  type: ShowType;
  /** ISO instant when the hold lapses and the seats return to sale. */
  heldUntil: string;
}

export interface CartCandyLine {
  /** The candy item's id. */
  id: string;
  name: string;
  picture: string;
  quantity: number;
  unitPrice: number;
  totalPrice: number;
}

/** POST /cart/userCart: the server-computed cart; `orderPrice` = every ticket line + every candy line, in cents. */
export interface CartView {
  tickets: CartTicketLine[];
  candy: CartCandyLine[];
  orderPrice: number;
}

/** A paid order, as the ticket history (POST /cart/tickets) lists it. Amounts in cents. */
export interface OrderView {
  id: string;
  movieId: string;
  title: string;
  showId: string;
  date: string;
  day: Weekday;
  schedule: string;
  roomId: number;
  type: ShowType;
  seats: number;
  seatLabels: string[];
  ticketTotal: number;
  candy: CartCandyLine[];
  total: number;
  paidAt: string;
}

/** What the checkout UI compares against to show the success toast. */
export const PAYMENT_RECEIVED = 'Payment received';

/** POST /movies/checkout body. `ticket` is the seat count and `show` the show id the client believes it pays. */
export interface CheckoutRequest {
  ticket: number;
  show: string;
  idUser: string;
  paymentMethodId: string;
}

/** 200 answer of POST /movies/checkout; a decline is a 402 ApiErrorBody carrying the provider's reason. */
export interface CheckoutResponse {
  message: typeof PAYMENT_RECEIVED;
  order: OrderView;
}
