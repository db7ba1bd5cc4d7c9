import type { ServiceApp } from '@cine/service-kit';
import { isWeakPassword, WEAK_PASSWORD } from '../../security/password-policy';
import * as schemas from './schemas';

/** Both answers of a recovery request take at least this long, so timing does not tell whether the e-mail exists. */
const RECOVERY_ANSWER_FLOOR_MS = 150;

const RECOVERY_REQUESTED = 'Si el e-mail está registrado, recibirás un código para recuperar tu contraseña.';
const INVALID_RECOVERY_CODE = 'El código no es válido o expiró.';

export default async function mailingRoutes(app: ServiceApp): Promise<void> {
  app.post('/recuperarpassword', { schema: schemas.requestRecovery }, async (request, reply) => {
    const answerAt = Date.now() + RECOVERY_ANSWER_FLOOR_MS;
    await app.accounts.requestRecovery(request.body.email);
    const wait = answerAt - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return reply.status(202).send({ message: RECOVERY_REQUESTED });
  });

  app.post('/resetpassword', { schema: schemas.resetPassword }, async (request) => {
    const { email, code, password } = request.body;
    if (isWeakPassword(password, { email })) throw app.httpErrors.badRequest(WEAK_PASSWORD);
    const reset = await app.accounts.resetPassword(email, code, password);
    if (reset.outcome === 'too-many-guesses') {
      const minutes = Math.max(1, Math.ceil(reset.retryInMs / 60_000));
      throw app.httpErrors.tooManyRequests(
        `Demasiados intentos con códigos de recuperación. Espera ${minutes} minutos y vuelve a intentarlo.`,
      );
    }
    if (reset.outcome === 'invalid-code') throw app.httpErrors.badRequest(INVALID_RECOVERY_CODE);
    return { message: 'Contraseña actualizada. Ya puedes iniciar sesión.' };
  });
}
