import type { ServiceName } from '@cine/contracts';

/**
 * When the gateway itself demands a valid bearer token before forwarding:
 * - 'none':   never (the service may still read a token, e.g. admin registration);
 * - 'writes': for every method except GET, HEAD and OPTIONS (public reads, signed-in writes);
 * - 'all':    for every method.
 * Roles and ownership are checked by the services; this is only an early 401.
 */
export type GatewayAuth = 'none' | 'writes' | 'all';

export interface ApiRoute {
  /** Path prefix as the services see it (without /api), matched on whole segments. */
  prefix: string;
  service: ServiceName;
  auth: GatewayAuth;
}

/**
 * The rate limits an endpoint may take, each counted per client address (`clientKey`): 'auth', the
 * auth endpoints' (AUTH_RATE_LIMIT a minute, options.ts); 'gift-card', the gift cards' balance check
 * (GIFT_CARD_RATE_LIMIT a minute, issue 39), counted per address and, when a token is sent, per account
 * too, against guessing codes; 'presale-join', joining a presale's line (PRESALE_JOIN_RATE_LIMIT a minute,
 * issue 40). Shared by every gateway when they share a database.
 */
export type RateLimitName = 'auth' | 'gift-card' | 'presale-join';

/** The event streams the gateway relays. */
export type StreamName = 'seat-map' | 'presale';

/** An endpoint of a route handled otherwise than forwarded as it comes (matched exactly). */
export interface RouteEndpoint {
  method: 'GET' | 'POST';
  /** As the services see it, a parameter written `:name` (Fastify's syntax). */
  path: string;
  /** Counted per client address against this limit (a 429 in Spanish past it). */
  rateLimit?: RateLimitName;
  /**
   * Server-sent events, and which: 'seat-map', the live seat map, relayed from one stream per show
   * (seat-stream-relay.ts); 'presale', a buyer's standing in a presale's line, worked out from one feed of
   * the line per presale (presale-stream-relay.ts; a token is required whatever the route's `auth`). Sent on as they come, never compressed (a compressor holds bytes back until
   * it has enough), never cached, allowed to stay quiet for a minute (a keep-alive comment every 15 s).
   */
  stream?: StreamName;
  /** A service's endpoint for the gateway's own use (a relay's feed): answered 404 to anyone outside. */
  internal?: true;
}

/** A route and what the gateway does for it beyond forwarding: its body limit and its endpoints of their own. */
export interface ApiRouteEntry extends ApiRoute {
  /** The largest request body under the prefix, in bytes, when not the gateway's DEFAULT_BODY_LIMIT. */
  bodyLimit?: number;
  endpoints?: readonly RouteEndpoint[];
}

/** Multipart image uploads (posters, candy pictures) may be larger than JSON bodies. */
const UPLOAD_BODY_LIMIT = 5 * 1024 * 1024;

/**
 * Every documented API path → the service that owns it, and the one place that says which endpoints
 * are rate-limited or streamed and which routes take larger bodies. The longest matching prefix wins,
 * so an entry can carve a sub-path out of a broader one (/movies/checkout belongs to booking, the rest
 * of /movies to catalog). README's route table mirrors `routeTable`, this list's routes.
 */
