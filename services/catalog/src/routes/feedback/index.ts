import { assertSameUser, type ServiceApp } from '@cine/service-kit';
import * as schemas from './schemas';

const EMPTY_FEEDBACK = 'Escribe tu feedback';

export default async function feedbackRoutes(app: ServiceApp): Promise<void> {
  app.get('/', { schema: schemas.listFeedback, onRequest: app.requireAdmin }, async (request) => app.catalog.listFeedback(request.query));

  app.post('/add/:id', { schema: schemas.addFeedback, onRequest: app.authenticate }, async (request, reply) => {
    assertSameUser(request, request.params.id);
    const text = request.body.Text?.trim() ?? '';
    if (text === '') throw app.httpErrors.badRequest(EMPTY_FEEDBACK);
    return reply.status(201).send(await app.catalog.addFeedback(request.params.id, text));
  });
}
