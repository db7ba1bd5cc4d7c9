import { cinemaInfoFromEnv, type ServiceApp } from '@cine/service-kit';
import { FIRST_CINEMA_ID } from '@cine/contracts';
import { candyCsv, detailByMonthCsv, detailCsv, discountsCsv, summaryCsv } from '../../sales/sales-csv';
import { candyFilterOf, cinemasOf, dayRangeOf, detailFilterOf, reportMonthsOf } from '../report-queries';
import * as schemas from './schemas';

/**
 * The back office's reports: an admin's of every cinema (or one, `cinemaId`), a manager's of their cinemas only
 * (another cinema's `cinemaId` is a 403); `requireManager` admits both, `cinemasOf` scopes each answer.
 */
export default async function salesRoutes(app: ServiceApp): Promise<void> {
  const reports = app.salesReports;
  const requireManager = app.requireManager;
  // The first cinema was the configured one before the chain: its name until booking announces it.
  const firstCinemaName = cinemaInfoFromEnv().name;
  const fallbackName = (cinemaId: string) => (cinemaId === FIRST_CINEMA_ID ? firstCinemaName : cinemaId);

  app.get('/search', { schema: schemas.search, onRequest: requireManager }, async (request) =>
    reports.search(request.query.name, cinemasOf(request, request.query.cinemaId)),
  );

  app.get('/top', { schema: schemas.top, onRequest: requireManager }, async (request) =>
    reports.top(request.query.limit, dayRangeOf(app, request.query), cinemasOf(request, request.query.cinemaId)),
  );

  app.get('/monthly', { schema: schemas.monthly, onRequest: requireManager }, async (request) => {
    const range = dayRangeOf(app, request.query);
    return reports.monthly(reportMonthsOf(app, range, request.query.months), range, cinemasOf(request, request.query.cinemaId));
  });

  app.get('/occupancy', { schema: schemas.occupancy, onRequest: requireManager }, async (request) =>
    reports.occupancy(dayRangeOf(app, request.query), cinemasOf(request, request.query.cinemaId)),
  );

  app.get('/totals', { schema: schemas.totals, onRequest: requireManager }, async (request) =>
    reports.totals(dayRangeOf(app, request.query), cinemasOf(request, request.query.cinemaId)),
  );

  app.get('/cinemas', { schema: schemas.cinemas, onRequest: requireManager }, async (request) =>
    reports.cinemas(dayRangeOf(app, request.query), cinemasOf(request, request.query.cinemaId), fallbackName),
  );

  app.get('/ticket-types', { schema: schemas.ticketTypes, onRequest: requireManager }, async (request) =>
    reports.ticketTypes(dayRangeOf(app, request.query), cinemasOf(request, request.query.cinemaId)),
  );

  app.get('/ticket-types/movies', { schema: schemas.ticketTypesByMovie, onRequest: requireManager }, async (request) =>
    reports.ticketTypesByMovie(dayRangeOf(app, request.query), cinemasOf(request, request.query.cinemaId)),
  );

  app.get('/candy', { schema: schemas.candy, onRequest: requireManager }, async (request) =>
    reports.candy(candyFilterOf(request.query, cinemasOf(request, request.query.cinemaId))),
  );

  // Issue 39: a manager's answer holds their cinemas' orders only (no cinemaId in this query: their token's cinemas).
  app.get('/discounts', { schema: schemas.discounts, onRequest: requireManager }, async (request) =>
    reports.discounts(dayRangeOf(app, request.query), cinemasOf(request, undefined)),
  );

  // Issue 41: the club is chain-wide: an admin's only (a manager is refused, 403).
  app.get('/club', { schema: schemas.club, onRequest: app.requireAdmin }, async (request) => reports.club(dayRangeOf(app, request.query)));

  app.get('/export.csv', { schema: schemas.exportCsv, onRequest: requireManager }, async (request, reply) => {
    const { query } = request;
    const cinemas = cinemasOf(request, query.cinemaId);
    let body: string;
    let file: string;
    switch (query.report) {
      case 'summary':
        body = summaryCsv(await reports.summariesByType({}, query.name, cinemas));
        file = 'ventas-resumen';
        break;
      case 'detail': {
        const filter = detailFilterOf(app, query, cinemas);
        body = query.groupBy === 'month' ? detailByMonthCsv(await reports.detailByMonth(filter)) : detailCsv(await reports.detail(filter));
        file = `ventas-detalle${filter.month ? `-${filter.month}` : ''}`;
        break;
      }
      case 'candy': {
        const filter = candyFilterOf(query, cinemas);
        body = candyCsv(await reports.candy(filter));
        file = `ventas-candy${filter.day ? `-${filter.day}` : ''}`;
        break;
      }
      case 'discounts': {
        const range = dayRangeOf(app, query);
        body = discountsCsv(await reports.discounts(range, cinemas));
        file = `ventas-descuentos${range.from ? `-${range.from}` : ''}${range.to ? `-${range.to}` : ''}`;
        break;
      }
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file}.csv"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
