import { createServiceApp, type ServiceApp, type ServiceContext } from '@cine/service-kit';

/** The booking service's Fastify app: the kit's base (errors, auth, OpenAPI, /health). */
export async function buildBookingApp(context: ServiceContext): Promise<ServiceApp> {
  return createServiceApp(context);
}
