import path from 'node:path';
import { DEFAULT_CANCELLATION_WINDOW_MINUTES, DEFAULT_CINEMA, serviceNames, type CinemaInfo, type ServiceName } from '@cine/contracts';
import { cinemaInfoFromEnv, defaultPorts, positiveIntegerEnv, readEnv, resolveJwtSecret } from '@cine/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { PresaleStreamRelaySettings } from './presale-stream-relay';
import { DEFAULT_SEAT_STREAM_RELAY_SETTINGS, type SeatStreamRelaySettings } from './seat-stream-relay';

export const remoteNames = ['catalog', 'checkout', 'admin'] as const;
export type RemoteName = (typeof remoteNames)[number];

/** Folders holding the built web apps: the shell and each remote's dist. */
export interface WebRoots {
  shell: string;
  remotes: Record<RemoteName, string>;
}

/** What the browser reads from GET /config.js before the shell's bundle starts. */
export interface ClientConfig {
  remotes: Record<RemoteName, string>;
  stripePublishableKey: string | null;
  /** The cinema's name, address, hours and money format (CINEMA_* variables): footer, about page, prices. */
  cinema: CinemaInfo;
  /** CANCELLATION_WINDOW_MINUTES, as booking applies it: what the assistant tells buyers about cancelling. */
  cancellationWindowMinutes: number;
}

export interface RateLimitSettings {
  max: number;
  timeWindowMs: number;
}

export interface UpstreamTimeouts {
  /** Opening a connection to a service (a host that is down fails here). */
  connectMs: number;
  /** Waiting for a service's response headers, and between body chunks. */
  responseMs: number;
  /** Each service's GET /health during GET /api/health. */
  healthMs: number;
}

export interface GatewayOptions {
  /** JWT_SECRET shared with the services. */
  jwtSecret: string;
  /** Base URL of each service, e.g. http://127.0.0.1:7103 (defaults: 127.0.0.1 on the ports of the brief). */
  services?: Partial<Record<ServiceName, string>>;
  /** Built web apps (default: the dist folders of this repository). */
  web?: WebRoots;
  /** What /config.js tells the browser; each remote URL and the key default as in defaultClientConfig(). */
  clientConfig?: {
    remotes?: Partial<Record<RemoteName, string>>;
    stripePublishableKey?: string | null;
    cinema?: CinemaInfo;
    cancellationWindowMinutes?: number;
  };
  /** Requests per client IP on each rate-limited auth endpoint (default 20 per minute). */
  authRateLimit?: RateLimitSettings;
  /** Issue 39: the gift cards' balance check, per address and per account (default DEFAULT_GIFT_CARD_RATE_LIMIT). */
  giftCardRateLimit?: RateLimitSettings;
  /** Issue 40: joins of a presale's line per address (default DEFAULT_PRESALE_JOIN_RATE_LIMIT). */
  presaleJoinRateLimit?: RateLimitSettings;
  /**
   * Where the rate limits' counters live (MONGO_URL; database GATEWAY_MONGO_DB, default `cine_gateway`), shared
   * by every gateway, so two gateways do not double each limit. Without it (tests of one gateway) they are
   * kept in this process's memory.
   */
  rateLimitDatabase?: { mongoUrl: string; dbName: string };
  upstreamTimeouts?: Partial<UpstreamTimeouts>;
  /** The relay of the live seat maps (seat-stream-relay.ts); defaults in DEFAULT_SEAT_STREAM_RELAY_SETTINGS. */
  seatStreams?: Partial<SeatStreamRelaySettings>;
  /** The relay of the presales' lines (presale-stream-relay.ts); defaults in DEFAULT_PRESALE_STREAM_RELAY_SETTINGS. */
  presaleStreams?: Partial<PresaleStreamRelaySettings>;
  /** Fastify's trustProxy: only when another proxy in front of the gateway sets X-Forwarded-For. */
  trustProxy?: boolean | string;
  logger?: FastifyBaseLogger;
  logLevel?: string;
  /**
   * METRICS_SOURCES: other processes' /metrics.json the status reads besides this process's own
   * metrics (containers: each service's metrics port; under `npm start` one process has them all).
   */
  metricsSources?: readonly string[];
}

