import { randomUUID } from 'node:crypto';
import type { CineEvent, CineEventType } from '@cine/contracts';
import { createEvent, type ServiceApp } from '@cine/service-kit';
import { bearer, createTestContext } from '@cine/service-kit/testing';
import { Types } from 'mongoose';
import { buildCatalogApp } from '../src';

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

export interface CatalogUnderTest {
  app: ServiceApp;
  context: TestContext;
  /** Every movie event the catalog published, in order (recorded from the bus). */
  published: CineEvent[];
  close(): Promise<void>;
}

const MOVIE_EVENTS: CineEventType[] = ['movie.created', 'movie.updated', 'movie.deleted'];

export async function startCatalog(): Promise<CatalogUnderTest> {
  const context = await createTestContext('catalog');
  const published: CineEvent[] = [];
  await context.bus.subscribe('test.recorder', MOVIE_EVENTS, async (event) => {
    published.push(event);
  });
  const app = await buildCatalogApp(context);
  await app.outboxRelay.flush();
  return {
    app,
    context,
    published,
    close: async () => {
      await app.close();
      await context.dropDatabase();
    },
  };
}

export function adminHeaders(app: ServiceApp): { authorization: string } {
  return bearer(app, { sub: new Types.ObjectId().toHexString(), role: 'admin' });
}

/** A user identity registered (the catalog heard user.registered) and a bearer header for them. */
export async function signedInUser(catalog: CatalogUnderTest, username = `socio-${randomUUID().slice(0, 6)}`) {
  const id = new Types.ObjectId().toHexString();
  await catalog.context.bus.publish(createEvent('user.registered', { userId: id, email: `${username}@cine.test`, username }));
  return { id, username, headers: bearer(catalog.app, { sub: id, role: 'user' }) };
}

/** A valid movie form; override fields to break one rule. */
export function movieForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    Title: 'La Noche del Proyector',
    Poster: '/api/uploads/0123456789abcdef01234567',
    Rated: '+13',
    Plot: 'Un proyectorista descubre que las películas que pasa cambian el pasado del pueblo.',
    Genre: 'Drama, Fantasía',
    Actors: 'Ricardo Darín, Mercedes Morán',
    Director: 'Lucrecia Martel',
    Runtime: '112',
    Language: 'Español',
    Release: '2026-03-12',
    Trailer: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    Type: '2D',
    ...overrides,
  };
}

export interface MovieBody {
  id: string;
  Title: string;
  Genre: string;
  Type: string;
  Release: string;
  ReleaseText: string;
  ReleaseDate: string;
  Runtime: number;
  Poster: string;
  Trailer: string;
  comments?: Array<{ id: string; Text: string; userId: string; user: { username: string } }>;
}

/** A multipart/form-data body with the given parts. */
export function multipart(parts: Array<{ name: string; filename?: string; contentType?: string; content: Buffer | string }>) {
  const boundary = '----cine-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`),
      Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
