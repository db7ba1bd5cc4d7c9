import type { ServiceApp } from '@cine/service-kit';
import { candyCsv, detailByMonthCsv, detailCsv, summaryCsv } from '../../sales/sales-csv';
import { candyFilterOf, dayRangeOf, detailFilterOf, reportMonthsOf } from '../report-queries';
import * as schemas from './schemas';

export default async function salesRoutes(app: ServiceApp): Promise<void> {
  const reports = app.salesReports;

  app.get('/search', { schema: schemas.search, onRequest: app.requireAdmin }, async (request) => reports.search(request.query.name));

  app.get('/top', { schema: schemas.top, onRequest: app.requireAdmin }, async (request) =>
    reports.top(request.query.limit, dayRangeOf(app, request.query)),
  );

  app.get('/monthly', { schema: schemas.monthly, onRequest: app.requireAdmin }, async (request) => {
    const range = dayRangeOf(app, request.query);
    return reports.monthly(reportMonthsOf(app, range, request.query.months), range);
  });

  app.get('/occupancy', { schema: schemas.occupancy, onRequest: app.requireAdmin }, async (request) =>
    reports.occupancy(dayRangeOf(app, request.query)),
  );

  app.get('/totals', { schema: schemas.totals, onRequest: app.requireAdmin }, async (request) =>
    reports.totals(dayRangeOf(app, request.query)),
  );

  app.get('/ticket-types', { schema: schemas.ticketTypes, onRequest: app.requireAdmin }, async (request) =>
    reports.ticketTypes(dayRangeOf(app, request.query)),
  );

  app.get('/ticket-types/movies', { schema: schemas.ticketTypesByMovie, onRequest: app.requireAdmin }, async (request) =>
    reports.ticketTypesByMovie(dayRangeOf(app, request.query)),
  );

  app.get('/candy', { schema: schemas.candy, onRequest: app.requireAdmin }, async (request) => reports.candy(candyFilterOf(request.query)));

  app.get('/export.csv', { schema: schemas.exportCsv, onRequest: app.requireAdmin }, async (request, reply) => {
    const { query } = request;
    let body: string;
    let file: string;
    switch (query.report) {
      case 'summary':
        body = summaryCsv(await reports.summariesByType({}, query.name));
        file = 'ventas-resumen';
        break;
      case 'detail': {
        const filter = detailFilterOf(app, query);
        body = query.groupBy === 'month' ? detailByMonthCsv(await reports.detailByMonth(filter)) : detailCsv(await reports.detail(filter));
        file = `ventas-detalle${filter.month ? `-${filter.month}` : ''}`;
        break;
      }
      case 'candy': {
        const filter = candyFilterOf(query);
        body = candyCsv(await reports.candy(filter));
        file = `ventas-candy${filter.day ? `-${filter.day}` : ''}`;
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
