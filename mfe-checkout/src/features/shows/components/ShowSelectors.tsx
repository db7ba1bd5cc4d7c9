import { useId } from 'react';
import styled from 'styled-components';
import { LoadError, Select } from '@cine/web-kit/ui';
import type { ShowPicker } from '../hooks/useShowPicker';
import { dayLabel, formatMoney } from '@cine/web-kit';

/** Day → time → format, each revealed by the previous choice (spec §2, movie detail). */
export function ShowSelectors({ picker }: { picker: ShowPicker }) {
  const { upcoming, dayShows, days, times, formats, date, schedule, show } = picker;
  const baseId = useId();
  const ids = { day: `${baseId}-day`, time: `${baseId}-time`, format: `${baseId}-format` };

  if (upcoming.status === 'loading' || upcoming.status === 'idle') return <Muted role="status">Cargando funciones...</Muted>;
  if (upcoming.status === 'error') return <LoadError message={upcoming.message} onRetry={upcoming.reload} />;
  if (days.length === 0) return <Muted>No hay funciones programadas para esta película.</Muted>;

  // Two shows at the same time and format differ only by room: say which.
  const repeatedType = new Set(formats.map((f) => f.type)).size < formats.length;

  return (
    <>
      <Fields>
        <Field>
          <label htmlFor={ids.day}>Día</label>
          <Select id={ids.day} value={date} onChange={(event) => picker.selectDay(event.target.value)}>
            <option value="">Elige un día</option>
            {days.map((day) => (
              <option key={day.date} value={day.date}>
                {dayLabel(day.date, day.day)}
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
                  {repeatedType ? `${format.type} · Sala ${format.roomId}` : format.type}
                </option>
              ))}
            </Select>
          </Field>
        )}
      </Fields>
      {dayShows.status === 'error' && <LoadError message={dayShows.message} onRetry={dayShows.reload} />}
      {show && (
        <Muted aria-live="polite">
          Sala {show.roomId} · {show.type} · {formatMoney(show.price)} por entrada · {show.seats} butacas libres
        </Muted>
      )}
    </>
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

const Muted = styled.p`
  margin: 0;
  color: var(--cine-muted, #a6a6bb);
`;
