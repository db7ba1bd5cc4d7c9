import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, TextInput } from '@cine/web-kit/ui';

interface SearchBarProps {
  /** 'Buscar usuario...', 'Buscar producto...', 'Buscar pelicula...' */
  placeholder: string;
  onSearch: (text: string) => void;
  /** 'Ver todos': clears the box and reloads the full list. */
  onShowAll: () => void;
  /** The text searched when the section opens (a paged list's URL keeps it). */
  initial?: string;
}

/** The sections' search box with 'Buscar' and 'Ver todos'. */
export function SearchBar({ placeholder, onSearch, onShowAll, initial = '' }: SearchBarProps) {
  const [text, setText] = useState(initial);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <Form role="search" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {placeholder.replace(/\.+$/, '')}
      </label>
      <TextInput id={id} type="search" placeholder={placeholder} value={text} onChange={(event) => setText(event.target.value)} />
      <Button type="submit">Buscar</Button>
      <Button
        type="button"
        $variant="secondary"
        onClick={() => {
          setText('');
          onShowAll();
        }}
      >
        Ver todos
      </Button>
    </Form>
  );
}

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  flex: 1 1 20rem;

  input {
    flex: 1 1 12rem;
    width: auto;
  }

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;
