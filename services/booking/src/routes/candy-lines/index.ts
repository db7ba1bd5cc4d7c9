import { assertSameUser, type ServiceApp } from '@cine/service-kit';
import { CANDY_NOT_FOUND, type CandyLineChange } from '../../cart/cart';
import * as schemas from './schemas';

export default async function candyLinesRoutes(app: ServiceApp): Promise<void> {
  const saved = (change: CandyLineChange) => {
    switch (change.outcome) {
      case 'not-found':
        throw app.httpErrors.notFound(CANDY_NOT_FOUND);
      case 'out-of-stock':
        throw app.httpErrors.conflict(change.message);
      case 'saved':
        return change.cart;
    }
  };

  app.post('/add', { schema: schemas.addCandy, onRequest: app.authenticate }, async (request) => {
    const { index, quantity, userId } = request.body;
    assertSameUser(request, userId);
    return saved(await app.cart.setCandy(userId, index, quantity));
  });

  app.post('/delete', { schema: schemas.deleteCandy, onRequest: app.authenticate }, async (request) => {
    const { index, userId } = request.body;
    assertSameUser(request, userId);
    return saved(await app.cart.removeCandy(userId, index));
  });
}
