import { useEffect, useId } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { keepCinemaInUrl, useChosenCinema } from '@cine/web-kit';
import { CINEMA_PROMPT } from '@cine/web-kit/ui';

/**
 * The navbar's cinema picker (issue 38): name and city of each cinema of the chain. A native select: the
 * keyboard and a phone's own list work with it as with any field. The choice is remembered on the device
 * and in the URL (web-kit's chosen-cinema); it never blocks browsing.
 */
export function CinemaPicker() {
  const chosen = useChosenCinema();
  const id = useId();
  const { cinemas } = chosen;
  const list = cinemas.cinemas ?? [];

  return (
    <Picker>
      <label htmlFor={id}>Cine</label>
      <select
        id={id}
        value={chosen.slug ?? ''}
        aria-busy={cinemas.status === 'loading' && list.length === 0}
        onChange={(event) => chosen.choose(event.target.value || null)}
        onFocus={() => cinemas.status === 'error' && cinemas.reload()}
      >
        <option value="">{promptOf(cinemas.status, list.length)}</option>
        {list.map((cinema) => (
          <option key={cinema.id} value={cinema.slug}>
            {cinema.name} · {cinema.city}
          </option>
        ))}
      </select>
    </Picker>
  );
}

/** The first option: the question, or why there is nothing to choose yet (a focus asks again after a failure). */
function promptOf(status: 'loading' | 'ready' | 'error', count: number): string {
  if (count > 0) return CINEMA_PROMPT;
  if (status === 'loading') return 'Cargando cines...';
  return status === 'error' ? 'No pudimos cargar los cines' : CINEMA_PROMPT;
}

/** Keeps `?cine=` in the URL on every page (links built without it keep it) and adopts a shared link's. */
export function useCinemaInUrl(): void {
  const { pathname, search } = useLocation();
  useEffect(() => keepCinemaInUrl(), [pathname, search]);
}

const Picker = styled.div`
  display: flex;
  align-items: center;
  gap: 0.4rem;
  min-width: 0;

  label {
    color: var(--cine-muted);
    font-size: 0.85rem;
  }

  select {
    max-width: 14rem;
    min-height: 2.5rem;
    padding: 0.35rem 0.5rem;
    border: 1px solid var(--cine-gold);
    border-radius: var(--cine-radius);
    background: var(--cine-surface-2);
    color: var(--cine-text);
    font: inherit;
    font-size: 0.95rem;
    text-overflow: ellipsis;
  }

  @media (max-width: 30rem) {
    label {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
    }

    select {
      max-width: 9.5rem;
    }
  }
`;
