import { createServiceApp, type ServiceApp, type ServiceContext } from '@cine/service-kit';

/** The catalog service's Fastify app: the kit's base (errors, auth, OpenAPI, /health). */
export async function buildCatalogApp(context: ServiceContext): Promise<ServiceApp> {
  return createServiceApp(context);
}
