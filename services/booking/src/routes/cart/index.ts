import { assertSameUser, type ServiceApp } from '@cine/service-kit';
import * as schemas from './schemas';

export default async function cartRoutes(app: ServiceApp): Promise<void> {
  app.post('/userCart', { schema: schemas.userCart, onRequest: app.authenticate }, async (request) => {
    assertSameUser(request, request.body.idUser);
    return app.cart.view(request.body.idUser);
  });

  app.post('/', { schema: schemas.cart, onRequest: app.authenticate }, async (request) => {
    assertSameUser(request, request.body.idUser);
    return app.cart.view(request.body.idUser);
  });

  app.post('/tickets', { schema: schemas.ticketHistory, onRequest: app.authenticate }, async (request) => {
    assertSameUser(request, request.body.idUser);
    return app.checkout.paidOrders(request.body.idUser);
  });
}
