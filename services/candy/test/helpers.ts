import type { CandyView, CineEvent, CineEventType } from '@cine/contracts';
import type { ServiceApp } from '@cine/service-kit';
import { bearer, createTestContext } from '@cine/service-kit/testing';
import { Types } from 'mongoose';
import { buildCandyApp } from '../src';

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

export interface CandyUnderTest {
  app: ServiceApp;
  context: TestContext;
  /** Every candy event the service published, in order (recorded from the bus). */
  published: CineEvent[];
  close(): Promise<void>;
}

const CANDY_EVENTS: CineEventType[] = ['candy.created', 'candy.updated', 'candy.deleted'];

/** The candy service on a fresh database (or `context`'s), its seed's events already published. */
export async function startCandy(context?: TestContext): Promise<CandyUnderTest> {
  const ctx = context ?? (await createTestContext('candy'));
  const published: CineEvent[] = [];
  await ctx.bus.subscribe(`test.recorder.${new Types.ObjectId().toHexString()}`, CANDY_EVENTS, async (event) => {
    published.push(event);
  });
  const app = await buildCandyApp(ctx);
  await app.outboxRelay.flush();
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

export function adminHeaders(app: ServiceApp): { authorization: string } {
  return bearer(app, { sub: new Types.ObjectId().toHexString(), role: 'admin' });
}

export function userHeaders(app: ServiceApp): { authorization: string } {
  return bearer(app, { sub: new Types.ObjectId().toHexString(), role: 'user' });
}

/** A valid candy form; override fields to break one rule. */
export function candyForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'Pochoclo Dulce', quantity: 120, price: 780, picture: '/api/uploads/0123456789abcdef01234567', ...overrides };
}

export async function listCandy(app: ServiceApp): Promise<CandyView[]> {
  return (await app.inject({ method: 'GET', url: '/candy' })).json<CandyView[]>();
}
