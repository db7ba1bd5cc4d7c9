import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '@cine/web-kit/ui';
import { ErrorMessage, SuccessMessage } from '../../../components/FormMessage';
import { FormCard, PageContainer } from '../../../components/Page';
import { TextField } from '../../../components/TextField';
import { ApiError, returnPathOf, signInUrl } from '@cine/web-kit';
import { useSession } from '../../../session/hooks/useSession';
import { login } from '../api/authApi';
import { EmailField } from './FormParts';
import { RecoverPasswordDialog } from './RecoverPasswordDialog';

export interface LoginLocationState {
  notice?: string;
}

export function LoginPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const notice = (location.state as LoginLocationState | null)?.notice;
  // Where the visitor was (a movie's page with the show chosen): signing in goes back there.
  const returnTo = returnPathOf(location.search, '/home');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [recovering, setRecovering] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const result = await login({ email, password });
      signIn(result, remember);
      navigate(returnTo);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Hubo problemas. Intente nuevamente.');
      setPending(false);
    }
  }

  return (
    <PageContainer>
      <FormCard aria-labelledby="login-title">
        <h1 id="login-title">Iniciar sesión</h1>
        {notice && <SuccessMessage>{notice}</SuccessMessage>}
        <form onSubmit={handleSubmit}>
          <EmailField value={email} onChange={setEmail} />
          <TextField
            label="Contraseña"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Row>
            <Checkbox>
              <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
              Recordarme
            </Checkbox>
            <Button type="button" $variant="link" onClick={() => setRecovering(true)}>
              ¿Olvidaste tu contraseña?
            </Button>
          </Row>
          {error && (
            <ErrorBlock>
              <ErrorMessage>{error}</ErrorMessage>
              <Button type="button" $variant="link" onClick={() => setRecovering(true)}>
                ¿Olvidaste tu contraseña? Recupérala aquí
              </Button>
            </ErrorBlock>
          )}
          <Button type="submit" disabled={pending}>
            {pending ? 'Ingresando...' : 'Ingresar'}
          </Button>
        </form>
        <Aside>
          ¿No tienes cuenta? <Link to={signInUrl('register', returnTo === '/home' ? null : returnTo)}>Regístrate</Link>
        </Aside>
      </FormCard>
      {recovering && <RecoverPasswordDialog initialEmail={email} onClose={() => setRecovering(false)} />}
    </PageContainer>
  );
}

const Checkbox = styled.label`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  color: var(--cine-muted);

  input {
    width: 1.1rem;
    height: 1.1rem;
    accent-color: var(--cine-accent);
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem 1rem;
`;

const ErrorBlock = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 0.4rem;
`;

const Aside = styled.p`
  margin: 1.5rem 0 0;
  text-align: center;
  color: var(--cine-muted);
`;
