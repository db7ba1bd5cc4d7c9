import type { ServiceApp } from '@cine/service-kit';
import * as schemas from './schemas';

/** Public and cacheable: the key changes only when TICKET_SIGNING_KEY does. */
const KEYS_CACHE = 'public, max-age=3600';

/** GET /tickets/mine and /tickets/keys (the cart's /tickets/addTickets and /tickets/delete are routes/tickets). */
export default async function myTicketsRoutes(app: ServiceApp): Promise<void> {
  app.get('/mine', { schema: schemas.mine, onRequest: app.authenticate }, async (request) => app.tickets.mine(request.user.sub));

  app.get('/keys', { schema: schemas.keys }, async (_request, reply) => {
    reply.header('cache-control', KEYS_CACHE);
    return { keys: [app.ticketSigner.publicJwk] };
  });
}