export const apiRoutes: readonly ApiRouteEntry[] = [
  {
    prefix: '/auth',
    service: 'identity',
    auth: 'none',
    endpoints: [
      { method: 'POST', path: '/auth/login', rateLimit: 'auth' },
      { method: 'POST', path: '/auth/register', rateLimit: 'auth' },
    ],
  },
  { prefix: '/auth/verifyrole', service: 'identity', auth: 'all' },
  { prefix: '/auth/acceder', service: 'identity', auth: 'all' },
  { prefix: '/auth/me', service: 'identity', auth: 'all' },
  { prefix: '/auth/password', service: 'identity', auth: 'all' },
  { prefix: '/auth/logout', service: 'identity', auth: 'all' },
  { prefix: '/admin', service: 'identity', auth: 'all' },
  {
    prefix: '/mailing/recuperarpassword',
    service: 'identity',
    auth: 'none',
    endpoints: [{ method: 'POST', path: '/mailing/recuperarpassword', rateLimit: 'auth' }],
  },
  {
    prefix: '/mailing/resetpassword',
    service: 'identity',
    auth: 'none',
    endpoints: [{ method: 'POST', path: '/mailing/resetpassword', rateLimit: 'auth' }],
  },
  { prefix: '/mailing/newsletter', service: 'notification', auth: 'none' },
  { prefix: '/movies', service: 'catalog', auth: 'writes' },
  { prefix: '/movies/checkout', service: 'booking', auth: 'all' },
  { prefix: '/comments', service: 'catalog', auth: 'all' },
  { prefix: '/feedback', service: 'catalog', auth: 'all' },
  { prefix: '/uploads', service: 'catalog', auth: 'writes', bodyLimit: UPLOAD_BODY_LIMIT },
  {
    prefix: '/show',
    service: 'booking',
    auth: 'writes',
    endpoints: [{ method: 'GET', path: '/show/:id/seats/stream', stream: 'seat-map' }],
  },
  { prefix: '/show/occupancy', service: 'booking', auth: 'all' },
  // The chain's cinemas are public; creating and changing them and their rooms needs a token (issue 38). Reading a
  // room with its layout (GET /cinemas/:id/rooms/:roomId, the back office's) needs one too: booking asks for it.
  { prefix: '/cinemas', service: 'booking', auth: 'writes' },
  // The ticket types on sale are public; the rest of pricing is the admin's.
  { prefix: '/pricing', service: 'booking', auth: 'writes' },
  { prefix: '/pricing/cards', service: 'booking', auth: 'all' },
  { prefix: '/pricing/surcharges', service: 'booking', auth: 'all' },
  { prefix: '/tickets/addTickets', service: 'booking', auth: 'all' },
  { prefix: '/tickets/delete', service: 'booking', auth: 'all' },
  { prefix: '/tickets/all', service: 'sales', auth: 'all' },
  { prefix: '/tickets/mine', service: 'booking', auth: 'all' },
  { prefix: '/tickets/keys', service: 'booking', auth: 'none' },
  { prefix: '/checkin', service: 'booking', auth: 'all' },
  { prefix: '/cart', service: 'booking', auth: 'all' },
  { prefix: '/candy', service: 'candy', auth: 'writes' },
  { prefix: '/candy/add', service: 'booking', auth: 'all' },
  { prefix: '/candy/delete', service: 'booking', auth: 'all' },
  { prefix: '/sales', service: 'sales', auth: 'all' },
  { prefix: '/orders', service: 'booking', auth: 'all' },
  // Issue 39: buying needs a token (the service says so too); the balance check is public and rate limited.
  {
    prefix: '/gift-cards',
    service: 'booking',
    auth: 'writes',
    endpoints: [{ method: 'GET', path: '/gift-cards/:code', rateLimit: 'gift-card' }],
  },
  { prefix: '/gift-cards/mine', service: 'booking', auth: 'all' },
  // Issue 41: Cine Club (points, tiers, the Cine Pase); the plans are public to read (the club's page lists them).
  { prefix: '/club', service: 'booking', auth: 'all' },
  { prefix: '/club/plans', service: 'booking', auth: 'writes' },
  // Promo codes (issue 39): the admin's and the managers' (their cinemas'); the buyer's code goes through /cart/promo.
  { prefix: '/promotions', service: 'booking', auth: 'all' },
  // Issue 40: a presale's line. Joining is rate limited per address; each buyer's standing is a stream relayed
  // from ONE feed of the line per presale, which is booking's to the gateway alone.
  {
    prefix: '/presales',
    service: 'booking',
    auth: 'writes',
    endpoints: [
      { method: 'POST', path: '/presales/:id/join', rateLimit: 'presale-join' },
      { method: 'GET', path: '/presales/:id/me/stream', stream: 'presale' },
      { method: 'GET', path: '/presales/:id/feed', internal: true },
    ],
  },
];

/** The routes alone (prefix, service, auth): what README's table lists. */
export const routeTable: readonly ApiRoute[] = apiRoutes.map(({ prefix, service, auth }) => ({ prefix, service, auth }));

/** Every endpoint of its own, over all routes. */
export const routeEndpoints: readonly RouteEndpoint[] = apiRoutes.flatMap((entry) => entry.endpoints ?? []);

/** The auth endpoints that are rate-limited per client IP (paths as the services see them). */
export const rateLimitedAuthPaths: readonly string[] = routeEndpoints
  .filter((endpoint) => endpoint.rateLimit === 'auth')
  .map((endpoint) => endpoint.path);

/** Longest first, so the first match is the most specific. */
const byLongestPrefix = [...routeTable].sort((a, b) => b.prefix.length - a.prefix.length);

function matches(pathname: string, prefix: string): boolean {
  return pathname === prefix || (pathname.startsWith(prefix) && pathname.charAt(prefix.length) === '/');
}

/** The route owning a service path (e.g. '/movies/billboard'), or undefined when no service owns it. */
export function resolveRoute(pathname: string): ApiRoute | undefined {
  return byLongestPrefix.find((route) => matches(pathname, route.prefix));
}

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export function requiresToken(route: ApiRoute, method: string): boolean {
  if (route.auth === 'all') return true;
  if (route.auth === 'writes') return !readMethods.has(method.toUpperCase());
  return false;
}
