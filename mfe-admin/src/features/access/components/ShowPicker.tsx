import type { ShowView } from '@cine/contracts';
import { addDays, cinemaClock, dayLabel, useAsyncData } from '@cine/web-kit';
import { useState } from 'react';
import { EmptyState, LoadError } from '@cine/web-kit/ui';
import styled from 'styled-components';
import { fetchShowsOn } from '../api/door';

/** '20:30 · Dune III · Sala 3 · 2D': a show as the door names it. */
export const showLine = (show: ShowView) => `${show.schedule} · ${show.movie.Title} · Sala ${show.roomId} · ${show.type}`;

/**
 * The cinema's shows of today, earliest first: the door picks the one it checks. Tomorrow's are one
 * tap away (a late show past midnight is on the cinema's next day).
 */
export function ShowPicker({ onPick, lastShow }: { onPick: (show: ShowView) => void; lastShow: ShowView | null }) {
  const today = cinemaClock(new Date()).date;
  const days = [
    { date: today, name: 'Hoy' },
    { date: addDays(today, 1), name: 'Mañana' },
  ];
  const [date, setDate] = useState(today);
  const shows = useAsyncData(() => fetchShowsOn(date), date);
  const dayName = days.find((day) => day.date === date)?.name.toLowerCase() ?? '';
  return (
    <section aria-labelledby="door-pick-show">
      <h2 id="door-pick-show">¿Qué función controlas?</h2>
      <Days role="group" aria-label="Día">
        {days.map((day) => (
          <button key={day.date} type="button" aria-pressed={day.date === date} onClick={() => setDate(day.date)}>
            {day.name} ({dayLabel(day.date)})
          </button>
        ))}
      </Days>
      {shows.status === 'loading' || shows.status === 'idle' ? (
        <p role="status">Cargando las funciones...</p>
      ) : shows.status === 'error' ? (
        <>
          <LoadError message={shows.message} onRetry={shows.reload} />
          {lastShow && (
            <Resume>
              <button type="button" onClick={() => onPick(lastShow)}>
                Seguir con la última función abierta: {dayLabel(lastShow.date, lastShow.day)} · {showLine(lastShow)}
              </button>
            </Resume>
          )}
        </>
      ) : shows.data.length === 0 ? (
        <EmptyState>
          No hay funciones {dayName} ({dayLabel(date)}).
        </EmptyState>
      ) : (
        <List>
          {[...shows.data]
            .sort((a, b) => a.startsAt.localeCompare(b.startsAt))
            .map((show) => (
              <li key={show.id}>
                <button type="button" onClick={() => onPick(show)}>
                  {showLine(show)}
                </button>
              </li>
            ))}
        </List>
      )}
    </section>
  );
}

const Resume = styled.p`
  margin: 1rem 0 0;

  button {
    width: 100%;
    min-height: 3.25rem;
    padding: 0.75rem 1rem;
    border-radius: 12px;
    border: 1px solid var(--cine-gold, #f5c518);
    background: transparent;
    color: var(--cine-gold, #f5c518);
    font: inherit;
    font-weight: 700;
    text-align: left;
    cursor: pointer;
  }
`;

const Days = styled.div`
  display: flex;
  gap: 0.5rem;
  margin-bottom: 1rem;

  button {
    flex: 1;
    min-height: 2.75rem;
    border-radius: 999px;
    border: 1px solid var(--cine-border, #2e2e42);
    background: transparent;
    color: var(--cine-text, #f3f3f7);
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }

  button[aria-pressed='true'] {
    border-color: var(--cine-gold, #f5c518);
    background: var(--cine-gold, #f5c518);
    color: #111;
  }
`;

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