/** API answers smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

export const DEFAULT_AUTH_RATE_LIMIT: RateLimitSettings = { max: 20, timeWindowMs: 60_000 };
/** Gift-card balance checks a minute, per address and per account (GIFT_CARD_RATE_LIMIT). */
export const DEFAULT_GIFT_CARD_RATE_LIMIT: RateLimitSettings = { max: 10, timeWindowMs: 60_000 };
/** Joins of a presale's line a minute per address (PRESALE_JOIN_RATE_LIMIT): one place per account, a household or an office a few. */
export const DEFAULT_PRESALE_JOIN_RATE_LIMIT: RateLimitSettings = { max: 30, timeWindowMs: 60_000 };
export const DEFAULT_UPSTREAM_TIMEOUTS: UpstreamTimeouts = { connectMs: 2_000, responseMs: 30_000, healthMs: 1_500 };

export function defaultServiceUrls(): Record<ServiceName, string> {
  const urls = {} as Record<ServiceName, string>;
  for (const name of serviceNames) urls[name] = `http://127.0.0.1:${defaultPorts[name]}`;
  return urls;
}

export function defaultClientConfig(): ClientConfig {
  return {
    remotes: {
      catalog: '/remotes/catalog/remoteEntry.js',
      checkout: '/remotes/checkout/remoteEntry.js',
      admin: '/remotes/admin/remoteEntry.js',
    },
    stripePublishableKey: null,
    cinema: DEFAULT_CINEMA,
    cancellationWindowMinutes: DEFAULT_CANCELLATION_WINDOW_MINUTES,
  };
}

/** The dist folders of this repository; the gateway runs from gateway/src (tests) or gateway/dist. */
export function repositoryWebRoots(repositoryRoot = path.resolve(__dirname, '..', '..')): WebRoots {
  return {
    shell: path.join(repositoryRoot, 'shell', 'dist'),
    remotes: {
      catalog: path.join(repositoryRoot, 'mfe-catalog', 'dist'),
      checkout: path.join(repositoryRoot, 'mfe-checkout', 'dist'),
      admin: path.join(repositoryRoot, 'mfe-admin', 'dist'),
    },
  };
}

/**
 * WEB_ROOT layout (what a deployment copies the built apps into):
 *   <WEB_ROOT>/shell/              shell/dist        (index.html, main.<hash>.js, assets/…)
 *   <WEB_ROOT>/remotes/catalog/    mfe-catalog/dist  (remoteEntry.js, chunks)
 *   <WEB_ROOT>/remotes/checkout/   mfe-checkout/dist
 *   <WEB_ROOT>/remotes/admin/      mfe-admin/dist
 */
export function webRootsIn(folder: string): WebRoots {
  const root = path.resolve(folder);
  return {
    shell: path.join(root, 'shell'),
    remotes: {
      catalog: path.join(root, 'remotes', 'catalog'),
      checkout: path.join(root, 'remotes', 'checkout'),
      admin: path.join(root, 'remotes', 'admin'),
    },
  };
}

function serviceUrlVariable(name: ServiceName): string {
  return `${name.toUpperCase()}_SERVICE_URL`;
}

/** TRUST_PROXY: 'true', or the proxies' addresses/subnets separated by commas. */
function trustProxyFromEnv(): boolean | string | undefined {
  const raw = readEnv('TRUST_PROXY');
  if (raw === undefined || raw === 'false') return undefined;
  return raw === 'true' ? true : raw;
}

export interface GatewayListenOptions {
  host: string;
  port: number;
}

