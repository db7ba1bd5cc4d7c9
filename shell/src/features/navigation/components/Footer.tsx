import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { cinemaInfo, useChosenCinema } from '@cine/web-kit';
import { Logo } from '../../../components/Logo';
import { useSession } from '../../../session/hooks/useSession';

export function Footer() {
  const { token } = useSession();
  // The brand (the legal line) comes from the gateway's /config.js (CINEMA_* variables); the address is the
  // buyer's chosen cinema's (issue 38), else the configured one's.
  const brand = cinemaInfo();
  const chosen = useChosenCinema().cinema;
  const cinema = chosen ?? brand;
  return (
    <Wrapper>
      <Inner>
        <Logo />
        {!token && (
          <RegisterPrompt>
            ¿Todavía no tienes cuenta? <Link to="/register">Regístrate</Link> y compra tus entradas online.
          </RegisterPrompt>
        )}
        <Address>
          <strong>{cinema.name}</strong>
          <span>{cinema.address}</span>
          <span>{cinema.hours}</span>
        </Address>
        <Links aria-label="Pie de página">
          <Link to="/home">Cartelera</Link>
          <Link to="/cartelera">Cartelera por día</Link>
          <Link to="/candy">Promos</Link>
          <Link to="/tarjeta-regalo">Tarjetas regalo</Link>
          <Link to="/about">Nosotros</Link>
        </Links>
      </Inner>
      <Legal>
        © {new Date().getFullYear()} {brand.name} · Todos los derechos reservados.
      </Legal>
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

const Address = styled.address`
  display: flex;
  flex-direction: column;
  font-style: normal;
  color: var(--cine-muted);
  font-size: 0.9rem;

  strong {
    color: var(--cine-text);
  }
`;

const RegisterPrompt = styled.p`
  margin: 0;
  color: var(--cine-muted);
`;

const Links = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1.25rem;

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
