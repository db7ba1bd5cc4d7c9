// The kit registers these plugins; these imports bring their FastifyInstance and
// FastifyRequest additions (httpErrors, jwt, jwtVerify) into this program.
import type {} from '@fastify/jwt';
import type {} from '@fastify/sensible';
import { createServiceApp, type ServiceApp, type ServiceContext } from '@cine/service-kit';
import { candyPlugin } from './plugins/candy';
import candyRoutes from './routes/candy';

/** Candy: the concession stand's items (list, search, the admin's edits), their pictures, stock after a sale. */
export async function buildCandyApp(context: ServiceContext): Promise<ServiceApp> {
  const app = await createServiceApp(context);

  await app.register(candyPlugin, { db: context.db, bus: context.bus });
  await app.register(candyRoutes, { prefix: '/candy' });

  const seeded = await app.candy.seedIfEmpty();
  if (seeded > 0) app.log.info({ items: seeded }, 'seeded the concession stand');
  return app;
}
