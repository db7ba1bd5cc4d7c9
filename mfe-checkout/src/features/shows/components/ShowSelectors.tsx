import { useId } from 'react';
import styled from 'styled-components';
import { CinemaChooser, LoadError, Select } from '@cine/web-kit/ui';
import type { ShowPicker } from '../hooks/useShowPicker';
import { chooseCinema, dayLabel, formatMoney, withCinema } from '@cine/web-kit';

/**
 * Day → time → format, each revealed by the previous choice (spec §2, movie detail), at the chosen cinema
 * (issue 38): asked for when none is chosen (the shows of every cinema stay listed meanwhile); a movie not
 * playing there says where it plays; where it plays at several, the cinema switches here and the day stays.
 */
export function ShowSelectors({ picker }: { picker: ShowPicker }) {
  const { upcoming, dayShows, days, keptDay, times, formats, date, schedule, show, cinema, cinemas } = picker;
  const baseId = useId();
  const ids = { cinema: `${baseId}-cinema`, day: `${baseId}-day`, time: `${baseId}-time`, format: `${baseId}-format` };

  if (upcoming.status === 'loading' || upcoming.status === 'idle' || cinema.status === 'pending')
    return <Muted role="status">Cargando funciones...</Muted>;
  if (upcoming.status === 'error') return <LoadError message={upcoming.message} onRetry={upcoming.reload} />;
  const here = cinema.cinema;
  const elsewhere = cinemas.filter((other) => other.id !== here?.id);
  if (days.length === 0 && !keptDay) {
    if (!here || elsewhere.length === 0) return <Muted>No hay funciones programadas para esta película.</Muted>;
    return <WherePlays cinemaName={here.name} cinemas={elsewhere} />;
  }

  // Two shows at the same time and format differ only by room (or, with no cinema chosen, by cinema): say which.
  const repeatedType = new Set(formats.map((f) => f.type)).size < formats.length;
  const severalCinemas = new Set(formats.map((f) => f.cinemaId)).size > 1;
  const dayOptions = keptDay ? [...days, keptDay].sort((a, b) => a.date.localeCompare(b.date)) : days;

  return (
    <>
      {!here && <CinemaChooser reason="Elige tu cine para ver sus horarios de esta película." />}
      {here && cinemas.length > 1 && (
        <Field>
          <label htmlFor={ids.cinema}>Cine</label>
          <Select id={ids.cinema} value={here.slug} onChange={(event) => chooseCinema(event.target.value)}>
            {!cinemas.some((other) => other.id === here.id) && <option value={here.slug}>{`${here.name} (sin funciones)`}</option>}
            {cinemas.map((other) => (
              <option key={other.id} value={other.slug}>
                {`${other.name} · ${other.city}`}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <Fields>
        <Field>
          <label htmlFor={ids.day}>Día</label>
          <Select id={ids.day} value={date} onChange={(event) => picker.selectDay(event.target.value)}>
            <option value="">Elige un día</option>
            {dayOptions.map((day) => (
              <option key={day.date} value={day.date}>
                {day === keptDay ? `${dayLabel(day.date, day.day)} (sin funciones aquí)` : dayLabel(day.date, day.day)}
              </option>
            ))}
          </Select>
        </Field>
        {date && (
          <Field>
            <label htmlFor={ids.time}>Horario</label>
            <Select
              id={ids.time}
              value={schedule}
              disabled={dayShows.status !== 'ready' || times.length === 0}
              onChange={(event) => picker.selectTime(event.target.value)}
            >
              <option value="">{timePrompt(dayShows.status, times.length)}</option>
              {times.map((time) => (
                <option key={time} value={time}>
                  {time}
                </option>
              ))}
            </Select>
          </Field>
        )}
        {schedule && (
          <Field>
            <label htmlFor={ids.format}>Formato</label>
            <Select id={ids.format} value={show?.id ?? ''} onChange={(event) => picker.selectShow(event.target.value)}>
              {formats.map((format) => (
                <option key={format.id} value={format.id}>
                  {formatLabel(format, repeatedType, severalCinemas)}
                </option>
              ))}
            </Select>
          </Field>
        )}
      </Fields>
      {dayShows.status === 'error' && <LoadError message={dayShows.message} onRetry={dayShows.reload} />}
      {here && keptDay && date === keptDay.date && (
        <Muted role="status">{`${here.name} no tiene funciones de esta película ese día: elige otro día.`}</Muted>
      )}
      {show && (
        <Muted aria-live="polite">
          {`${show.cinema.name} · `}Sala {show.roomId} · {show.type} · {formatMoney(show.price)} por entrada · {show.seats} butacas libres
        </Muted>
      )}
    </>
  );
}

function formatLabel(format: ShowPicker['formats'][number], repeatedType: boolean, severalCinemas: boolean): string {
  if (severalCinemas) return `${format.type} · ${format.cinema.name}`;
  return repeatedType ? `${format.type} · Sala ${format.roomId}` : format.type;
}

/** The chosen cinema has no show of the movie: the cinemas that have, each a link that switches to it. */
function WherePlays({ cinemaName, cinemas }: { cinemaName: string; cinemas: ShowPicker['cinemas'] }) {
  return (
    <Where aria-label="Dónde se proyecta">
      <p>{`Esta película no se proyecta en ${cinemaName}. Puedes verla en:`}</p>
      <ul>
        {cinemas.map((other) => (
          <li key={other.id}>
            <a
              href={withCinema(`${window.location.pathname}${window.location.search}`, other.slug)}
              onClick={(event) => {
                event.preventDefault();
                chooseCinema(other.slug);
              }}
            >
              {`${other.name} · ${other.city}`}
            </a>
            {` desde el ${dayLabel(other.firstDate).toLowerCase()}`}
          </li>
        ))}
      </ul>
    </Where>
  );
}

function timePrompt(status: ShowPicker['dayShows']['status'], count: number): string {
  if (status === 'loading') return 'Cargando horarios...';
  if (status === 'ready' && count === 0) return 'Sin funciones este día';
  return 'Elige un horario';
}

// A column at least 11.5rem wide, so 'Miércoles 25/11' reads in full in its select; on a phone (390 px) one per row.
const Fields = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 11.5rem), 1fr));
  gap: 0.75rem;
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.3rem;
  font-weight: 600;

  label {
    font-size: 0.9rem;
    color: var(--cine-muted, #a6a6bb);
  }
`;

const Where = styled.section`
  p {
    margin: 0 0 0.5rem;
  }

  ul {
    margin: 0;
    padding-left: 1.2rem;
  }

  li {
    margin: 0.3rem 0;
  }

  a {
    color: var(--cine-gold, #f5c518);
    font-weight: 600;
  }
`;

const Muted = styled.p`
  margin: 0;
  color: var(--cine-muted, #a6a6bb);
`;
