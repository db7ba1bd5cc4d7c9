import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';

interface AdminUserMenuProps {
  /** The shell's sign-out; the menu then goes to /home. */
  signOut?: () => void;
}

/** The panel's user menu (spec §2): Home, Perfil, Cerrar Sesion (logout, then /home). */
export function AdminUserMenu({ signOut }: AdminUserMenuProps) {
  const navigate = useNavigate();
  return (
    <Menu aria-label="Menú del administrador">
      <ul>
        <li>
          <Link to="/home">Home</Link>
        </li>
        <li>
          <Link to="/profile">Perfil</Link>
        </li>
        <li>
          <button
            type="button"
            onClick={() => {
              signOut?.();
              navigate('/home');
            }}
          >
            Cerrar Sesion
          </button>
        </li>
      </ul>
    </Menu>
  );
}

const Menu = styled.nav`
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    list-style: none;
    margin: 0;
    padding: 0;
  }

  a,
  button {
    display: inline-block;
    padding: 0.45rem 0.85rem;
    border: 1px solid var(--cine-border, #2e2e42);
    border-radius: 8px;
    background: none;
    color: inherit;
    font: inherit;
    text-decoration: none;
    cursor: pointer;
  }

  a:hover,
  button:hover {
    background: var(--cine-surface-2, #20202f);
  }

  a:focus-visible,
  button:focus-visible {
    outline: 2px solid var(--cine-accent, #e50914);
    outline-offset: 2px;
  }
`;
