import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormCard, PageContainer } from '../../../components/Page';
import { Spinner } from '../../../components/Spinner';
import { TextField } from '../../../components/TextField';
import { ApiError } from '@cine/web-kit';
import { SignInPrompt } from '../../../session/components/SignInPrompt';
import { useSession } from '../../../session/hooks/useSession';
import { changePassword } from '../api/authApi';
import { FormFooter, NewPasswordField } from './FormParts';
import type { LoginLocationState } from './LoginPage';

const PASSWORD_CHANGED_NOTICE = 'Tu contraseña fue actualizada. Inicia sesión con tu nueva contraseña.';

export function ChangePasswordPage() {
  const { status, user, signOut } = useSession();
  const navigate = useNavigate();
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (status === 'checking') return <Spinner />;
  if (!user) return <SignInPrompt />;
  const account = user;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await changePassword({ password, currentPassword, email: account.email, username: account.username, role: account.role });
      // The server invalidates every token issued before the change, ours included.
      signOut();
      const state: LoginLocationState = { notice: PASSWORD_CHANGED_NOTICE };
      navigate('/login', { state });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Hubo problemas. Intente nuevamente.');
      setPending(false);
    }
  }

  return (
    <PageContainer>
      <FormCard aria-labelledby="change-password-title">
        <h1 id="change-password-title">Cambiar contraseña</h1>
        <form onSubmit={handleSubmit}>
          {/* The server asks for it: a session alone must not be enough to take the account over. */}
          <TextField
            label="Contraseña actual"
            type="password"
            name="currentPassword"
            autoComplete="current-password"
            required
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
          />
          <NewPasswordField label="Ingresa tu nueva contraseña" name="password" value={password} onChange={setPassword} />
          <FormFooter error={error} pending={pending} pendingLabel="Actualizando...">
            Actualizar
          </FormFooter>
        </form>
      </FormCard>
    </PageContainer>
  );
}
