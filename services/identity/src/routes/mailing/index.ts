import type { ServiceApp } from '@cine/service-kit';
import * as schemas from './schemas';

const RECOVERY_REQUESTED = 'Si el e-mail está registrado, recibirás un código para recuperar tu contraseña.';
const INVALID_RECOVERY_CODE = 'El código no es válido o expiró.';

export default async function mailingRoutes(app: ServiceApp): Promise<void> {
  app.post('/recuperarpassword', { schema: schemas.requestRecovery }, async (request, reply) => {
    await app.accounts.requestRecovery(request.body.email);
    return reply.status(202).send({ message: RECOVERY_REQUESTED });
  });

  app.post('/resetpassword', { schema: schemas.resetPassword }, async (request) => {
    const { email, code, password } = request.body;
    if (!(await app.accounts.resetPassword(email, code, password))) throw app.httpErrors.badRequest(INVALID_RECOVERY_CODE);
    return { message: 'Contraseña actualizada. Ya puedes iniciar sesión.' };
  });
}
