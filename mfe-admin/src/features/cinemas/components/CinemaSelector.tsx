import { useId } from 'react';
import styled from 'styled-components';
import { Button, Select } from '@cine/web-kit/ui';
import { useCinemaScope } from '../../../hooks/useCinemaScope';

/**
 * 'Cine': the cinema every section below shows. An admin chooses "Todos los cines" or one; a manager or
 * staff member chooses among theirs only (one cinema: it is named, there is nothing to choose).
 */
export function CinemaSelector() {
  const id = useId();
  const { status, message, reload, scope, selectable, cinemaId, cinema, select } = useCinemaScope();
  if (status === 'loading') return <Bar role="status">Cargando cines…</Bar>;
  if (status === 'error') {
    return (
      <Bar role="alert">
        No se pudieron cargar los cines. {message}{' '}
        <Button type="button" $variant="secondary" onClick={reload}>
          Reintentar
        </Button>
      </Bar>
    );
  }
  if (!scope.all && selectable.length === 0)
    return <Bar role="alert">Tu cuenta no tiene cines asignados. Pídele a un administrador que te asigne uno.</Bar>;
  if (!scope.all && selectable.length === 1 && cinema) {
    return (
      <Bar>
        <span>Cine:</span> <strong>{`${cinema.name} (${cinema.city})`}</strong>
      </Bar>
    );
  }
  return (
    <Bar>
      <label htmlFor={id}>Cine</label>
      <Select id={id} value={cinemaId} onChange={(event) => select(event.target.value)}>
        {scope.all && <option value="">Todos los cines</option>}
        {selectable.map((option) => (
          <option key={option.id} value={option.id}>
            {`${option.name} (${option.city})`}
          </option>
        ))}
      </Select>
    </Bar>
  );
}

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  margin-bottom: 1rem;

  label {
    font-weight: 600;
  }

  select {
    min-width: 14rem;
    max-width: 100%;
  }
`;
