import { PASSWORD_MIN_LENGTH } from '@cine/contracts';

/** The identity service rejects shorter passwords; the forms say so before the round trip. */
export const PASSWORD_HINT = `Mínimo ${PASSWORD_MIN_LENGTH} caracteres.`;

/**
 * The spec's recovery e-mail pattern. The hyphens inside the classes are escaped because
 * browsers compile `pattern` with the `v` flag, where a bare trailing `-` is a syntax error
 * (the browser would then silently skip the check); the accepted strings are the same.
 */
export const RECOVERY_EMAIL_PATTERN = '[a-z0-9._%+\\-]+@[a-z0-9.\\-]+\\.[a-z]{2,}';
export const RECOVERY_EMAIL_TITLE = 'Ingresar formato mail';

const recoveryEmail = new RegExp(`^(?:${RECOVERY_EMAIL_PATTERN})$`);
export const isRecoveryEmail = (value: string) => recoveryEmail.test(value);
