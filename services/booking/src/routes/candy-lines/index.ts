import { assertSameUser, type ServiceApp } from '@cine/service-kit';
import { valueOr } from '../refusals';
import * as schemas from './schemas';

export default async function candyLinesRoutes(app: ServiceApp): Promise<void> {
  app.post('/add', { schema: schemas.addCandy, onRequest: app.authenticate }, async (request) => {
    const { index, quantity, userId } = request.body;
    assertSameUser(request, userId);
    return (await valueOr(app, app.cart.setCandy(userId, index, quantity))).cart;
  });

  app.post('/delete', { schema: schemas.deleteCandy, onRequest: app.authenticate }, async (request) => {
    const { index, userId } = request.body;
    assertSameUser(request, userId);
    return (await valueOr(app, app.cart.removeCandy(userId, index))).cart;
  });
}