/**
 * The gateway's configuration from the environment (see server.ts):
 * PORT, HOST, <SERVICE>_SERVICE_URL, WEB_ROOT, JWT_SECRET (or DATA_DIR/jwt-secret),
 * CATALOG_REMOTE_URL, CHECKOUT_REMOTE_URL, ADMIN_REMOTE_URL, STRIPE_PUBLISHABLE_KEY, CINEMA_*,
 * AUTH_RATE_LIMIT (requests per minute per IP), GIFT_CARD_RATE_LIMIT (balance checks per minute per IP and per account),
 * PRESALE_JOIN_RATE_LIMIT (joins of a presale's line per minute per IP), MONGO_URL and GATEWAY_MONGO_DB (the rate limits' shared counters),
 * TRUST_PROXY, LOG_LEVEL, METRICS_SOURCES, CANCELLATION_WINDOW_MINUTES,
 * MAX_SEAT_STREAMS_PER_ADDRESS, MAX_SEAT_RELAY_UPSTREAMS, MAX_SEAT_RELAY_UPSTREAMS_PER_SHOW.
 */
export function gatewayOptionsFromEnv(): { options: GatewayOptions; listen: GatewayListenOptions } {
  const services = defaultServiceUrls();
  for (const name of serviceNames) services[name] = readEnv(serviceUrlVariable(name)) ?? services[name];

  const defaults = defaultClientConfig();
  const webRoot = readEnv('WEB_ROOT');
  const trustProxy = trustProxyFromEnv();
  const mongoUrl = readEnv('MONGO_URL');
  const options: GatewayOptions = {
    jwtSecret: resolveJwtSecret(path.resolve(readEnv('DATA_DIR') ?? '.data')),
    services,
    web: webRoot ? webRootsIn(webRoot) : repositoryWebRoots(),
    clientConfig: {
      remotes: {
        catalog: readEnv('CATALOG_REMOTE_URL') ?? defaults.remotes.catalog,
        checkout: readEnv('CHECKOUT_REMOTE_URL') ?? defaults.remotes.checkout,
        admin: readEnv('ADMIN_REMOTE_URL') ?? defaults.remotes.admin,
      },
      stripePublishableKey: readEnv('STRIPE_PUBLISHABLE_KEY') ?? null,
      cinema: cinemaInfoFromEnv(),
      cancellationWindowMinutes: positiveIntegerEnv('CANCELLATION_WINDOW_MINUTES', DEFAULT_CANCELLATION_WINDOW_MINUTES, 'minutes'),
    },
    authRateLimit: { max: positiveIntegerEnv('AUTH_RATE_LIMIT', DEFAULT_AUTH_RATE_LIMIT.max), timeWindowMs: 60_000 },
    giftCardRateLimit: { max: positiveIntegerEnv('GIFT_CARD_RATE_LIMIT', DEFAULT_GIFT_CARD_RATE_LIMIT.max), timeWindowMs: 60_000 },
    presaleJoinRateLimit: {
      max: positiveIntegerEnv('PRESALE_JOIN_RATE_LIMIT', DEFAULT_PRESALE_JOIN_RATE_LIMIT.max),
      timeWindowMs: 60_000,
    },
    ...(mongoUrl ? { rateLimitDatabase: { mongoUrl, dbName: readEnv('GATEWAY_MONGO_DB') ?? 'cine_gateway' } } : {}),
    seatStreams: {
      perAddress: positiveIntegerEnv('MAX_SEAT_STREAMS_PER_ADDRESS', DEFAULT_SEAT_STREAM_RELAY_SETTINGS.perAddress, 'streams'),
      upstreams: positiveIntegerEnv('MAX_SEAT_RELAY_UPSTREAMS', DEFAULT_SEAT_STREAM_RELAY_SETTINGS.upstreams, 'streams'),
      upstreamsPerShow: positiveIntegerEnv(
        'MAX_SEAT_RELAY_UPSTREAMS_PER_SHOW',
        DEFAULT_SEAT_STREAM_RELAY_SETTINGS.upstreamsPerShow,
        'streams',
      ),
    },
    logLevel: readEnv('LOG_LEVEL') ?? 'info',
    metricsSources: (readEnv('METRICS_SOURCES') ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
    ...(trustProxy === undefined ? {} : { trustProxy }),
  };
  return { options, listen: { host: readEnv('HOST') ?? '0.0.0.0', port: positiveIntegerEnv('PORT', 8080) } };
}
