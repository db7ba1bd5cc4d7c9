import { useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Logo } from '../../../components/Logo';
import { scrollToElementWhenPresent } from '../../../lib/scrollToElement';
import { useSession } from '../../../session/hooks/useSession';
import { CinemaPicker } from './CinemaPicker';
import { SearchBox } from './SearchBox';
import { UserMenu } from './UserMenu';

/** The back office's pages (their own cinema selector scopes them): the buyer's cinema picker stays out of them. */
const BACK_OFFICE = /^\/(?:admin|acceso|caja|create|feedback)(?:\/|$)/;

/** Id of the premieres section rendered by the catalog's home page. */
const PREMIERES_ANCHOR_ID = 'proximos-estrenos';

/** `cart`: the checkout's cart with its countdown (the layout lends it: RemoteWidgets.CartStatus), always in sight, also on a phone. */
export function Navbar({ cart }: { cart?: ReactNode }) {
  const { role } = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => setMenuOpen(false), [pathname, search]);

  function goToPremieres() {
    if (pathname !== '/home') navigate('/home');
    setMenuOpen(false);
    scrollToElementWhenPresent(PREMIERES_ANCHOR_ID);
  }

  return (
    <Header>
      <Bar aria-label="Principal">
        <Link to="/" aria-label="Cine, ir al inicio">
          <Logo />
        </Link>
        {!BACK_OFFICE.test(pathname) && <CinemaPicker />}
        {cart}
        <MenuToggle
          type="button"
          aria-expanded={menuOpen}
          aria-controls="navbar-menu"
          aria-label="Menú"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">☰</span>
          <span className="label">Menú</span>
        </MenuToggle>
        <Menu id="navbar-menu" $open={menuOpen}>
          <Links>
            <li>
              <NavLink to="/home" end>
                Home
              </NavLink>
            </li>
            <li>
              <NavLink to="/cartelera">Cartelera por día</NavLink>
            </li>
            <li>
              <button type="button" onClick={goToPremieres}>
                Próximos estrenos
              </button>
            </li>
            <li>
              <NavLink to="/candy">Promos</NavLink>
            </li>
            {role === 'admin' && (
              <li>
                <NavLink to="/admin">Panel de Admin</NavLink>
              </li>
            )}
          </Links>
          <SearchBox />
          <UserMenu />
        </Menu>
      </Bar>
    </Header>
  );
}

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: 50;
  background: rgb(11 11 18 / 0.92);
  backdrop-filter: blur(8px);
  border-bottom: 1px solid var(--cine-border);
`;

const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem 1.5rem;
  max-width: 80rem;
  margin: 0 auto;
  padding: 0.6rem 1rem;

  > a {
    text-decoration: none;
  }
`;

const MenuToggle = styled.button`
  display: none;
  align-items: center;
  gap: 0.4rem;
  min-height: 2.5rem;
  padding: 0.4rem 0.8rem;
  border: 1px solid var(--cine-border);
  border-radius: var(--cine-radius);
  background: var(--cine-surface-2);
  color: var(--cine-text);
  font: inherit;
  font-size: 1.1rem;
  cursor: pointer;

  .label {
    font-size: 0.95rem;
  }

  @media (max-width: 55rem) {
    display: inline-flex;
  }
`;

const Menu = styled.div<{ $open: boolean }>`
  display: flex;
  align-items: center;
  gap: 1rem 1.25rem;
  flex: 1;
  justify-content: flex-end;

  @media (max-width: 55rem) {
    display: ${({ $open }) => ($open ? 'flex' : 'none')};
    flex-basis: 100%;
    flex-direction: column;
    align-items: stretch;
    padding-bottom: 0.75rem;
  }
`;

const Links = styled.ul`
  display: flex;
  align-items: center;
  gap: 0.25rem;
  margin: 0;
  padding: 0;
  list-style: none;

  a,
  button {
    display: inline-block;
    padding: 0.5rem 0.7rem;
    border: none;
    border-radius: 6px;
    background: none;
    color: var(--cine-text);
    font: inherit;
    font-weight: 500;
    text-decoration: none;
    cursor: pointer;
    white-space: nowrap;
  }

  a:hover,
  button:hover {
    background: var(--cine-surface-2);
  }

  a.active {
    color: var(--cine-gold);
  }

  @media (max-width: 55rem) {
    flex-direction: column;
    align-items: stretch;

    a,
    button {
      display: block;
      width: 100%;
      text-align: left;
    }
  }
`;
