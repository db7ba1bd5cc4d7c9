import { connectDatabase } from './database';
import { SharedCounters, sharedRateLimitStore, type CounterState } from './shared-counters';
import { createTestContext } from './testing';

describe('SharedCounters', () => {
  let context: Awaited<ReturnType<typeof createTestContext>>;
  let secondConnection: Awaited<ReturnType<typeof connectDatabase>>;
  let one: SharedCounters;
  let other: SharedCounters;

  beforeAll(async () => {
    context = await createTestContext('identity');
    // A second instance: its own connection to the same database.
    secondConnection = await connectDatabase(context.config.mongoUrl, context.config.dbName);
    one = new SharedCounters(context.db);
    other = new SharedCounters(secondConnection);
  });

  afterAll(async () => {
    await secondConnection.close();
    await context.dropDatabase();
  });

  it('counts the hits of two instances together, each exactly once, even when they race', async () => {
    const states = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? one : other).hit('login:203.0.113.7', 60_000)));

    expect(states.map((state) => state.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(await one.peek('login:203.0.113.7')).toEqual({ current: 30, ttl: expect.any(Number) });
    expect((await other.peek('login:203.0.113.7')).ttl).toBeGreaterThan(55_000);
  });

  it('starts a new window once the old one ended, and peeking counts nothing', async () => {
    await one.hit('short', 50);
    await other.hit('short', 50);
    expect((await one.peek('short')).current).toBe(2);
    expect((await one.peek('short')).current).toBe(2);

    await new Promise((resolve) => setTimeout(resolve, 80));

    expect(await other.peek('short')).toEqual({ current: 0, ttl: 0 });
    expect((await other.hit('short', 60_000)).current).toBe(1);
  });

  it('forgets a key on reset', async () => {
    await one.hit('reset-me', 60_000);
    await other.reset('reset-me');
    expect((await one.peek('reset-me')).current).toBe(0);
  });

  it('keeps each route of a rate-limit store apart, on whatever instance', async () => {
    const call = (store: { incr(key: string, callback: (error: Error | null, state?: CounterState) => void, window: number): void }) =>
      new Promise<CounterState | undefined>((resolve, reject) =>
        store.incr('198.51.100.1', (error, state) => (error ? reject(error) : resolve(state)), 60_000),
      );
    const Store = sharedRateLimitStore(one, 'gateway');
    const OtherStore = sharedRateLimitStore(other, 'gateway');
    const login = new Store().child({ routeInfo: { method: 'POST', url: '/api/auth/login' } });
    const loginElsewhere = new OtherStore().child({ routeInfo: { method: 'POST', url: '/api/auth/login' } });
    const register = new Store().child({ routeInfo: { method: 'POST', url: '/api/auth/register' } });

    await call(login);
    expect((await call(loginElsewhere))?.current).toBe(2);
    expect((await call(register))?.current).toBe(1);
  });
});
