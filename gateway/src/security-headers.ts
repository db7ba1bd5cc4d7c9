import type { onRequestHookHandler } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { ClientConfig } from './options';

/** Origins of remotes configured on another host (CATALOG_REMOTE_URL …), which the shell loads scripts from. */
function remoteOrigins(config: ClientConfig): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(config.remotes)) {
    if (/^https?:\/\//i.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

/**
 * Helmet's headers with a Content-Security-Policy for the shell, its remotes
 * and Swagger UI: own scripts only, plus Stripe.js (script, API, card
 * iframes), YouTube trailer embeds, the chatbot's dog.ceo API and images,
 * uploaded images (data:, blob:, Cloudinary when CLOUDINARY_URL is used).
 * Inline styles are allowed because styled-components injects <style> tags.
 * No upgrade-insecure-requests: the app is served over plain http locally.
 * The referrer policy is the browsers' default rather than helmet's
 * no-referrer, because YouTube refuses to play embeds that send no referrer.
 */
function securityHeaderOptions(config: ClientConfig): HelmetOptions {
  const remotes = remoteOrigins(config);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com', ...remotes],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // A remote's own assets (posters, icons) load from its origin.
        imgSrc: ["'self'", 'data:', 'blob:', 'https://images.dog.ceo', 'https://res.cloudinary.com', ...remotes],
        fontSrc: ["'self'", 'data:', ...remotes],
        connectSrc: ["'self'", 'https://api.stripe.com', 'https://dog.ceo', ...remotes],
        frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com', 'https://www.youtube.com', 'https://www.youtube-nocookie.com'],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/**
 * The headers helmet sets, read once at start-up: with this configuration
 * they are the same for every answer (no nonces), so running helmet's twelve
 * middlewares on each request (and, before that, @fastify/helmet rebuilding
 * helmet per request) only repeated the same work.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: () => undefined,
  };
  helmet(options)(undefined as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Helmet's headers for this configuration, set on every answer: by the hook below, and by the answers given before it runs (early-answers.ts). */
export function securityHeaderValues(config: ClientConfig): Readonly<Record<string, string>> {
  return helmetHeaders(securityHeaderOptions(config));
}

/**
 * Sets helmet's headers on every answer, through the reply, so a service's
 * own (an SVG's `default-src 'none'`) still replaces the site-wide CSP.
 */
export function securityHeaders(headers: Readonly<Record<string, string>>): onRequestHookHandler {
  return (_request, reply, done) => {
    reply.headers(headers);
    done();
  };
}
