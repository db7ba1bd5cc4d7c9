import type { ServiceApp } from '@cine/service-kit';
import { detailFilterOf } from '../report-queries';
import * as schemas from './schemas';

export default async function ticketsRoutes(app: ServiceApp): Promise<void> {
  app.get('/all', { schema: schemas.summaries, onRequest: app.requireAdmin }, async () => app.salesReports.summaries());

  app.get('/all/detail', { schema: schemas.detail, onRequest: app.requireAdmin }, async (request) => {
    const filter = detailFilterOf(app, request.query);
    return request.query.groupBy === 'month' ? app.salesReports.detailByMonth(filter) : app.salesReports.detail(filter);
  });
}
