import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Logo } from '../../../components/Logo';
import { useSession } from '../../../session/hooks/useSession';

export function Footer() {
  const { token } = useSession();
  return (
    <Wrapper>
      <Inner>
        <Logo />
        {!token && (
          <RegisterPrompt>
            ¿Todavía no tienes cuenta? <Link to="/register">Regístrate</Link> y compra tus entradas online.
          </RegisterPrompt>
        )}
        <Links aria-label="Pie de página">
          <Link to="/home">Cartelera</Link>
          <Link to="/candy">Promos</Link>
          <Link to="/about">Nosotros</Link>
        </Links>
      </Inner>
      <Legal>Cine · Todos los derechos reservados.</Legal>
    </Wrapper>
  );
}

const Wrapper = styled.footer`
  margin-top: auto;
  border-top: 1px solid var(--cine-border);
  background: var(--cine-surface);
`;

const Inner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 1rem 2rem;
  max-width: 80rem;
  margin: 0 auto;
  padding: 1.5rem 1rem;
`;

const RegisterPrompt = styled.p`
  margin: 0;
  color: var(--cine-muted);
`;

const Links = styled.nav`
  display: flex;
  gap: 1.25rem;

  a {
    color: var(--cine-text);
    text-decoration: none;
  }

  a:hover {
    color: var(--cine-gold);
  }
`;

const Legal = styled.p`
  margin: 0;
  padding: 0 1rem 1.25rem;
  text-align: center;
  font-size: 0.85rem;
  color: var(--cine-muted);
`;
