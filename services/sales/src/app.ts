// The kit registers these plugins; these imports bring their FastifyInstance and
// FastifyRequest additions (httpErrors, jwt, jwtVerify) into this program.
import type {} from '@fastify/jwt';
import type {} from '@fastify/sensible';
import { createServiceApp, type ServiceApp, type ServiceContext } from '@cine/service-kit';
import { salesPlugin } from './plugins/sales';
import salesRoutes from './routes/sales';
import ticketsRoutes from './routes/tickets';

export interface SalesContext extends ServiceContext {
  /** What "now" is for the current month of the reports (tests move it). */
  clock?: () => Date;
}

/** Sales: the ledger of paid orders (fed by order.paid) and the admin's sales reports. */
export async function buildSalesApp(context: SalesContext): Promise<ServiceApp> {
  const app = await createServiceApp(context);

  await app.register(salesPlugin, { db: context.db, bus: context.bus, clock: context.clock ?? (() => new Date()) });
  await app.register(ticketsRoutes, { prefix: '/tickets' });
  await app.register(salesRoutes, { prefix: '/sales' });

  return app;
}
