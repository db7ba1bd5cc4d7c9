import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState } from 'react';
import { stripePublishableKey } from '../../../config';

/** Stripe.js that has not answered by then counts as unavailable (a blocked or hanging script). */
const STRIPE_LOAD_TIMEOUT_MS = 10000;

export type StripeLoad =
  { status: 'loading' } | { status: 'ready'; stripe: Stripe } | { status: 'offline'; reason: 'no-key' | 'unavailable' };

// One Stripe.js per page and key, however many payment forms open.
const loads = new Map<string, Promise<Stripe | null>>();

function loadOnce(key: string): Promise<Stripe | null> {
  const loading = loads.get(key);
  if (loading) return loading;
  const load = new Promise<Stripe | null>((resolve) => {
    const giveUp = setTimeout(() => resolve(null), STRIPE_LOAD_TIMEOUT_MS);
    loadStripe(key).then(
      (stripe) => {
        clearTimeout(giveUp);
        resolve(stripe);
      },
      () => {
        clearTimeout(giveUp);
        resolve(null);
      },
    );
  });
  // A failed load is tried again the next time a form opens (the network may be back).
  void load.then((stripe) => {
    if (!stripe) loads.delete(key);
  });
  loads.set(key, load);
  return load;
}

/**
 * Stripe.js for the card element when a publishable key is configured. '/pure' loads the
 * script only when asked, so without a key nothing is fetched from js.stripe.com.
 */
export function useStripeLoader(): StripeLoad {
  const key = stripePublishableKey();
  const [state, setState] = useState<StripeLoad>(key ? { status: 'loading' } : { status: 'offline', reason: 'no-key' });

  useEffect(() => {
    if (!key) return;
    let current = true;
    void loadOnce(key).then((stripe) => {
      if (current) setState(stripe ? { status: 'ready', stripe } : { status: 'offline', reason: 'unavailable' });
    });
    return () => {
      current = false;
    };
  }, [key]);

  return state;
}
