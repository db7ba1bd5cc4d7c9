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
 * Every documented API path → the service that owns it. The longest matching
 * prefix wins, so an entry can carve a sub-path out of a broader one
 * (/movies/checkout belongs to booking, the rest of /movies to catalog).
 * README's route table mirrors this list.
 */
export const routeTable: readonly ApiRoute[] = [
  { prefix: '/auth', service: 'identity', auth: 'none' },
  { prefix: '/auth/verifyrole', service: 'identity', auth: 'all' },
  { prefix: '/auth/acceder', service: 'identity', auth: 'all' },
  { prefix: '/auth/me', service: 'identity', auth: 'all' },
  { prefix: '/auth/password', service: 'identity', auth: 'all' },
  { prefix: '/auth/logout', service: 'identity', auth: 'all' },
  { prefix: '/admin', service: 'identity', auth: 'all' },
  { prefix: '/mailing/recuperarpassword', service: 'identity', auth: 'none' },
  { prefix: '/mailing/resetpassword', service: 'identity', auth: 'none' },
  { prefix: '/mailing/newsletter', service: 'notification', auth: 'none' },
  { prefix: '/movies', service: 'catalog', auth: 'writes' },
  { prefix: '/movies/checkout', service: 'booking', auth: 'all' },
  { prefix: '/comments', service: 'catalog', auth: 'all' },
  { prefix: '/feedback', service: 'catalog', auth: 'all' },
  { prefix: '/uploads', service: 'catalog', auth: 'writes' },
  { prefix: '/show', service: 'booking', auth: 'writes' },
  { prefix: '/show/occupancy', service: 'booking', auth: 'all' },
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
];

/** The auth endpoints that are rate-limited per client IP (paths as the services see them). */
export const rateLimitedAuthPaths: readonly string[] = [
  '/auth/login',
  '/auth/register',
  '/mailing/recuperarpassword',
  '/mailing/resetpassword',
];

/**
 * Answers that stream (server-sent events: the live seat map, `/show/{id}/seats/stream`): relayed from
 * one stream per show (seat-stream-relay.ts), sent on as they come, never compressed (a compressor
 * holds bytes back until it has enough), never cached, and allowed to stay quiet for a minute (the
 * stream sends a keep-alive comment every 15 s).
 */
export const streamedRoutes: readonly string[] = ['/show/:id/seats/stream'];

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
