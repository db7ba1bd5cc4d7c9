import { assertSameUser, clientKey, type ServiceApp } from '@cine/service-kit';
import { valueOr } from '../refusals';
import * as schemas from './schemas';

export default async function ticketsRoutes(app: ServiceApp): Promise<void> {
  app.post('/addTickets', { schema: schemas.addTickets, onRequest: app.authenticate }, async (request) => {
    const { userId, seats, showId, seatLabels } = request.body;
    assertSameUser(request, userId);
    // request.ip: the client's address as the gateway saw it (it overwrites X-Forwarded-For; services trust that hop),
    // counted as a client: an IPv4 address, or an IPv6 address's /64.
    const held = await valueOr(app, app.seatInventory.hold(showId, userId, seats, app.clock(), clientKey(request.ip), seatLabels));
    return {
      showId,
      seats: held.seatLabels.length,
      seatLabels: held.seatLabels,
      heldUntil: held.heldUntil.toISOString(),
      unitPrice: held.show.price,
      totalPrice: held.show.price * held.seatLabels.length,
      show: held.show,
    };
  });

  app.post('/delete', { schema: schemas.deleteTickets, onRequest: app.authenticate }, async (request) => {
    const { userId, showId } = request.body;
    assertSameUser(request, userId);
    return { released: await valueOr(app, app.seatInventory.release(showId, userId, app.clock())) };
  });
}
