import { FIRST_CINEMA_ID, type ShowView } from '@cine/contracts';
import { addDays, cinemaClock, dayLabel, useAsyncData } from '@cine/web-kit';
import { useId, useState } from 'react';
import { EmptyState, LoadError, Select } from '@cine/web-kit/ui';
import { useCinemaScope } from '../../../hooks/useCinemaScope';
import styled from 'styled-components';
import { fetchShowsOn } from '../api/door';

/** '20:30 · Dune III · Sala 3 · 2D': a show as the door names it. */
export const showLine = (show: ShowView) => `${show.schedule} · ${show.movie.Title} · Sala ${show.roomId} · ${show.type}`;

/**
 * The shows of the door's cinemas (issue 38): `cinemaIds` null for every cinema. A show named by no cinema is of the
 * first one (booking before the chain).
 */
function showsOfCinemas(shows: readonly ShowView[], cinemaIds: readonly string[] | null): ShowView[] {
  return cinemaIds ? shows.filter((show) => cinemaIds.includes(show.cinemaId ?? FIRST_CINEMA_ID)) : [...shows];
}

/**
 * The cinemas whose shows this door lists: the one chosen, else a staff member's or manager's own (their token's),
 * else every one (an admin; or a token that names none, which the server still checks).
 */
function useDoorCinemas(): readonly string[] | null {
  const { scope, cinemaId } = useCinemaScope();
  if (cinemaId) return [cinemaId];
  return scope.all || scope.cinemaIds.length === 0 ? null : scope.cinemaIds;
}

/**
 * 'Cine' at the door: an admin chooses every cinema or one; staff and managers of several cinemas one of theirs;
 * one cinema is named. Nothing while the cinemas cannot be read (offline the door keeps to its token's cinemas).
 */
function DoorCinema() {
  const id = useId();
  const { status, scope, selectable, cinemaId, cinema, select } = useCinemaScope();
  if (status !== 'ready' || selectable.length === 0) return null;
  if (!scope.all && selectable.length === 1) return <p>Cine: {cinema?.name ?? selectable[0]?.name}</p>;
  return (
    <CinemaChoice>
      <label htmlFor={id}>Cine</label>
      <Select id={id} value={cinemaId} onChange={(event) => select(event.target.value)}>
        {scope.all && <option value="">Todos los cines</option>}
        {selectable.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </Select>
    </CinemaChoice>
  );
}

/**
 * The cinema's shows of today, earliest first: the door picks the one it checks. Tomorrow's are one
 * tap away (a late show past midnight is on the cinema's next day). Only the door's cinemas' shows (issue 38).
 */
export function ShowPicker({ onPick, lastShow }: { onPick: (show: ShowView) => void; lastShow: ShowView | null }) {
  const cinemaIds = useDoorCinemas();
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
      <DoorCinema />
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
      ) : showsOfCinemas(shows.data, cinemaIds).length === 0 ? (
        <EmptyState>
          No hay funciones {dayName} ({dayLabel(date)}).
        </EmptyState>
      ) : (
        <List>
          {showsOfCinemas(shows.data, cinemaIds)
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

const CinemaChoice = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;

  label {
    font-weight: 600;
  }
`;
