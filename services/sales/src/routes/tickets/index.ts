import type { ServiceApp } from '@cine/service-kit';
import { cinemasOf, detailFilterOf } from '../report-queries';
import * as schemas from './schemas';

export default async function ticketsRoutes(app: ServiceApp): Promise<void> {
  app.get('/all', { schema: schemas.summaries, onRequest: app.requireManager }, async (request) =>
    app.salesReports.summaries({}, cinemasOf(request, request.query.cinemaId)),
  );

  app.get('/all/detail', { schema: schemas.detail, onRequest: app.requireManager }, async (request) => {
    const filter = detailFilterOf(app, request.query, cinemasOf(request, request.query.cinemaId));
    return request.query.groupBy === 'month' ? app.salesReports.detailByMonth(filter) : app.salesReports.detail(filter);
  });
}
