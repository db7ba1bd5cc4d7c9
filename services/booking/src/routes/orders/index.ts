import { CINEMA_MESSAGES, scopeIncludes } from '@cine/contracts';
import { assertCinemaAccess, cinemaScope, isAdmin, type ServiceApp } from '@cine/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PROVIDER_UNAVAILABLE, type RefundResult } from '../../orders/refunds';
import { isRefusal } from '../../refusal';
import { addDays, instantOf, isCalendarDate } from '../../shows/cinema-time';
import { httpErrorOf, STATUS_OF } from '../refusals';
import * as schemas from './schemas';

const DAY_NOT_VALID = 'Las fechas deben ser días existentes escritos AAAA-MM-DD.';
const PERIOD_REVERSED = "La fecha 'from' debe ser anterior o igual a 'to'.";
const ORDER_NOT_FOUND = 'No existe la compra.';
const REPLAY_UNAVAILABLE =
  'No se pudieron volver a publicar las ventas porque el bus de eventos no está disponible. Inténtalo de nuevo: repetirlo no cuenta ninguna venta dos veces.';

export default async function ordersRoutes(app: ServiceApp): Promise<void> {
  /** The order's cinema (its room's), or undefined for an unknown order: a manager acts on their cinemas' orders only. */
  const cinemaOfOrder = async (orderId: string) => {
    const roomId = await app.ordersRepository.roomOf(orderId);
    if (roomId === undefined) return undefined;
    await app.cinemas.findRoom(roomId);
    return app.cinemas.cinemaOfRoom(roomId);
  };

  /**
   * The refund's answer. The provider's refusal (502, `provider-refused`) and a provider that failed or did not answer (503: the order
   * stays paid, the same request again finishes it) are answered here with their Spanish message: the kit's error
   * handler hides every 5xx's.
   */
  async function answered(refund: Promise<RefundResult>, request: FastifyRequest, reply: FastifyReply) {
    let result: RefundResult;
    try {
      result = await refund;
    } catch (error) {
      request.log.error({ err: error }, 'refund interrupted');
      return reply.status(503).send({ statusCode: 503, error: PROVIDER_UNAVAILABLE });
    }
    if (!isRefusal(result)) return { message: result.message, order: result.order };
    const statusCode = STATUS_OF[result.kind];
    if (statusCode >= 500) return reply.status(statusCode).send({ statusCode, error: result.message });
    throw httpErrorOf(app, result);
  }

  app.post('/:id/cancel', { schema: schemas.cancel, onRequest: app.authenticate }, async (request, reply) =>
    answered(app.refunds.cancel(request.params.id, request.user.sub), request, reply),
  );

  // An admin refunds any order; a manager those of their cinemas (403 for another's).
  app.post('/:id/refund', { schema: schemas.refund, onRequest: app.requireManager }, async (request, reply) => {
    const cinema = await cinemaOfOrder(request.params.id);
    if (cinema) assertCinemaAccess(request, cinema.id);
    return answered(app.refunds.refundByAdmin(request.params.id, request.body), request, reply);
  });

  // An admin searches every order (or one cinema's, ?cinemaId=); a manager their cinemas' (another's: 403).
  app.get('', { schema: schemas.search, onRequest: app.requireManager }, async (request) => {
    const { from, to, cinemaId } = request.query;
    if ((from && !isCalendarDate(from)) || (to && !isCalendarDate(to))) throw app.httpErrors.badRequest(DAY_NOT_VALID);
    if (from && to && from > to) throw app.httpErrors.badRequest(PERIOD_REVERSED);
    const scope = cinemaScope(request);
    if (cinemaId !== undefined) {
      assertCinemaAccess(request, cinemaId);
      if (!(await app.cinemas.find(cinemaId))) throw app.httpErrors.notFound(CINEMA_MESSAGES.cinemaNotFound);
    }
    const cinemaIds = cinemaId !== undefined ? [cinemaId] : scope.all ? undefined : scope.cinemaIds;
    await app.cinemas.fresh();
    const roomIds = cinemaIds && new Set(cinemaIds.flatMap((id) => app.cinemas.roomIdsOf(id)));
    return app.orderPages.search(request.query, roomIds);
  });

  app.get('/:id', { schema: schemas.oneOrder, onRequest: app.authenticate }, async (request) => {
    const found = await app.orderPages.detail(request.params.id);
    // Another user's order answers as an unknown one: its id alone tells nothing. A manager reads their cinemas' orders (another's: 403).
    if (found && found.userId !== request.user.sub && request.user.role === 'manager') {
      await app.cinemas.findRoom(found.roomId);
      if (!scopeIncludes(cinemaScope(request), app.cinemas.cinemaOfRoom(found.roomId).id))
        throw app.httpErrors.forbidden(CINEMA_MESSAGES.notYourCinema);
      return found.detail;
    }
    if (!found || (found.userId !== request.user.sub && !isAdmin(request))) throw app.httpErrors.notFound(ORDER_NOT_FOUND);
    return found.detail;
  });

  app.post('/replay', { schema: schemas.replay, onRequest: app.requireAdmin }, async (request) => {
    const { from, to } = request.body;
    if ((from && !isCalendarDate(from)) || (to && !isCalendarDate(to))) throw app.httpErrors.badRequest(DAY_NOT_VALID);
    if (from && to && from > to) throw app.httpErrors.badRequest(PERIOD_REVERSED);
    try {
      const republished = await app.paidOrdersReplay.replay({
        ...(from ? { from: instantOf(from, '00:00') } : {}),
        ...(to ? { to: instantOf(addDays(to, 1), '00:00') } : {}),
      });
      request.log.info({ from, to, republished }, 'paid orders published again');
      return { republished };
    } catch (error) {
      request.log.error({ err: error }, 'replay of paid orders interrupted');
      throw app.httpErrors.serviceUnavailable(REPLAY_UNAVAILABLE);
    }
  });
}
