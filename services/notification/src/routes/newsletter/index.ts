import type { ServiceApp } from '@cine/service-kit';
import { newsletterConfirmationMail } from '../../mail/templates';
import * as schemas from './schemas';

const SUBSCRIBED = 'El usuario ha sido añadido al newsletter';

export default async function newsletterRoutes(app: ServiceApp): Promise<void> {
  app.post('/newsletter', { schema: schemas.subscribe }, async (request) => {
    const { email } = request.body;
    if (await app.newsletter.add(email)) {
      try {
        await app.mailer.send(email, newsletterConfirmationMail(email));
      } catch (error) {
        // Without its confirmation the subscription is undone, so trying again starts afresh.
        await app.newsletter.remove(email);
        throw error;
      }
    }
    return { message: SUBSCRIBED };
  });
}
