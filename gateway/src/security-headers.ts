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
 * Sets helmet's headers on every answer. helmet is built once here: the
 * @fastify/helmet wrapper rebuilds it (parsing every CSP directive) on each
 * request, which cost the gateway ~10 % of its CPU on the billboard.
 */
export function securityHeaders(config: ClientConfig): onRequestHookHandler {
  const applyHeaders = helmet(securityHeaderOptions(config));
  // helmet 8 throws its errors instead of passing them to the callback.
  return (request, reply, done) => applyHeaders(request.raw, reply.raw, () => done());
}
