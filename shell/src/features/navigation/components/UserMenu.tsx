import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useSession } from '../../../session/hooks/useSession';

export function UserMenu() {
  const { token, user, role, signOut } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  function logout() {
    setOpen(false);
    signOut();
    navigate('/home');
  }

  return (
    <Wrapper ref={container}>
      <Toggle type="button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((value) => !value)}>
        <Avatar aria-hidden="true">
          <svg viewBox="0 0 24 24" width="18" height="18">
            <circle cx="12" cy="8" r="4" fill="currentColor" />
            <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="currentColor" />
          </svg>
        </Avatar>
        <span>{user?.username || 'Usuario'}</span>
      </Toggle>
      <Dropdown id={menuId} hidden={!open}>
        {token ? (
          <>
            <li>
              <Link to="/profile" onClick={() => setOpen(false)}>
                Mi perfil
              </Link>
            </li>
            <li>
              <Link to="/mis-compras" onClick={() => setOpen(false)}>
                Mis compras
              </Link>
            </li>
            <li>
              <Link to="/mis-entradas" onClick={() => setOpen(false)}>
                Mis entradas
              </Link>
            </li>
            <li>
              <Link to="/club" onClick={() => setOpen(false)}>
                Cine Club
              </Link>
            </li>
            {role === 'manager' && (
              <li>
                <Link to="/admin" onClick={() => setOpen(false)}>
                  Panel del cine
                </Link>
              </li>
            )}
            {(role === 'staff' || role === 'manager' || role === 'admin') && (
              <li>
                <Link to="/acceso" onClick={() => setOpen(false)}>
                  Control de acceso
                </Link>
              </li>
            )}
            <li>
              <button type="button" onClick={logout}>
                Cerrar sesión
              </button>
            </li>
          </>
        ) : (
          <li>
            <Link to="/login" onClick={() => setOpen(false)}>
              Iniciar sesión
            </Link>
          </li>
        )}
      </Dropdown>
    </Wrapper>
  );
}

const Wrapper = styled.div`
  position: relative;
`;

const Toggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  max-width: 14rem;
  min-height: 2.5rem;
  padding: 0.3rem 0.9rem 0.3rem 0.3rem;
  border: 1px solid var(--cine-border);
  border-radius: 999px;
  background: var(--cine-surface-2);
  color: var(--cine-text);
  font: inherit;
  cursor: pointer;

  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Avatar = styled.span`
  display: grid;
  place-items: center;
  width: 1.9rem;
  height: 1.9rem;
  border-radius: 50%;
  background: var(--cine-accent);
  color: #fff;
`;

const Dropdown = styled.ul`
  position: absolute;
  right: 0;
  top: calc(100% + 0.4rem);
  z-index: 20;
  min-width: 11rem;
  margin: 0;
  padding: 0.4rem;
  list-style: none;
  background: var(--cine-surface);
  border: 1px solid var(--cine-border);
  border-radius: var(--cine-radius);
  box-shadow: 0 12px 30px rgb(0 0 0 / 0.5);

  &[hidden] {
    display: none;
  }

  a,
  button {
    display: block;
    width: 100%;
    padding: 0.6rem 0.8rem;
    border: none;
    border-radius: 6px;
    background: none;
    color: var(--cine-text);
    font: inherit;
    text-align: left;
    text-decoration: none;
    cursor: pointer;
  }

  a:hover,
  button:hover {
    background: var(--cine-surface-2);
  }

  @media (max-width: 55rem) {
    position: static;
    margin-top: 0.4rem;
    box-shadow: none;
  }
`;
