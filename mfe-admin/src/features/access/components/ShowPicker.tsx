import type { ShowView } from '@cine/contracts';
import { cinemaClock, dayLabel, useAsyncData } from '@cine/web-kit';
import { EmptyState, LoadError } from '@cine/web-kit/ui';
import styled from 'styled-components';
import { fetchShowsOn } from '../api/door';

/** '20:30 · Dune III · Sala 3 · 2D': a show as the door names it. */
export const showLine = (show: ShowView) => `${show.schedule} · ${show.movie.Title} · Sala ${show.roomId} · ${show.type}`;

/** Today's shows of the cinema, earliest first: the door picks the one it checks. */
export function ShowPicker({ onPick }: { onPick: (show: ShowView) => void }) {
  const today = cinemaClock(new Date()).date;
  const shows = useAsyncData(() => fetchShowsOn(today), today);
  if (shows.status === 'loading' || shows.status === 'idle') return <p role="status">Cargando las funciones de hoy...</p>;
  if (shows.status === 'error') return <LoadError message={shows.message} onRetry={shows.reload} />;
  if (shows.data.length === 0) return <EmptyState>No hay funciones hoy ({dayLabel(today)}).</EmptyState>;
  const sorted = [...shows.data].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  return (
    <section aria-labelledby="door-pick-show">
      <h2 id="door-pick-show">¿Qué función controlas? Hoy, {dayLabel(today)}</h2>
      <List>
        {sorted.map((show) => (
          <li key={show.id}>
            <button type="button" onClick={() => onPick(show)}>
              {showLine(show)}
            </button>
          </li>
        ))}
      </List>
    </section>
  );
}

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 0.6rem;
  margin: 0;
  padding: 0;
  list-style: none;

  button {
    width: 100%;
    min-height: 3.25rem;
    padding: 0.75rem 1rem;
    border-radius: 12px;
    border: 1px solid var(--cine-border, #2e2e42);
    background: var(--cine-surface, #161622);
    color: var(--cine-text, #f3f3f7);
    font: inherit;
    font-size: 1.1rem;
    font-weight: 600;
    text-align: left;
    cursor: pointer;
  }

  button:hover,
  button:focus-visible {
    border-color: var(--cine-gold, #f5c518);
  }
`;
