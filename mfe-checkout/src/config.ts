/** The Stripe publishable key from the gateway's /config.js (env STRIPE_PUBLISHABLE_KEY), or null. */
export function stripePublishableKey(): string | null {
  const key = window.__CINE_CONFIG__?.stripePublishableKey;
  return typeof key === 'string' && key.trim().length > 0 ? key.trim() : null;
}
