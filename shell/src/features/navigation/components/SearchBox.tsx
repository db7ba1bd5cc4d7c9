import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';

export function SearchBox() {
  const navigate = useNavigate();
  const [text, setText] = useState('');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const title = text.trim();
    if (!title) {
      window.alert('Ingrese un título válido.');
      return;
    }
    navigate(`/home?search=${encodeURIComponent(title)}`);
  }

  return (
    <Form role="search" onSubmit={handleSubmit}>
      <label htmlFor="navbar-search" className="visually-hidden">
        Buscar películas por título
      </label>
      <input id="navbar-search" type="search" placeholder="Buscar..." value={text} onChange={(event) => setText(event.target.value)} />
      <button type="submit" aria-label="Buscar">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2.5" />
          <path d="M16.5 16.5L21 21" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </button>
    </Form>
  );
}

const Form = styled.form`
  display: flex;
  align-items: stretch;
  min-width: 0;
  border: 1px solid var(--cine-border);
  border-radius: 999px;
  background: var(--cine-surface-2);
  overflow: hidden;

  &:focus-within {
    border-color: var(--cine-gold);
  }

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }

  input {
    flex: 1;
    min-width: 0;
    width: 12rem;
    padding: 0.5rem 0.9rem;
    border: none;
    background: transparent;
    color: var(--cine-text);
    font: inherit;
    outline: none;
  }

  button {
    display: grid;
    place-items: center;
    padding: 0 0.9rem;
    border: none;
    background: var(--cine-accent);
    color: #fff;
    cursor: pointer;
  }
`;
