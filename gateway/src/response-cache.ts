import type { ServiceName } from '@cine/contracts';
import type { IncomingHttpHeaders } from 'node:http';

/** A stored service answer, replayed byte for byte while fresh. */
export interface CachedResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: Buffer;
  service: ServiceName;
  expiresAt: number;
}

export interface ResponseCacheOptions {
  /** Oldest entries are dropped beyond this count. */
  maxEntries?: number;
  /** Larger answers are passed through, never stored. */
  maxBodyBytes?: number;
  now?: () => number;
}

/**
 * Answer headers replayed from the cache; hop-by-hop and per-request ones are not. The service's own
 * security headers are (an SVG's `default-src 'none'` must not turn into the site-wide CSP on a HIT).
 */
const replayedHeaders = [
  'content-type',
  'content-encoding',
  'cache-control',
  'etag',
  'last-modified',
  'expires',
  'vary',
  'content-security-policy',
  'x-content-type-options',
];

function directives(value: string | string[] | undefined): Map<string, string | true> {
  const parsed = new Map<string, string | true>();
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  for (const part of text.split(',')) {
    const [name, argument] = part.trim().toLowerCase().split('=', 2) as [string, string | undefined];
    if (name) parsed.set(name, argument === undefined ? true : argument.replace(/^"|"$/g, ''));
  }
  return parsed;
}

function seconds(value: string | true | undefined): number | undefined {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return undefined;
  return Number(value);
}

/**
 * The gateway's shared cache (RFC 9111) for answers a service marks as public:
 * hot public reads such as the billboard are served by the gateway without the
 * hop to the service, for as long as the service allows (`s-maxage`, else
 * `max-age` with `public`). Requests carrying a bearer token may use it only
 * because the service said `public` (RFC 9111 §3.5). A write that a service
 * accepts through the gateway drops that service's entries, so changes made
 * through this gateway show at once; other gateway replicas serve at most
 * `s-maxage` seconds of staleness.
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private readonly maxEntries: number;
  readonly maxBodyBytes: number;
  private readonly now: () => number;

  constructor({ maxEntries = 500, maxBodyBytes = 256 * 1024, now = Date.now }: ResponseCacheOptions = {}) {
    this.maxEntries = maxEntries;
    this.maxBodyBytes = maxBodyBytes;
    this.now = now;
  }

  /**
   * What a request allows: GETs may be answered from the cache unless the client demands a fresh
   * answer (`no-cache`, which still refreshes the entry); `no-store` keeps its answer out of the cache.
   */
  static policyFor(method: string, headers: IncomingHttpHeaders): { lookup: boolean; store: boolean } {
    if (method !== 'GET') return { lookup: false, store: false };
    const requested = directives(headers['cache-control']);
    const store = !requested.has('no-store');
    return { lookup: store && !requested.has('no-cache') && !(headers.pragma ?? '').includes('no-cache'), store };
  }

  /** How long (ms) an answer may be stored, or undefined when it must not be. */
  static freshnessOf(statusCode: number, headers: IncomingHttpHeaders): number | undefined {
    if (statusCode !== 200 || headers['set-cookie'] !== undefined || headers.vary === '*') return undefined;
    const policy = directives(headers['cache-control']);
    if (!policy.has('public') || policy.has('private') || policy.has('no-store') || policy.has('no-cache')) return undefined;
    const lifetime = seconds(policy.get('s-maxage')) ?? seconds(policy.get('max-age'));
    return lifetime && lifetime > 0 ? lifetime * 1000 : undefined;
  }

  get(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  store(key: string, service: ServiceName, statusCode: number, headers: IncomingHttpHeaders, body: Buffer, freshnessMs: number): void {
    if (body.length > this.maxBodyBytes) return;
    const kept: Record<string, string> = {};
    for (const name of replayedHeaders) {
      const value = headers[name];
      if (typeof value === 'string') kept[name] = value;
    }
    this.entries.delete(key);
    this.entries.set(key, { statusCode, headers: kept, body, service, expiresAt: this.now() + freshnessMs });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  /** Drops every answer of a service (after a write it accepted). */
  invalidate(service: ServiceName): void {
    for (const [key, entry] of this.entries) {
      if (entry.service === service) this.entries.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
