import type { CineEvent, CineEventType, UserView } from '@cine/contracts';
import type { ServiceApp } from '@cine/service-kit';
import { createTestContext } from '@cine/service-kit/testing';
import { buildIdentityApp } from '../src';

export const ADMIN = { email: 'jefa@cine.test', password: 'ClaveDeAdmin2026' };

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

export interface IdentityUnderTest {
  app: ServiceApp;
  context: TestContext;
  /** Every event identity published, in order (recorded from the bus). */
  published: CineEvent[];
  close(): Promise<void>;
}

const ALL_EVENTS: CineEventType[] = [
  'user.registered',
  'user.credentials-changed',
  'user.deleted',
  'user.updated',
  'password.recovery-requested',
  'password.changed',
  'user.signed-out',
];

/** Waits until every event identity recorded so far has been published. */
export async function publishOutbox(app: ServiceApp): Promise<void> {
  await app.outboxRelay.flush();
}

export async function startIdentity(context?: TestContext): Promise<IdentityUnderTest> {
  const ctx = context ?? (await createTestContext('identity'));
  const published: CineEvent[] = [];
  await ctx.bus.subscribe('test.recorder', ALL_EVENTS, async (event) => {
    published.push(event);
  });
  // No seeded manager: the tests' lists of users hold the admin and what they made.
  const app = await buildIdentityApp({ ...ctx, admin: ADMIN, manager: null });
  return {
    app,
    context: ctx,
    published,
    close: async () => {
      await app.close();
      await ctx.dropDatabase();
    },
  };
}

export interface Credentials {
  email: string;
  username: string;
  password: string;
}

let counter = 0;
export function newCredentials(overrides: Partial<Credentials> = {}): Credentials {
  counter += 1;
  return { email: `socio${counter}@cine.test`, username: `socio${counter}`, password: 'palomitas123', ...overrides };
}

export async function register(app: ServiceApp, credentials: Credentials = newCredentials()): Promise<UserView & { password: string }> {
  const response = await app.inject({ method: 'POST', url: '/auth/register', payload: credentials });
  if (response.statusCode !== 201) throw new Error(`register answered ${response.statusCode}: ${response.body}`);
  return { ...response.json<UserView>(), password: credentials.password };
}

export async function login(app: ServiceApp, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login answered ${response.statusCode}: ${response.body}`);
  return response.json<{ token: string }>().token;
}

export function auth(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** A registered user and a bearer header for them. */
export async function signedInUser(app: ServiceApp, overrides: Partial<Credentials> = {}) {
  const user = await register(app, newCredentials(overrides));
  const token = await login(app, user.email, user.password);
  return { user, token, headers: auth(token) };
}

export async function signedInAdmin(app: ServiceApp) {
  const token = await login(app, ADMIN.email, ADMIN.password);
  return { token, headers: auth(token) };
}
