import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Dialog } from '@cine/web-kit/ui';
import { ErrorMessage, SuccessMessage } from '../../../components/FormMessage';
import { TextField } from '../../../components/TextField';
import { ApiError } from '@cine/web-kit';
import { requestPasswordRecovery, resetPassword } from '../api/authApi';
import { FormFooter, NewPasswordField } from './FormParts';
import { RECOVERY_EMAIL_PATTERN, RECOVERY_EMAIL_TITLE, isRecoveryEmail } from '../passwordRules';

type Step = 'request' | 'reset' | 'done';

interface Props {
  initialEmail?: string;
  onClose: () => void;
}

/** Two steps: ask for a code by e-mail, then set a new password with that code. */
export function RecoverPasswordDialog({ initialEmail = '', onClose }: Props) {
  const [step, setStep] = useState<Step>('request');
  const [email, setEmail] = useState(initialEmail.toLowerCase());
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function sendCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isRecoveryEmail(email.trim())) {
      setError(RECOVERY_EMAIL_TITLE);
      return;
    }
    setError(null);
    setPending(true);
    try {
      await requestPasswordRecovery(email.trim());
      window.alert('El mail ha sido enviado a la casilla indicada.');
      setStep('reset');
    } catch {
      window.alert('Error al verificar casilla. Intente nuevamente.');
    } finally {
      setPending(false);
    }
  }

  async function saveNewPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      await resetPassword({ email, code: code.trim(), password });
      setStep('done');
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status !== 0 ? failure.message : 'No se pudo cambiar la contraseña. Inténtalo de nuevo.',
      );
    } finally {
      setPending(false);
    }
  }

  const emailField = (
    <TextField
      label="Email"
      type="email"
      name="recovery-email"
      autoComplete="email"
      required
      pattern={RECOVERY_EMAIL_PATTERN}
      title={RECOVERY_EMAIL_TITLE}
      value={email}
      // Lower-case as typed, before the spec's pattern (lower-case only) checks it: login takes 'Ana@Cine.com' too.
      onChange={(event) => setEmail(event.target.value.toLowerCase())}
    />
  );

  return (
    <Dialog title="RECUPERAR CONTRASEÑA" onClose={onClose}>
      {step === 'request' && (
        <form onSubmit={sendCode}>
          <Explanation>Ingresa tu email y te enviaremos un código para crear una nueva contraseña.</Explanation>
          {emailField}
          {error && <ErrorMessage>{error}</ErrorMessage>}
          <Button type="submit" disabled={pending}>
            {pending ? 'Enviando...' : 'Enviar código'}
          </Button>
          <Button type="button" $variant="link" onClick={() => setStep('reset')}>
            Ya tengo un código
          </Button>
        </form>
      )}
      {step === 'reset' && (
        <form onSubmit={saveNewPassword}>
          <Explanation>Ingresa el código que recibiste por mail y tu nueva contraseña.</Explanation>
          {emailField}
          <TextField
            label="Código"
            name="recovery-code"
            autoComplete="one-time-code"
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <NewPasswordField label="Nueva contraseña" name="new-password" value={password} onChange={setPassword} />
          <FormFooter error={error} pending={pending} pendingLabel="Guardando...">
            Cambiar contraseña
          </FormFooter>
        </form>
      )}
      {step === 'done' && (
        <Done>
          <SuccessMessage>Tu contraseña fue actualizada. Ya puedes iniciar sesión con la nueva contraseña.</SuccessMessage>
          <Button type="button" onClick={onClose}>
            Volver al inicio de sesión
          </Button>
        </Done>
      )}
    </Dialog>
  );
}

const Explanation = styled.p`
  margin: 0;
  color: var(--cine-muted);
`;

const Done = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;
