import type { ServiceApp } from '@cine/service-kit';
import { RENEW_PASSES } from '../../plugins/club-pass';
import * as schemas from './pass-schemas';

/** Issue 41: GET /club/renewals (admin only; managers no: the club is chain-wide). */
export default async function clubRenewalsRoutes(app: ServiceApp): Promise<void> {
  app.get('', { schema: schemas.renewals, onRequest: app.requireAdmin }, async () =>
    app.clubRenewals.report(await app.scheduler.nextRunOf(RENEW_PASSES)),
  );
}
