import { assertSameUser, type ServiceApp } from '@cine/service-kit';
import { valueOr } from '../refusals';
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

  // Issue 39: the buyer's promo code, on their own cart (one at a time: a new one replaces it).
  app.post('/promo', { schema: schemas.applyPromo, onRequest: app.authenticate }, async (request) => {
    const applied = await valueOr(app, app.cart.applyPromo(request.user.sub, request.body.code));
    return applied.cart;
  });

  app.delete('/promo', { schema: schemas.removePromo, onRequest: app.authenticate }, async (request) =>
    app.cart.removePromo(request.user.sub),
  );

  app.post('/tickets', { schema: schemas.ticketHistory, onRequest: app.authenticate }, async (request) => {
    assertSameUser(request, request.body.idUser);
    return app.checkout.paidOrders(request.body.idUser);
  });
}
