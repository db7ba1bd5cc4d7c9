import { assertSameUser, clientKey, type ServiceApp } from '@cine/service-kit';
import { ticketLineOf } from '../../cart/pricing';
import { catchRefusal } from '../../refusal';
import { holdWishOf } from '../../shows/hold-decisions';
import { valueOr } from '../refusals';
import * as schemas from './schemas';

export default async function ticketsRoutes(app: ServiceApp): Promise<void> {
  app.post('/addTickets', { schema: schemas.addTickets, onRequest: app.authenticate }, async (request) => {
    const { userId, showId } = request.body;
    assertSameUser(request, userId);
    const { count, labels, types } = await valueOr(
      app,
      catchRefusal(async () => holdWishOf(request.body)),
    );
    // Issue 40: a show behind a presale's line wants the caller's admission (403), and a hold within its maxTicketsPerBuyer (409).
    await valueOr(app, app.presaleGate.admit(showId, userId, request.body.admission, app.clock(), count));
    // request.ip: the client's address as the gateway saw it (it overwrites X-Forwarded-For; services trust that hop),
    // counted as a client: an IPv4 address, or an IPv6 address's /64.
    const held = await valueOr(app, app.seatHolds.hold(showId, userId, count, app.clock(), clientKey(request.ip), labels, types));
    // Priced as the cart prices it: each seat by its type and category.
    const { lines, totalPrice } = ticketLineOf(held);
    return {
      showId,
      seats: held.seatLabels.length,
      seatLabels: held.seatLabels,
      heldUntil: held.heldUntil.toISOString(),
      unitPrice: held.show.price,
      totalPrice,
      lines,
      show: held.show,
    };
  });

  app.post('/delete', { schema: schemas.deleteTickets, onRequest: app.authenticate }, async (request) => {
    const { userId, showId } = request.body;
    assertSameUser(request, userId);
    return { released: await valueOr(app, app.seatHolds.release(showId, userId, app.clock())) };
  });
}
