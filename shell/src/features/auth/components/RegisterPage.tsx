import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { FormCard, PageContainer } from '../../../components/Page';
import { TextField } from '../../../components/TextField';
import { ApiError, returnPathOf, signInUrl } from '@cine/web-kit';
import { register } from '../api/authApi';
import { EmailField, FormFooter, NewPasswordField } from './FormParts';
import type { LoginLocationState } from './LoginPage';

/** What /login says after a registration. */
const ACCOUNT_CREATED_TEXT = 'Tu cuenta fue creada. Inicia sesión para continuar.';

export function RegisterPage() {
  const navigate = useNavigate();
  // The place a guest left to register (a movie's page with the show chosen) goes on to /login.
  const returnTo = returnPathOf(useLocation().search, '');
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await register({ email, username, password });
      navigate(signInUrl('login', returnTo), { state: { notice: ACCOUNT_CREATED_TEXT } satisfies LoginLocationState });
    } catch (failure) {
      setError(registrationError(failure));
      setPending(false);
    }
  }

  return (
    <PageContainer>
      <FormCard aria-labelledby="register-title">
        <h1 id="register-title">Regístrate</h1>
        <form onSubmit={handleSubmit}>
          <EmailField value={email} onChange={setEmail} />
          <TextField
            label="Nombre de usuario"
            name="username"
            autoComplete="username"
            required
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
          <NewPasswordField label="Contraseña" name="password" value={password} onChange={setPassword} />
          <FormFooter error={error} pending={pending} pendingLabel="Registrando...">
            Registrarse
          </FormFooter>
        </form>
        <Aside>
          ¿Ya tienes cuenta? <Link to={signInUrl('login', returnTo)}>Inicia sesión</Link>
        </Aside>
        <Copyright>Copyright © Cine 2022.</Copyright>
      </FormCard>
    </PageContainer>
  );
}

function registrationError(failure: unknown): string {
  if (failure instanceof ApiError) {
    // A used e-mail gets the spec's fixed wording; other refusals carry the server's explanation.
    return failure.status === 409 ? 'Error, intente nuevamente' : failure.message;
  }
  return 'Hubo problemas. Intente nuevamente.';
}

const Aside = styled.p`
  margin: 1.5rem 0 0;
  text-align: center;
  color: var(--cine-muted);
`;

const Copyright = styled.p`
  margin: 1rem 0 0;
  text-align: center;
  font-size: 0.85rem;
  color: var(--cine-muted);
`;
