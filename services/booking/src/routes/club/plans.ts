import type { ServiceApp } from '@cine/service-kit';
import { valueOr } from '../refusals';
import * as schemas from './pass-schemas';

/** Issue 41: GET /club/plans (anyone: the plans on sale; admin with all=true: every plan), POST and PUT (admin only). */
export default async function clubPlansRoutes(app: ServiceApp): Promise<void> {
  app.get('', { schema: schemas.listPlans }, async (request, reply) => {
    const all = request.query.all === true;
    // Every plan only to an admin (401 without a session, 403 another role).
    if (all) await app.requireAdmin.call(app, request, reply);
    return app.clubPlans.list(all);
  });

  app.post('', { schema: schemas.createPlan, onRequest: app.requireAdmin }, async (request, reply) =>
    reply.status(201).send(await valueOr(app, app.clubPlans.create(request.body, app.clock()))),
  );

  app.put('/:id', { schema: schemas.updatePlan, onRequest: app.requireAdmin }, async (request) =>
    valueOr(app, app.clubPlans.update(request.params.id, request.body, app.clock())),
  );
}
