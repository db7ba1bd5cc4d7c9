import type { LoginResponse } from '@cine/contracts';
import { api } from './gateway-api';

export interface Buyer {
  id: string;
  token: string;
  email: string;
}

export const BUYER_PASSWORD = 'ClaveSegura2026!';
let serial = 0;

/** A new account, registered and signed in through the gateway (from `forwardedFor`, behind TRUST_PROXY, when given). */
export async function registerBuyer(base: string, forwardedFor?: string): Promise<Buyer> {
  serial += 1;
  const email = `comprador${serial}-${Date.now()}@cine.test`;
  const registered = await api(base, 'POST', '/auth/register', {
    body: { email, username: `comprador${serial}`, password: BUYER_PASSWORD },
    ...(forwardedFor ? { forwardedFor } : {}),
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.json)}`);
  const login = await api(base, 'POST', '/auth/login', {
    body: { email, password: BUYER_PASSWORD },
    ...(forwardedFor ? { forwardedFor } : {}),
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.json)}`);
  const { user, token } = login.json as LoginResponse;
  return { id: user.id, token, email };
}
