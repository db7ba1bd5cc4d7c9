import { createServiceApp, type ServiceApp, type ServiceContext } from '@cine/service-kit';

/** The sales service's Fastify app: the kit's base (errors, auth, OpenAPI, /health). */
export async function buildSalesApp(context: ServiceContext): Promise<ServiceApp> {
  return createServiceApp(context);
}
